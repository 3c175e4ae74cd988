import { HeartHandshake } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';

/** `/goodbye` (public): where a deleted account ends up; it forgets the deleted session. */
export function GoodbyeRoute() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const { clearSession } = useAuth();
  const accountDeleted = (state as { accountDeleted?: boolean } | null)?.accountDeleted === true;

  useEffect(() => {
    if (accountDeleted) clearSession();
  }, [accountDeleted, clearSession]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <DocumentTitle title={t('goodbye.title')} />
      <span className="flex size-16 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <HeartHandshake aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{t('goodbye.title')}</h1>
      <p className="text-pretty text-muted-foreground">{t('goodbye.description')}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to={paths.landing}>{t('common.backToHome')}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.register}>{t('goodbye.registerAgain')}</Link>
        </Button>
      </div>
    </div>
  );
}
