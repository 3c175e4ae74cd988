import type { Filter } from '@radar/shared';
import { ArrowRight, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { exploreWithCriteria } from '@/config/paths';
import { CriteriaSummary } from '@/features/filters/components/filter-summary';
import { formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

/** One saved filter: name, criteria, last update, and its switch, edit and delete actions. */
export function FilterItem({
  filter,
  onToggle,
  onEdit,
  onDelete,
  toggling,
  matchCount,
}: {
  filter: Filter;
  /** How many current tournaments it matches (undefined while unknown). */
  matchCount?: number | undefined;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  toggling: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = `filter-${filter.id}-name`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex h-full flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-5',
        !filter.notificationsEnabled && 'bg-muted/30',
      )}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="font-semibold break-words">
            {filter.name}
          </h3>
          <p className="text-xs text-muted-foreground">
            {t('filters.list.updatedAt', { date: formatInstant(filter.updatedAt, language) })}
          </p>
        </div>
        <Switch
          checked={filter.notificationsEnabled}
          onCheckedChange={onToggle}
          disabled={toggling}
          aria-label={t('filters.list.toggle', { name: filter.name })}
        />
      </div>
      <CriteriaSummary criteria={filter} />
      <Link
        to={exploreWithCriteria({
          codFonte: filter.codFonte,
          idStatopuc: filter.idStatopuc,
          regionId: filter.regionId,
          provinceId: filter.provinceId,
          prize: filter.prize,
          tipoTorneo: filter.tipoTorneo,
          catClass: filter.catClass,
          catEta: filter.catEta,
          timePeriod: filter.timePeriod,
          dataInizio: filter.dataInizio,
          dataFine: filter.dataFine,
        })}
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary hover:underline"
        data-match-count={matchCount ?? ''}
      >
        {matchCount === undefined
          ? t('filters.list.openInExplore')
          : t('filters.list.matching', { count: matchCount })}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
      <div className="mt-auto flex flex-wrap justify-end gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={onEdit}
          aria-label={t('filters.list.editNamed', { name: filter.name })}
          icon={Pencil}
        >
          {t('filters.list.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10"
          onClick={onDelete}
          aria-label={t('filters.list.deleteNamed', { name: filter.name })}
          icon={Trash2}
        >
          {t('filters.list.delete')}
        </Button>
      </div>
    </article>
  );
}
