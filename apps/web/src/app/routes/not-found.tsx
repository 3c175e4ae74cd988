import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Any unknown path (spec §2): 404 with a way back home. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <DocumentTitle title={t('notFound.title')} />
      <p className="text-7xl font-extrabold tracking-tight text-primary">{t('notFound.code')}</p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.description')}</p>
      <Button asChild size="lg" className="mt-4">
        <Link to={paths.landing}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('common.backToHome')}
        </Link>
      </Button>
    </div>
  );
}
