import type { SearchOverview } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { prizeBandLabel, sourceLabel } from '@/lib/competition-labels';
import { formatInstant, formatNumber } from '@/lib/format';
import { useGeo } from '@/lib/use-geo';
import { useLanguage } from '@/lib/use-language';
import { CompetitionLink } from './competition-link';

function Bars({
  title,
  rows,
  total,
}: {
  title: string;
  rows: { label: string; count: number }[];
  total: number;
}) {
  const language = useLanguage();
  return (
    <section className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <h3 className="mb-4 font-semibold">{title}</h3>
      <ul className="flex flex-col gap-3">
        {rows.map((row) => (
          <li key={row.label} className="flex flex-col gap-1">
            <div className="flex justify-between gap-4 text-sm">
              <span>{row.label}</span>
              <span className="font-medium tabular-nums">{formatNumber(row.count, language)}</span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <div
                className="h-full rounded-full bg-primary"
                style={{ width: `${total > 0 ? Math.max(2, (row.count / total) * 100) : 0}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The whole result at a glance: by status, region, competition type and prize; new ones; closing soon. */
export function OverviewPanel({ overview, total }: { overview: SearchOverview; total: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const geo = useGeo();
  const regionName = (id: number | null) =>
    geo.data?.regions.find((r) => r.id === id)?.name ?? t('explore.overview.unknownRegion');
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="rounded-2xl border border-border bg-surface p-5 shadow-sm lg:col-span-2">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted-foreground">{t('explore.overview.total')}</dt>
            <dd className="text-3xl font-bold tabular-nums">{formatNumber(total, language)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t('explore.overview.new')}</dt>
            <dd className="text-3xl font-bold tabular-nums">{formatNumber(overview.newCount, language)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t('competitions.status.3')}</dt>
            <dd className="text-3xl font-bold tabular-nums">
              {formatNumber(overview.byStatus.find((s) => s.status === 3)?.count ?? 0, language)}
            </dd>
          </div>
        </dl>
      </section>
      <Bars
        title={t('explore.overview.byStatus')}
        total={total}
        rows={overview.byStatus.map((s) => ({ label: t(`competitions.status.${s.status}`), count: s.count }))}
      />
      <Bars
        title={t('explore.overview.bySource')}
        total={total}
        rows={overview.bySource.map((s) => ({ label: sourceLabel(t, s.codFonte, null), count: s.count }))}
      />
      <Bars
        title={t('explore.overview.byRegion')}
        total={total}
        rows={overview.byRegion.slice(0, 10).map((r) => ({ label: regionName(r.regionId), count: r.count }))}
      />
      <Bars
        title={t('explore.overview.byPrize')}
        total={total}
        rows={overview.byPrizeBand.map((b) => ({
          label: prizeBandLabel(t, b.band, language),
          count: b.count,
        }))}
      />
      <section className="rounded-2xl border border-border bg-surface p-5 shadow-sm lg:col-span-2">
        <h3 className="mb-4 font-semibold">{t('explore.overview.closingSoon')}</h3>
        {overview.closingSoon.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('explore.overview.noneClosing')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {overview.closingSoon.map((c) => (
              <li key={c.guid} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <CompetitionLink guid={c.guid} className="font-medium">
                  {c.name}
                </CompetitionLink>
                <span className="text-sm text-muted-foreground">
                  {c.registrationClosesAt &&
                    t('explore.card.registrationCloses', {
                      date: formatInstant(c.registrationClosesAt, language),
                    })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
