import { RootLayout } from '@/components/layouts/root-layout';
import { OfflineNotice } from '@/components/offline-notice';
import { AppPromoBar } from '@/features/shell/components/app-promo-bar';
import { CookieConsentBar } from '@/features/shell/components/cookie-consent-bar';
import { InAppBanner } from '@/features/shell/components/in-app-banner';
import { PageAnalytics } from '@/features/shell/components/page-analytics';
import { SignInWatcher } from '@/features/shell/components/sign-in-watcher';

/**
 * The root route's component: every screen's layout (RootLayout) plus the shell pieces a
 * visitor and a signed-in user both meet (spec §2): the offline notice, the app promotion bar,
 * the cookie consent bar, page analytics (after consent), the in-app notification banner and
 * the sign-in watcher that makes the onboarding guide due after a sign-in.
 */
export function AppShell() {
  return (
    <>
      <OfflineNotice />
      <AppPromoBar />
      <RootLayout />
      <InAppBanner />
      <CookieConsentBar />
      <PageAnalytics />
      <SignInWatcher />
    </>
  );
}
