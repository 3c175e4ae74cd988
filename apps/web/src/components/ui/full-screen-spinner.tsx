import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { holdFrame } from '@/lib/prerendered-frame';
import { Spinner } from './spinner';

/**
 * Shown while a screen's code loads (spec §2): fills the viewport, announced as "Loading…".
 * Over index.html's prerendered signed-in frame it is drawn in the app's hidden container and
 * keeps the frame on screen instead (decision 178).
 */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  useLayoutEffect(holdFrame, []);
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
