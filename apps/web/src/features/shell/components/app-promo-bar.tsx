import { Apple, Smartphone, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '@/components/ui/button';
import { isStandalone } from '@/lib/display-mode';
import { usePublicConfig } from '@/lib/public-config';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import {
  devicePlatform,
  isPromoSnoozed,
  PROMO_DELAY_MS,
  type StorePlatform,
  snoozePromo,
} from '../lib/app-promo';
import { DismissButton } from './dismiss-button';

/** The store sheet (dialog and QR code) is fetched when first opened: no part of the first load. */
const AppPromoSheet = lazy(() => import('./app-promo-sheet').then((m) => ({ default: m.AppPromoSheet })));

/**
 * Spec §1/§2 "App promotion bar": appears 2 s after load, never in installed mode, not within
 * 7 days of 'Remind me later'. Under 768 px one 'Get the app' button opens this device's store;
 * wider, an iOS and an Android button each open a bottom sheet with the store link's QR code
 * (size 200), an open-store button and 'Remind me later'. The Android app is a closed beta;
 * the beta-tester community invitation sits beside it. Store links come from the server's
 * public configuration: without any, there is nothing to promote.
 */
export function AppPromoBar({ now = Date.now }: { now?: () => number }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [visible, setVisible] = useState(false);
  const [sheet, setSheet] = useState<StorePlatform | null>(null);

  useEffect(() => {
    if (isStandalone() || isPromoSnoozed(now())) return;
    const timer = setTimeout(() => setVisible(true), PROMO_DELAY_MS);
    return () => clearTimeout(timer);
  }, [now]);

  const links: Record<StorePlatform, string | null> = {
    ios: config.data?.iosAppUrl ?? null,
    android: config.data?.androidAppUrl ?? null,
  };
  const community = config.data?.communityUrl ?? null;
  if (!visible || (!links.ios && !links.android)) return null;

  const remindLater = () => {
    snoozePromo(now());
    setSheet(null);
    setVisible(false);
  };
  const platform = devicePlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0);
  const deviceLink = links[platform] ?? links.ios ?? links.android;

  return (
    <section
      aria-label={t('shell.promo.label')}
      className="border-b border-border bg-primary/10 px-4 py-2 text-sm text-foreground"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2">
        <Smartphone aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <p className="min-w-0 flex-1 font-medium">{t('shell.promo.text')}</p>
        {isMobile ? (
          deviceLink && (
            <a
              href={deviceLink}
              target="_blank"
              rel="noopener noreferrer"
              data-external=""
              className={buttonClassName({ size: 'sm' })}
            >
              {t('shell.promo.getApp')}
            </a>
          )
        ) : (
          <>
            {links.ios && (
              <Button size="sm" variant="outline" onClick={() => setSheet('ios')}>
                <Apple aria-hidden="true" className="size-4" />
                {t('shell.promo.ios')}
              </Button>
            )}
            {links.android && (
              <Button size="sm" variant="outline" onClick={() => setSheet('android')}>
                <Smartphone aria-hidden="true" className="size-4" />
                {t('shell.promo.android')}
                <span className="rounded bg-accent/20 px-1.5 py-0.5 text-xs font-semibold">
                  {t('shell.promo.closedBeta')}
                </span>
              </Button>
            )}
          </>
        )}
        {community && (
          <a
            href={community}
            target="_blank"
            rel="noopener noreferrer"
            data-external=""
            className={buttonClassName({
              size: 'sm',
              variant: 'link',
              className: isMobile ? 'order-last h-6 basis-full justify-start px-0 text-xs' : 'px-1',
            })}
          >
            <Users aria-hidden="true" className="size-4" />
            {t('shell.promo.community')}
          </a>
        )}
        {/* On a phone the close button is the 'remind me later' (spec §4: remind later/dismissal). */}
        {!isMobile && (
          <Button variant="ghost" size="sm" onClick={remindLater}>
            {t('shell.promo.remindLater')}
          </Button>
        )}
        <DismissButton label={t('shell.promo.dismiss')} onClick={remindLater} />
      </div>
      {sheet && links[sheet] && (
        <Suspense fallback={null}>
          <AppPromoSheet
            platform={sheet}
            link={links[sheet] as string}
            onClose={() => setSheet(null)}
            onRemindLater={remindLater}
          />
        </Suspense>
      )}
    </section>
  );
}
