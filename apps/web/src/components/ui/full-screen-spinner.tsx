import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';

/** Shown while a screen's code loads (spec §2): fills the viewport, announced as "Loading…". */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('app.loading')}
      className="fixed inset-0 z-50 flex items-center justify-center bg-background"
    >
      <Spinner className="size-10" />
    </div>
  );
}
