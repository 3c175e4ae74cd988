import { SEARCH_SORTS, type SearchSort } from '@radar/shared';
import { ArrowDownUp } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { selectClassName } from '@/components/filter-fields';
import { cn } from '@/lib/utils';

/**
 * The list's order: by start date, by registration deadline, or by distance (offered only when a
 * postal code to measure from is known: `withDistance`). Either way the server lists first what a
 * player can still enter (individual tournaments with registration ahead), team championships
 * and concluded ones after (`SEARCH_SORTS`).
 */
export function SortSelect({
  value,
  onChange,
  withDistance,
}: {
  value: SearchSort;
  onChange: (sort: SearchSort) => void;
  withDistance: boolean;
}) {
  const sorts = SEARCH_SORTS.filter((sort) => withDistance || sort !== 'distance');
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <ArrowDownUp aria-hidden="true" className="size-4 text-muted-foreground" />
      <label htmlFor={id} className="text-muted-foreground">
        {t('explore.sort.label')}
      </label>
      <select
        id={id}
        value={sorts.includes(value) ? value : 'start'}
        onChange={(event) => onChange(event.target.value as SearchSort)}
        className={cn(selectClassName, 'h-9 w-auto px-2')}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {t(`explore.sort.${sort}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
