import { RotateCcw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { DocumentTitle } from '../document-title';
import { Button } from '../ui/button';

/** The error screen of spec §2: 'Something went wrong' with a Try Again button. */
export function ErrorFallback({
  onRetry,
  fullScreen = false,
}: {
  onRetry: () => void;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-4 px-6 py-16 text-center',
        fullScreen && 'min-h-dvh bg-background text-foreground',
      )}
    >
      <DocumentTitle title={t('errorBoundary.title')} />
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t('errorBoundary.title')}</h1>
      <p className="max-w-md text-muted-foreground">{t('errorBoundary.description')}</p>
      <Button onClick={onRetry} size="lg">
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('errorBoundary.tryAgain')}
      </Button>
    </div>
  );
}
