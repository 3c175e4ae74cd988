import { type FilterCriteria, SEARCH_TIME_PERIODS } from '@radar/shared';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterFields } from '@/components/filter-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { COUNTED_FIELDS, isSet } from '../search-state';

/**
 * Every filter of spec §3 (source, status, region → province, prize band, draw type,
 * category, age, time period, dates), the same controls as the filter wizard's. `actions`
 * sit beside "clear filters" (save the search as a filter).
 */
export function FilterPanel({
  filters,
  onChange,
  onReset,
  actions,
}: {
  filters: FilterCriteria;
  onChange: (patch: Partial<FilterCriteria>) => void;
  onReset: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const active = COUNTED_FIELDS.filter((field) => isSet(filters, field)).length;
  const [open, setOpen] = useState(active > 0);

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
      {/* Rendered when open: the closed panel costs the screen's first render nothing (decision 178). */}
      {open && (
        <div className="flex flex-col gap-4 border-t border-border p-4">
          {/* One column in the desktop's side column (the explore screen's layout). */}
          <FilterFields
            criteria={filters}
            onChange={onChange}
            periods={SEARCH_TIME_PERIODS}
            className="lg:grid-cols-1"
          />
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Button variant="ghost" onClick={onReset} className={cn(active === 0 && 'invisible')}>
              {t('explore.filters.reset')}
            </Button>
            {actions}
          </div>
        </div>
      )}
    </details>
  );
}
