import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateApiError } from '@/lib/translate-api-error';

/** A loading indicator for a part of a page. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex justify-center py-16">
      <Spinner className="size-8" />
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
