import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { LanguageSwitcher } from '../language-switcher';
import { Logo } from '../logo';
import { MAIN_CONTENT_ID } from '../skip-link';
import { ThemeSwitcher } from '../theme-switcher';
import { Button } from '../ui/button';
import { SiteFooter } from './site-footer';

/** Layout of the public pages (landing, authentication, legal, contact, goodbye, not found). */
export function PublicLayout() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader signedIn={status === 'signedIn'} onAuthScreen={pathname.startsWith('/auth/')} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * The public pages' header: logo, language, theme, and the login (or, signed in, the open-app)
 * button. Also prerendered into index.html for the landing's first paint (src/prerender).
 */
export function PublicHeader({ signedIn, onAuthScreen }: { signedIn: boolean; onAuthScreen: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-header/90 backdrop-blur supports-[backdrop-filter]:bg-header/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Logo to={paths.landing} />
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <LanguageSwitcher />
          <ThemeSwitcher />
          {signedIn ? (
            // On a phone the icon alone, named by its text (the header must fit 360 px).
            <Button asChild variant="outline" size="sm" className="ml-1 h-9 px-2.5 sm:px-3">
              <Link to={paths.home} aria-label={t('nav.openApp')}>
                <LayoutDashboard aria-hidden="true" className="size-4 sm:hidden" />
                <span aria-hidden="true" className="hidden sm:inline">
                  {t('nav.openApp')}
                </span>
              </Link>
            </Button>
          ) : (
            !onAuthScreen && (
              <Button asChild variant="outline" size="sm" className="ml-1 h-9">
                <Link to={paths.login}>{t('nav.login')}</Link>
              </Button>
            )
          )}
        </div>
      </div>
    </header>
  );
}
