import { Cookie } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { acceptConsent, declineConsent, useConsent } from '../lib/consent';

/**
 * Spec §2 "Cookie consent bar": Accept stores the consent, Decline hides the bar for this
 * session only. Installed (standalone) mode counts as accepted: the bar never shows there.
 */
export function CookieConsentBar() {
  const { t } = useTranslation();
  const consent = useConsent();
  if (consent !== 'unset') return null;
  return (
    <>
      {/* Room at the end of the page, so the bar never covers its last lines; on a phone signed
          in it sits on the tab bar (`--bottom-nav-height`), whose room the page keeps as well. */}
      <div aria-hidden="true" className="h-36 sm:h-20" />
      <section
        aria-label={t('shell.consent.label')}
        className="fixed inset-x-0 bottom-[var(--bottom-nav-height,0px)] z-40 border-t border-border bg-surface/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-3 sm:flex-row sm:items-center">
          <p className="flex flex-1 items-start gap-2 text-sm text-foreground">
            <Cookie aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              {t('shell.consent.text')}{' '}
              <Link to={paths.privacy} className="font-medium text-primary underline underline-offset-2">
                {t('shell.consent.privacy')}
              </Link>
            </span>
          </p>
          <div className="flex gap-2 self-end sm:self-auto">
            <Button variant="outline" size="sm" onClick={declineConsent}>
              {t('shell.consent.decline')}
            </Button>
            <Button size="sm" onClick={acceptConsent}>
              {t('shell.consent.accept')}
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
