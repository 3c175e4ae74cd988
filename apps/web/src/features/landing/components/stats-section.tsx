import { ACTIVE_USERS_SHOWN_FROM } from '@radar/shared';
import { Map as MapIcon, Trophy, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LazyItalyMap } from '@/components/italy-map-lazy';
import { paths, withQuery } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { useStats } from '../api/get-stats';
import { LandingSection } from './section-heading';

/**
 * The landing's live figures (spec §2 Landing): active tournaments, active users (once
 * {@link ACTIVE_USERS_SHOWN_FROM} or more) and the regions with an active tournament, beside the
 * map of the regions shaded by tournaments. A region opens explore filtered by it (after sign-in
 * for a visitor).
 */
export function StatsSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const stats = useStats();
  const figures = stats.data
    ? [
        {
          id: 'tournaments',
          icon: Trophy,
          value: formatNumber(stats.data.activeTournaments, language),
          label: t('stats.activeTournaments'),
        },
        ...(stats.data.activeUsers >= ACTIVE_USERS_SHOWN_FROM
          ? [
              {
                id: 'users',
                icon: Users,
                value: formatNumber(stats.data.activeUsers, language),
                label: t('stats.activeUsers'),
              },
            ]
          : []),
        {
          id: 'regions',
          icon: MapIcon,
          value: t('stats.regionsValue', { count: stats.data.regions, total: stats.data.regionsTotal }),
          label: t('stats.regions'),
        },
      ]
    : null;
  const counts = new Map((stats.data?.byRegion ?? []).map((r) => [r.regionId, r.activeTournaments]));
  return (
    <LandingSection
      id="stats-title"
      title={t('stats.title')}
      subtitle={t('stats.subtitle')}
      className="max-w-6xl py-16"
    >
      <div className="grid items-center gap-10 md:grid-cols-2">
        <dl className="grid gap-4" aria-busy={stats.isPending}>
          {figures ? (
            figures.map(({ id, icon: Icon, value, label }) => (
              // A <dl> group holds only <dt> and <dd> (axe definition-list): the icon is an
              // aria-hidden <dd> placed by the grid, the value shown above its label.
              <div
                key={id}
                className="grid grid-cols-[auto_1fr] items-center gap-x-4 rounded-2xl border border-border bg-surface p-5 shadow-sm"
              >
                <dt className="col-start-2 row-start-2 text-sm text-muted-foreground">{label}</dt>
                <dd className="col-start-2 row-start-1 text-3xl font-bold tabular-nums" data-stat={id}>
                  {value}
                </dd>
                <dd
                  aria-hidden="true"
                  className="col-start-1 row-span-2 row-start-1 flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary"
                >
                  <Icon className="size-6" />
                </dd>
              </div>
            ))
          ) : stats.isError ? (
            <p className="text-sm text-muted-foreground">{t('stats.unavailable')}</p>
          ) : (
            [0, 1, 2].map((i) => (
              <div key={i} aria-hidden="true" className="h-[5.5rem] rounded-2xl bg-muted/50" />
            ))
          )}
        </dl>
        <div className="flex justify-center">
          <LazyItalyMap
            counts={counts}
            onSelect={(regionId) =>
              navigate(withQuery(paths.explore, { tab: 'overview', regionId: String(regionId) }))
            }
          />
        </div>
      </div>
    </LandingSection>
  );
}
