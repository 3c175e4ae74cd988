import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { useAuth } from '@/lib/auth/auth-provider';
import { ActiveFiltersCard } from '../components/active-filters-card';
import { MyTournamentsCard } from '../components/my-tournaments-card';
import { QuickActions } from '../components/quick-actions';

/** `/home` (signed in): the dashboard's greeting and quick actions; its cards come with their features. */
export function HomeRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-8">
      <DocumentTitle title={t('pages.home.title')} />
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {user ? t('home.greeting', { name: user.username }) : t('home.greetingAnonymous')}
        </h1>
        <p className="max-w-2xl text-pretty text-muted-foreground">{t('pages.home.description')}</p>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <MyTournamentsCard />
        </div>
        <ActiveFiltersCard />
      </div>
      <QuickActions />
    </div>
  );
}
