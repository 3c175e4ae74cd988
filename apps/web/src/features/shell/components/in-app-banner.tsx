import { Bell } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import {
  BANNER_FADE_MS,
  BANNER_HIDE_MS,
  type InAppNotification,
  readInAppNotification,
} from '../lib/in-app-notification';
import { DismissButton } from './dismiss-button';

/** A same-origin app path (never a full URL nor a protocol-relative one). */
const isAppPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * Spec §2/§4 "In-app notification banner": a push arriving while the app is visible is posted
 * by the service worker to the page, which shows it at the top: title, body, a dismiss button
 * and, with a url, 'View details' (navigates there and closes). Hidden again after 5 s; a new
 * notification replaces the shown one and restarts the timer; hiding fades out in 300 ms. While
 * the pointer is over it or focus is inside it the timer waits, and leaving restarts the 5 s, so
 * a reader is never cut short (WCAG 2.2.1).
 */
export function InAppBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [notification, setNotification] = useState<InAppNotification | null>(null);
  const [isVisible, setIsVisible] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const hide = useCallback(() => {
    clearTimeout(hideTimer.current);
    setIsVisible(false);
    clearTimeout(fadeTimer.current);
    fadeTimer.current = setTimeout(() => setNotification(null), BANNER_FADE_MS);
  }, []);

  const startHideTimer = useCallback(() => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(hide, BANNER_HIDE_MS);
  }, [hide]);
  const holdOpen = useCallback(() => clearTimeout(hideTimer.current), []);

  const show = useCallback(
    (next: InAppNotification) => {
      clearTimeout(fadeTimer.current);
      setNotification(next);
      setIsVisible(true);
      startHideTimer();
    },
    [startHideTimer],
  );

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const next = readInAppNotification(event.data);
      if (next) show(next);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [show]);

  useEffect(
    () => () => {
      clearTimeout(hideTimer.current);
      clearTimeout(fadeTimer.current);
    },
    [],
  );

  if (!notification) return null;
  const url = notification.url && isAppPath(notification.url) ? notification.url : undefined;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[70] flex justify-center p-3">
      <section
        role="status"
        aria-live="polite"
        aria-label={t('shell.banner.label')}
        data-state={isVisible ? 'open' : 'closed'}
        style={{ transitionDuration: `${BANNER_FADE_MS}ms` }}
        onPointerEnter={isVisible ? holdOpen : undefined}
        onPointerLeave={isVisible ? startHideTimer : undefined}
        onFocus={isVisible ? holdOpen : undefined}
        onBlur={(event) => {
          if (isVisible && !event.currentTarget.contains(event.relatedTarget)) startHideTimer();
        }}
        className={cn(
          'pointer-events-auto flex w-full max-w-lg items-start gap-3 rounded-2xl border border-border bg-surface p-4 shadow-xl transition-opacity',
          isVisible ? 'opacity-100' : 'opacity-0',
        )}
      >
        <Bell aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{notification.title}</p>
          {notification.body && <p className="mt-0.5 text-sm text-muted-foreground">{notification.body}</p>}
          {url && (
            <Button
              size="sm"
              className="mt-3"
              onClick={() => {
                hide();
                void navigate(url);
              }}
            >
              {t('shell.banner.viewDetails')}
            </Button>
          )}
        </div>
        <DismissButton label={t('shell.banner.dismiss')} onClick={hide} className="-mt-1 -mr-1" />
      </section>
    </div>
  );
}
