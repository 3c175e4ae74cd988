import type { Home } from '@radar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { ActiveFiltersCard } from '@/features/filters/components/active-filters-card';
import { CardStatusCard } from '@/features/fitp/components/card-status-card';
import { useHome, useNearWhere } from '@/features/home/api/get-home';
import { NearYouCard } from '@/features/home/components/near-you-card';
import { QuickActions } from '@/features/home/components/quick-actions';
import { WeekCalendar } from '@/features/home/components/week-calendar';
import { invalidateFollowState } from '@/features/subscriptions/api/invalidate-follow-state';
import { MyTournamentsCard } from '@/features/subscriptions/components/my-tournaments-card';
import { useAuth } from '@/lib/auth/auth-provider';
import { homeKeys } from '@/lib/query-keys';
import { translateApiError } from '@/lib/translate-api-error';

/**
 * `/home` (signed in): the dashboard. `GET /api/home` answers the greeting, tournaments near
 * you, the FITP card, the week, and the current and next tournaments that My tournaments shows
 * (computed once, on the server: issue 31 point 4); the list behind My tournaments and the
 * active filters come with their features.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const near = useNearWhere();
  const home = useHome(near.where);
  // An unknown postal code fails the call: the other cards keep the last answer meanwhile.
  const lastGood = useRef<Home | undefined>(undefined);
  if (home.data) lastGood.current = home.data;
  const data = home.data ?? lastGood.current;
  const name = data?.greetingName ?? user?.username;
  // A sync of the card follows and unfollows: the week and the current tournament move too.
  const onFollowsChanged = useCallback(
    () =>
      Promise.all([
        invalidateFollowState(queryClient),
        queryClient.invalidateQueries({ queryKey: homeKeys.all }),
      ]).then(() => undefined),
    [queryClient],
  );
  return (
    <div className="flex flex-col gap-8">
      <DocumentTitle title={t('pages.home.title')} />
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {name ? t('home.greeting', { name }) : t('home.greetingAnonymous')}
        </h1>
        <p className="max-w-2xl text-pretty text-muted-foreground">{t('pages.home.description')}</p>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <MyTournamentsCard next={data?.next} current={data?.current} />
        </div>
        <ActiveFiltersCard />
        <div className="min-w-0 lg:col-span-2">
          <NearYouCard
            nearYou={home.isError ? undefined : data?.nearYou}
            error={home.isError ? translateApiError(t, home.error) : null}
            pending={home.isFetching}
            onPostal={near.usePostal}
            onPosition={near.usePosition}
          />
        </div>
        <CardStatusCard onFollowsChanged={onFollowsChanged} />
      </div>
      {data && <WeekCalendar week={data.week} />}
      <QuickActions />
    </div>
  );
}
