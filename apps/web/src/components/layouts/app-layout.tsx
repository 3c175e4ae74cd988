import { Outlet } from 'react-router';
import { paths } from '@/config/paths';
// The app shell composes features: the unread badge is the inbox feature's public hook.
import { useUnreadCount } from '@/features/communication/api/get-unread-count';
// Web push registration on start and on return (spec §4) belongs to the notifications settings.
import { PushStartup } from '@/features/settings/components/push-startup';
import { useFilters, useFiltersTabReturn } from '@/lib/filters/get-filters';
import { LanguageSwitcher } from '../language-switcher';
import { Logo } from '../logo';
import { MAIN_CONTENT_ID } from '../skip-link';
import { ThemeSwitcher } from '../theme-switcher';
import { MainNav, type NavBadges } from './main-nav';
import { MobileNav } from './mobile-nav';
import { UserMenu } from './user-menu';

/**
 * Layout of the signed-in screens: a header with the logo, the language and theme
 * switchers and the account menu; the navigation is a sidebar from 768 px up and a sheet below.
 */
export function AppLayout() {
  const unread = useUnreadCount();
  // The filters stay loaded while signed in: refetched hourly and on tab return (spec §7).
  useFilters();
  useFiltersTabReturn();
  const badges: NavBadges = { 'nav.communication': unread.data?.unreadCount ?? 0 };
  return (
    <div className="min-h-dvh">
      <PushStartup />
      <header className="sticky top-0 z-40 border-b border-border bg-header/90 backdrop-blur supports-[backdrop-filter]:bg-header/75">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <MobileNav className="-ml-2 md:hidden" badges={badges} />
          <Logo to={paths.home} />
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher />
            <ThemeSwitcher />
            <UserMenu />
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl gap-8 px-4 sm:px-6">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 overflow-y-auto py-6 md:block">
          <MainNav badges={badges} />
        </aside>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 py-6 focus:outline-none md:py-10">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
