import {
  CAT_CLASSES,
  CAT_ETA_VALUES,
  type FilterCriteria,
  PRIZE_BANDS,
  SEARCH_TIME_PERIODS,
  TIPI_TORNEO,
} from '@radar/shared';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useGeo } from '@/lib/use-geo';
import { cn } from '@/lib/utils';
import { FILTER_FIELDS, isSet } from '../search-state';

const control =
  'h-10 w-full rounded-lg border border-border bg-surface px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60';

function Field({
  label,
  children,
  hint,
}: {
  label: string;
  hint?: string | undefined;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id)}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/**
 * Every filter of spec §3 (source, status, region → province, prize band, draw type,
 * category, age, time period, dates). Changing the region clears a province outside it.
 */
export function FilterPanel({
  filters,
  onChange,
  onReset,
}: {
  filters: FilterCriteria;
  onChange: (patch: Partial<FilterCriteria>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const geo = useGeo();
  const active = FILTER_FIELDS.filter((field) => isSet(filters, field)).length;
  const [open, setOpen] = useState(active > 0);
  const provinces = (geo.data?.provinces ?? [])
    .filter((p) => p.regionId === filters.regionId)
    .sort((a, b) => a.name.localeCompare(b.name, 'it'));
  const numberOrNull = (value: string) => (value === '' ? null : Number(value));

  return (
    <details
      className="group rounded-2xl border border-border bg-surface shadow-sm"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 font-medium [&::-webkit-details-marker]:hidden">
        <SlidersHorizontal aria-hidden="true" className="size-5 text-muted-foreground" />
        {t('explore.filters.title')}
        {active > 0 && <Badge tone="primary">{t('explore.filters.active', { count: active })}</Badge>}
      </summary>
      <div className="grid gap-4 border-t border-border p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t('explore.filters.codFonte')}>
          {(id) => (
            <select
              id={id}
              className={control}
              value={filters.codFonte}
              onChange={(e) => onChange({ codFonte: Number(e.target.value) as FilterCriteria['codFonte'] })}
            >
              <option value={0}>{t('explore.filters.any')}</option>
              {([1, 2, 3] as const).map((code) => (
                <option key={code} value={code}>
                  {t(`competitions.source.${code}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('explore.filters.idStatopuc')}>
          {(id) => (
            <select
              id={id}
              className={control}
              value={filters.idStatopuc}
              onChange={(e) =>
                onChange({ idStatopuc: Number(e.target.value) as FilterCriteria['idStatopuc'] })
              }
            >
              <option value={0}>{t('explore.filters.any')}</option>
              {([3, 4, 2, 1] as const).map((status) => (
                <option key={status} value={status}>
                  {t(`competitions.status.${status}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('explore.filters.timePeriod')}>
          {(id) => (
            <select
              id={id}
              className={control}
              value={filters.timePeriod}
              onChange={(e) => onChange({ timePeriod: e.target.value as FilterCriteria['timePeriod'] })}
            >
              {SEARCH_TIME_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {t(`competitions.timePeriod.${period}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('explore.filters.regionId')}>
          {(id) => (
            <select
              id={id}
              className={control}
              value={filters.regionId ?? ''}
              disabled={!geo.data}
              onChange={(e) => {
                const regionId = numberOrNull(e.target.value);
                const keepProvince = geo.data?.provinces.some(
                  (p) => p.id === filters.provinceId && p.regionId === regionId,
                );
                onChange({ regionId, provinceId: keepProvince ? filters.provinceId : null });
              }}
            >
              <option value="">{t('explore.filters.anyRegion')}</option>
              {geo.data?.regions.map((region) => (
                <option key={region.id} value={region.id}>
                  {region.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('explore.filters.provinceId')}
          hint={filters.regionId === null ? t('explore.filters.provinceHint') : undefined}
        >
          {(id) => (
            <select
              id={id}
              className={control}
              value={filters.provinceId ?? ''}
              disabled={filters.regionId === null || !geo.data}
              onChange={(e) => onChange({ provinceId: numberOrNull(e.target.value) })}
            >
              <option value="">{t('explore.filters.anyProvince')}</option>
              {provinces.map((province) => (
                <option key={province.id} value={province.id}>
                  {province.name} ({province.sigla})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('explore.filters.prize')}>
          {(id) => (
            <select
              id={id}
              className={control}
              value={filters.prize}
              onChange={(e) => onChange({ prize: Number(e.target.value) as FilterCriteria['prize'] })}
            >
              <option value={0}>{t('explore.filters.any')}</option>
              {PRIZE_BANDS.filter((band) => band !== 0).map((band) => (
                <option key={band} value={band}>
                  {t(`competitions.prize.${band}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('explore.filters.tipoTorneo')}>
          {(id) => (
            <select
              id={id}
              className={control}
              value={filters.tipoTorneo ?? ''}
              onChange={(e) =>
                onChange({ tipoTorneo: (e.target.value || null) as FilterCriteria['tipoTorneo'] })
              }
            >
              <option value="">{t('explore.filters.any')}</option>
              {TIPI_TORNEO.map((type) => (
                <option key={type} value={type}>
                  {t(`competitions.drawType.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('explore.filters.catClass')}>
          {(id) => (
            <select
              id={id}
              className={control}
              value={filters.catClass ?? ''}
              onChange={(e) =>
                onChange({ catClass: numberOrNull(e.target.value) as FilterCriteria['catClass'] })
              }
            >
              <option value="">{t('explore.filters.anyCategory')}</option>
              {CAT_CLASSES.map((cls) => (
                <option key={cls} value={cls}>
                  {t('competitions.categoryClass', { count: cls })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('explore.filters.catEta')}>
          {(id) => (
            <select
              id={id}
              className={control}
              value={filters.catEta ?? ''}
              onChange={(e) => onChange({ catEta: (e.target.value || null) as FilterCriteria['catEta'] })}
            >
              <option value="">{t('explore.filters.anyCategory')}</option>
              {CAT_ETA_VALUES.map((age) => (
                <option key={age} value={age}>
                  {t(`competitions.ageCategory.${age}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('explore.filters.dataInizio')}>
          {(id) => (
            <input
              id={id}
              type="date"
              className={control}
              value={filters.dataInizio ?? ''}
              max={filters.dataFine ?? undefined}
              onChange={(e) => onChange({ dataInizio: e.target.value || null })}
            />
          )}
        </Field>
        <Field label={t('explore.filters.dataFine')}>
          {(id) => (
            <input
              id={id}
              type="date"
              className={control}
              value={filters.dataFine ?? ''}
              min={filters.dataInizio ?? undefined}
              onChange={(e) => onChange({ dataFine: e.target.value || null })}
            />
          )}
        </Field>
        <div className={cn('flex items-end', active === 0 && 'invisible')}>
          <Button variant="ghost" onClick={onReset} className="w-full sm:w-auto">
            {t('explore.filters.reset')}
          </Button>
        </div>
      </div>
    </details>
  );
}
