import { ArrowRight, Funnel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
    <section
      aria-labelledby="active-filters-title"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Funnel aria-hidden="true" className="size-5" />
        </span>
        <h2 id="active-filters-title" className="font-semibold">
          {t('filters.home.title')}
        </h2>
      </div>
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
      <Link
        to={items?.length === 0 ? `${paths.filters}?new=1` : paths.filters}
        className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {items?.length === 0 ? t('filters.home.create') : t('filters.home.manage')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
