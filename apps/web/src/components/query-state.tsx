import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateApiError } from '@/lib/translate-api-error';

/** A loading indicator for a page's content, or (`size="section"`) a smaller one for a part of it. */
export function LoadingBlock({ label, size = 'page' }: { label: string; size?: 'page' | 'section' }) {
  return (
    <div
      role="status"
      aria-label={label}
      className={size === 'page' ? 'flex justify-center py-16' : 'flex justify-center py-10'}
    >
      <Spinner className={size === 'page' ? 'size-8' : undefined} />
    </div>
  );
}

/** A failed load, with the reason in the user's language and a way to try again. */
export function ErrorBlock({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-8 text-center"
    >
      <p className="font-semibold">{title}</p>
      <p className="text-sm text-muted-foreground">{translateApiError(t, error)}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('errorBoundary.tryAgain')}
      </Button>
    </div>
  );
}
