import { Funnel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DashboardTile, DashboardTileLink } from '@/components/dashboard-tile';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFilters } from '@/features/filters/api/get-filters';

/** The dashboard's "active filters" card (spec §2): how many filters are on, out of how many. */
export function ActiveFiltersCard() {
  const { t } = useTranslation();
  const filters = useFilters();
  const items = filters.data?.items;
  const active = items?.filter((filter) => filter.notificationsEnabled).length ?? 0;
  return (
    <DashboardTile id="active-filters-title" icon={Funnel} title={t('filters.home.title')}>
      {items === undefined ? (
        filters.isError ? (
          <p className="text-sm text-muted-foreground">{t('filters.list.error')}</p>
        ) : (
          <Spinner className="size-6" />
        )
      ) : (
        <p className="flex items-baseline gap-2">
          <span className="text-3xl font-bold tabular-nums">{active}</span>
          <span className="text-sm text-muted-foreground">
            {items.length === 0 ? t('filters.home.none') : t('filters.home.ofTotal', { count: items.length })}
          </span>
        </p>
      )}
      <DashboardTileLink to={items?.length === 0 ? `${paths.filters}?new=1` : paths.filters}>
        {items?.length === 0 ? t('filters.home.create') : t('filters.home.manage')}
      </DashboardTileLink>
    </DashboardTile>
  );
}
