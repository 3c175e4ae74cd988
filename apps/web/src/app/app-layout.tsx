import { useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { BottomNav } from '@/components/layouts/bottom-nav';
import { MainNav, type NavBadges, type NavDots } from '@/components/layouts/main-nav';
import { MobileNav } from '@/components/layouts/mobile-nav';
import { UserMenu } from '@/components/layouts/user-menu';
import { Logo } from '@/components/logo';
import { MAIN_CONTENT_ID } from '@/components/skip-link';
import { ThemeSwitcher } from '@/components/theme-switcher';
import { paths } from '@/config/paths';
// The app shell composes features: the unread badge is the inbox feature's public hook.
import { useUnreadCount } from '@/features/communication/api/get-unread-count';
import { useFilters, useFiltersTabReturn } from '@/features/filters/api/get-filters';
// Web push registration on start and on return (spec §4) belongs to the notifications settings.
import { NativeHandoff } from '@/features/settings/components/native-handoff';
import { ProfileLanguageSwitcher } from '@/features/settings/components/profile-language-switcher';
import { PushStartup } from '@/features/settings/components/push-startup';
import { KeyboardShortcuts } from '@/features/shell/components/keyboard-shortcuts';
import { OnboardingGuide } from '@/features/shell/components/onboarding-guide';
import { useWhatsNew } from '@/features/whatsnew/api/get-whats-new';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';

/**
 * Layout of the signed-in screens: a header with the logo, the onboarding help icon, the
 * language and theme switchers and the account menu; keyboard shortcuts, the native-app
 * hand-off and web push start here; the navigation is a sidebar from 768 px up; below, a tab bar
 * at the bottom for the four main sections and a sheet from the header for all of them.
 */
export function AppLayout() {
  const unread = useUnreadCount();
  // The filters stay loaded while signed in: refetched hourly and on tab return (spec §7).
  useFilters();
  useFiltersTabReturn();
  const badges: NavBadges = { 'nav.communication': unread.data?.unreadCount ?? 0 };
  // What's New has a dot while something arrived since the last visit.
  const whatsNew = useWhatsNew();
  const dots: NavDots = { 'nav.whatsnew': whatsNew.data?.unread ?? false };
  const [menuOpen, setMenuOpen] = useState(false);
  const openMenu = useCallback(() => setMenuOpen(true), []);
  const phone = useMediaQuery(MOBILE_QUERY);
  return (
    <div className="min-h-dvh">
      <PushStartup />
      <NativeHandoff />
      <KeyboardShortcuts onOpenMenu={openMenu} />
      <header className="sticky top-0 z-40 border-b border-border bg-header/90 backdrop-blur supports-[backdrop-filter]:bg-header/75">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <MobileNav
            className="-ml-2 md:hidden"
            badges={badges}
            dots={dots}
            open={menuOpen}
            onOpenChange={setMenuOpen}
          />
          {/* Narrow phones: the name stays for screen readers, the header's buttons keep their room. */}
          <Logo to={paths.home} className="max-[419px]:[&>span]:sr-only" />
          <div className="ml-auto flex items-center gap-1">
            <OnboardingGuide />
            <ProfileLanguageSwitcher />
            <ThemeSwitcher />
            <UserMenu />
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl gap-8 px-4 sm:px-6">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 overflow-y-auto py-6 md:block">
          <MainNav badges={badges} dots={dots} />
        </aside>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          // Room under the last lines for the phone's tab bar (0 where there is none).
          className="min-w-0 flex-1 pt-6 pb-[calc(1.5rem+var(--bottom-nav-height,0px))] focus:outline-none md:py-10"
        >
          <Outlet />
        </main>
      </div>
      {phone && <BottomNav badges={badges} />}
    </div>
  );
}
