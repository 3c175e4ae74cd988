import type { FilterCriteria } from '@radar/shared';
import { BookmarkPlus } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectClassName } from '@/components/filter-fields';
import { Button } from '@/components/ui/button';
import { CRITERIA_FIELDS, criteriaOfFilter } from '@/features/filters/api/criteria';
import { useFilters } from '@/features/filters/api/get-filters';
import { cn } from '@/lib/utils';

// The wizard (its form library and dialog) loads when asked for, not with the search (decision 164).
const loadWizard = () => import('@/features/filters/components/filter-wizard');
const FilterWizard = lazy(() => loadWizard().then((m) => ({ default: m.FilterWizard })));

const sameCriteria = (a: FilterCriteria, b: FilterCriteria) =>
  CRITERIA_FIELDS.every((field) => a[field] === b[field]);

/**
 * The search's saved filters (spec §2): apply one of the user's filters to the search (its
 * criteria replace the current ones), or save the current criteria as a new filter through
 * the filter wizard.
 */
export function SavedFilters({
  criteria,
  onApply,
  className,
}: {
  criteria: FilterCriteria;
  onApply: (criteria: FilterCriteria) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const filters = useFilters();
  const [saving, setSaving] = useState(false);
  // Mounted from the first press on (its code loads then), and stays mounted as before.
  const [wizardWanted, setWizardWanted] = useState(false);
  const items = filters.data?.items ?? [];
  const applied = items.find((filter) => sameCriteria(criteriaOfFilter(filter), criteria));

  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:items-end', className)}>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-sm">
        <label htmlFor={id} className="text-sm font-medium">
          {t('filters.explore.saved')}
        </label>
        <select
          id={id}
          className={selectClassName}
          value={applied?.id ?? ''}
          disabled={items.length === 0}
          onChange={(event) => {
            const filter = items.find((item) => item.id === event.target.value);
            if (filter) onApply(criteriaOfFilter(filter));
          }}
        >
          <option value="" disabled={items.length > 0}>
            {items.length === 0 ? t('filters.explore.none') : t('filters.explore.choose')}
          </option>
          {items.map((filter) => (
            <option key={filter.id} value={filter.id}>
              {filter.notificationsEnabled
                ? filter.name
                : t('filters.explore.inactive', { name: filter.name })}
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="outline"
        onPointerEnter={() => void loadWizard()}
        onFocus={() => void loadWizard()}
        onTouchStart={() => void loadWizard()}
        onClick={() => {
          setWizardWanted(true);
          setSaving(true);
        }}
      >
        <BookmarkPlus aria-hidden="true" className="size-4" />
        {t('filters.explore.saveAs')}
      </Button>
      {wizardWanted && (
        <Suspense fallback={null}>
          <FilterWizard open={saving} onOpenChange={setSaving} initialCriteria={criteria} />
        </Suspense>
      )}
    </div>
  );
}
