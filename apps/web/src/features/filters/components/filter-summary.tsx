import type { FilterCriteria, ReferenceGeoResponse } from '@radar/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { drawLabel, prizeBandLabel } from '@/lib/competition-labels';
import { formatDay } from '@/lib/format';
import { useGeo } from '@/lib/use-geo';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

type Criteria = Omit<FilterCriteria, 'timePeriod'> & { timePeriod: FilterCriteria['timePeriod'] };

/**
 * What a filter looks for, in words: one short phrase per criterion it sets (region and
 * province by name, type, status, prize band, draw, dates or period). Empty when it sets none.
 */
export function describeCriteria(
  t: TFunction,
  criteria: Criteria,
  geo: ReferenceGeoResponse | undefined,
  language: 'it' | 'en',
): string[] {
  const parts: string[] = [];
  if (criteria.regionId !== null) {
    const region = geo?.regions.find((r) => r.id === criteria.regionId);
    parts.push(region?.name ?? t('filters.summary.region', { id: criteria.regionId }));
  }
  if (criteria.provinceId !== null) {
    const province = geo?.provinces.find((p) => p.id === criteria.provinceId);
    parts.push(
      province
        ? `${province.name} (${province.sigla})`
        : t('filters.summary.province', { id: criteria.provinceId }),
    );
  }
  if (criteria.withinKm !== null && criteria.nearPostalCode !== null) {
    parts.push(t('filters.summary.withinKm', { km: criteria.withinKm, postal: criteria.nearPostalCode }));
  }
  if (criteria.codFonte !== 0) parts.push(t(`competitions.source.${criteria.codFonte}`));
  if (criteria.idStatopuc !== 0) parts.push(t(`competitions.status.${criteria.idStatopuc}`));
  if (criteria.prize !== 0) parts.push(prizeBandLabel(t, criteria.prize, language));
  const draw = drawLabel(t, {
    type: criteria.tipoTorneo,
    categoryClass: criteria.catClass,
    ageCategory: criteria.catEta,
  });
  if (draw) parts.push(draw);
  if (criteria.timePeriod !== 'all') parts.push(t(`competitions.timePeriod.${criteria.timePeriod}`));
  const from = criteria.dataInizio ? formatDay(criteria.dataInizio, language) : null;
  const to = criteria.dataFine ? formatDay(criteria.dataFine, language) : null;
  if (from && to) parts.push(t('filters.summary.between', { from, to }));
  else if (from) parts.push(t('filters.summary.from', { from }));
  else if (to) parts.push(t('filters.summary.to', { to }));
  return parts;
}

/** A filter's criteria as a row of chips ("all tournaments" when it sets none). */
export function CriteriaSummary({ criteria, className }: { criteria: Criteria; className?: string }) {
  const { t } = useTranslation();
  const geo = useGeo();
  const language = useLanguage();
  const parts = describeCriteria(t, criteria, geo.data, language);
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label={t('filters.summary.label')}>
      {parts.length === 0 ? (
        <li>
          <Badge tone="muted">{t('filters.summary.everything')}</Badge>
        </li>
      ) : (
        parts.map((part) => (
          <li key={part}>
            <Badge tone="neutral" className="font-medium">
              {part}
            </Badge>
          </li>
        ))
      )}
    </ul>
  );
}
