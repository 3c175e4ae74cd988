import {
  CAT_CLASSES,
  CAT_ETA_VALUES,
  type FilterCriteria,
  PRIZE_BANDS,
  type SearchTimePeriod,
  TIPI_TORNEO,
  WITHIN_KM_CHOICES,
  type WithinKm,
} from '@radar/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prizeBandLabel } from '@/lib/competition-labels';
import { readRememberedPostal } from '@/lib/remembered-postal';
import { useGeo } from '@/lib/use-geo';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

export const selectClassName =
  'h-10 w-full rounded-lg border border-border bg-surface px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60 aria-invalid:border-destructive';

type Criteria = Omit<FilterCriteria, 'timePeriod'> & { timePeriod: SearchTimePeriod };
export type CriteriaField = keyof FilterCriteria;

function Field({
  label,
  children,
  hint,
  error,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(note ? { 'aria-describedby': noteId } : {}),
      })}
      {note && (
        <p
          id={noteId}
          className={cn('text-xs', error ? 'text-sm text-destructive' : 'text-muted-foreground')}
        >
          {note}
        </p>
      )}
    </div>
  );
}

/**
 * The postal code "within N km" is measured from: kept while typed, handed on once it has its
 * five digits (or is emptied), so a half-typed code never reaches the search.
 */
function PostalInput({
  value,
  onChange,
  placeholder,
  ...props
}: {
  id: string;
  value: string | null;
  onChange: (postal: string | null) => void;
  placeholder: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={5}
      placeholder={placeholder}
      className={selectClassName}
      value={text}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, 5);
        setText(digits);
        if (digits.length === 5) onChange(digits);
        else if (digits === '') onChange(null);
      }}
    />
  );
}

/**
 * The tournament criteria of spec §3 (type, status, time period, region → province, prize band,
 * draw type, category, age group, dates), shared by the explore search and the filter wizard.
 * Only the provinces of the chosen region are offered; another region drops the province.
 */
export function FilterFields<C extends Criteria>({
  criteria,
  onChange,
  periods,
  errors = {},
  className,
}: {
  criteria: C;
  onChange: (patch: Partial<C>) => void;
  /** The time periods offered: the search has more than a saved filter (spec §9). */
  periods: readonly C['timePeriod'][];
  errors?: Partial<Record<CriteriaField, string | undefined>>;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const geo = useGeo();
  const change = (patch: Partial<Criteria>) => onChange(patch as Partial<C>);
  const provinces = (geo.data?.provinces ?? [])
    .filter((p) => p.regionId === criteria.regionId)
    .sort((a, b) => a.name.localeCompare(b.name, 'it'));
  const numberOrNull = (value: string) => (value === '' ? null : Number(value));

  return (
    <div className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', className)}>
      <Field label={t('filters.fields.codFonte')} error={errors.codFonte}>
        {(props) => (
          <select
            {...props}
            className={selectClassName}
            value={criteria.codFonte}
            onChange={(e) => change({ codFonte: Number(e.target.value) as Criteria['codFonte'] })}
          >
            <option value={0}>{t('filters.fields.any')}</option>
            {([1, 2, 3] as const).map((code) => (
              <option key={code} value={code}>
                {t(`competitions.source.${code}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.fields.idStatopuc')} error={errors.idStatopuc}>
        {(props) => (
          <select
            {...props}
            className={selectClassName}
            value={criteria.idStatopuc}
            onChange={(e) => change({ idStatopuc: Number(e.target.value) as Criteria['idStatopuc'] })}
          >
            <option value={0}>{t('filters.fields.any')}</option>
            {([3, 4, 2, 1] as const).map((status) => (
              <option key={status} value={status}>
                {t(`competitions.status.${status}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.fields.timePeriod')} error={errors.timePeriod}>
        {(props) => (
          <select
            {...props}
            className={selectClassName}
            value={criteria.timePeriod}
            onChange={(e) => change({ timePeriod: e.target.value as SearchTimePeriod })}
          >
            {periods.map((period) => (
              <option key={period} value={period}>
                {t(`competitions.timePeriod.${period}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.fields.regionId')} error={errors.regionId}>
        {(props) => (
          <select
            {...props}
            className={selectClassName}
            value={criteria.regionId ?? ''}
            disabled={!geo.data}
            onChange={(e) => {
              const regionId = numberOrNull(e.target.value);
              const keepProvince = geo.data?.provinces.some(
                (p) => p.id === criteria.provinceId && p.regionId === regionId,
              );
              change({ regionId, provinceId: keepProvince ? criteria.provinceId : null });
            }}
          >
            <option value="">{t('filters.fields.anyRegion')}</option>
            {geo.data?.regions.map((region) => (
              <option key={region.id} value={region.id}>
                {region.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('filters.fields.provinceId')}
        error={errors.provinceId}
        hint={criteria.regionId === null ? t('filters.fields.provinceHint') : undefined}
      >
        {(props) => (
          <select
            {...props}
            className={selectClassName}
            value={criteria.provinceId ?? ''}
            disabled={criteria.regionId === null || !geo.data}
            onChange={(e) => change({ provinceId: numberOrNull(e.target.value) })}
          >
            <option value="">{t('filters.fields.anyProvince')}</option>
            {provinces.map((province) => (
              <option key={province.id} value={province.id}>
                {province.name} ({province.sigla})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.fields.withinKm')} error={errors.withinKm}>
        {(props) => (
          <select
            {...props}
            className={selectClassName}
            value={criteria.withinKm ?? ''}
            onChange={(e) => {
              const withinKm = (numberOrNull(e.target.value) as WithinKm | null) ?? null;
              // The distance is measured from the postal code given, else the one the dashboard remembers.
              const nearPostalCode = criteria.nearPostalCode ?? (withinKm ? readRememberedPostal() : null);
              change({ withinKm, nearPostalCode });
            }}
          >
            <option value="">{t('filters.fields.anywhere')}</option>
            {WITHIN_KM_CHOICES.map((km) => (
              <option key={km} value={km}>
                {t('filters.fields.withinKmValue', { km })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('filters.fields.nearPostalCode')}
        error={errors.nearPostalCode}
        hint={t('filters.fields.nearPostalCodeHint')}
      >
        {(props) => (
          <PostalInput
            {...props}
            value={criteria.nearPostalCode}
            placeholder={t('filters.fields.nearPostalCodePlaceholder')}
            onChange={(nearPostalCode) => change({ nearPostalCode })}
          />
        )}
      </Field>
      <Field label={t('filters.fields.prize')} error={errors.prize}>
        {(props) => (
          <select
            {...props}
            className={selectClassName}
            value={criteria.prize}
            onChange={(e) => change({ prize: Number(e.target.value) as Criteria['prize'] })}
          >
            <option value={0}>{t('filters.fields.any')}</option>
            {PRIZE_BANDS.filter((band) => band !== 0).map((band) => (
              <option key={band} value={band}>
                {prizeBandLabel(t, band, language)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.fields.tipoTorneo')} error={errors.tipoTorneo}>
        {(props) => (
          <select
            {...props}
            className={selectClassName}
            value={criteria.tipoTorneo ?? ''}
            onChange={(e) => change({ tipoTorneo: (e.target.value || null) as Criteria['tipoTorneo'] })}
          >
            <option value="">{t('filters.fields.any')}</option>
            {TIPI_TORNEO.map((type) => (
              <option key={type} value={type}>
                {t(`competitions.drawType.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.fields.catClass')} error={errors.catClass}>
        {(props) => (
          <select
            {...props}
            className={selectClassName}
            value={criteria.catClass ?? ''}
            onChange={(e) => change({ catClass: numberOrNull(e.target.value) as Criteria['catClass'] })}
          >
            <option value="">{t('filters.fields.anyCategory')}</option>
            {CAT_CLASSES.map((cls) => (
              <option key={cls} value={cls}>
                {t('competitions.categoryClass', { count: cls })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.fields.catEta')} error={errors.catEta}>
        {(props) => (
          <select
            {...props}
            className={selectClassName}
            value={criteria.catEta ?? ''}
            onChange={(e) => change({ catEta: (e.target.value || null) as Criteria['catEta'] })}
          >
            <option value="">{t('filters.fields.anyCategory')}</option>
            {CAT_ETA_VALUES.map((age) => (
              <option key={age} value={age}>
                {t(`competitions.ageCategory.${age}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.fields.dataInizio')} error={errors.dataInizio}>
        {(props) => (
          <input
            {...props}
            type="date"
            className={selectClassName}
            value={criteria.dataInizio ?? ''}
            max={criteria.dataFine ?? undefined}
            onChange={(e) => change({ dataInizio: e.target.value || null })}
          />
        )}
      </Field>
      <Field label={t('filters.fields.dataFine')} error={errors.dataFine}>
        {(props) => (
          <input
            {...props}
            type="date"
            className={selectClassName}
            value={criteria.dataFine ?? ''}
            min={criteria.dataInizio ?? undefined}
            onChange={(e) => change({ dataFine: e.target.value || null })}
          />
        )}
      </Field>
    </div>
  );
}
