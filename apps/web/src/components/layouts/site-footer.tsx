import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LogoMark } from '../logo';

/** Footer of the public pages: legal links, independence disclaimer and copyright. */
export function SiteFooter() {
  const { t } = useTranslation();
  const linkClassName =
    'rounded text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2';

  return (
    <footer className="border-t border-border bg-header">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="flex max-w-md flex-col gap-3">
          <div className="flex items-center gap-2.5 font-semibold">
            <LogoMark className="size-7" />
            {t('app.name')}
          </div>
          <p className="text-sm text-muted-foreground">{t('footer.disclaimer')}</p>
          {/* Prerendered at build (decision 205): a year may turn between the build and a visit. */}
          <p suppressHydrationWarning className="text-sm text-muted-foreground">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </p>
        </div>
        <nav aria-label={t('footer.legalNav')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm md:flex-col">
            <li>
              <Link to={paths.privacy} className={linkClassName}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className={linkClassName}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to={paths.contact} className={linkClassName}>
                {t('footer.contact')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.supportNav')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm md:flex-col">
            <li>
              <Link to={paths.donate} className={linkClassName}>
                {t('footer.donate')}
              </Link>
            </li>
            <li>
              <Link to={paths.ambassador} className={linkClassName}>
                {t('footer.ambassador')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
