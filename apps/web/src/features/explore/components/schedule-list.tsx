import type { CompetitionSummary } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { CompetitionStatusBadge, NewBadge } from '@/components/competition-status-badge';
import { drawLabel } from '@/lib/competition-labels';
import { formatDay, formatDayRange } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { CompetitionLink } from './competition-link';

/** The results as an agenda: grouped by first day, in the list's order. */
export function ScheduleList({ items }: { items: CompetitionSummary[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const groups: { day: string; items: CompetitionSummary[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last?.day === item.startDate) last.items.push(item);
    else groups.push({ day: item.startDate, items: [item] });
  }
  return (
    <ol className="flex flex-col gap-6">
      {groups.map((group) => (
        <li key={group.day}>
          <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {formatDay(group.day, language, 'long')}
          </h3>
          <ul className="divide-y divide-border rounded-2xl border border-border bg-surface shadow-sm">
            {group.items.map((c) => (
              <li key={c.guid} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <CompetitionLink guid={c.guid} className="font-medium">
                    {c.name}
                  </CompetitionLink>
                  <p className="truncate text-sm text-muted-foreground">
                    {[c.city && `${c.city} (${c.provinceSigla ?? '—'})`, drawLabel(t, c.mainDraw)]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <span className="text-sm text-muted-foreground">
                    {formatDayRange(c.startDate, c.endDate, language)}
                  </span>
                  {c.isNew && <NewBadge />}
                  <CompetitionStatusBadge status={c.status} />
                </div>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
