import type { CompetitionSummary } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompetitionStatusBadge, NewBadge } from '@/components/competition-status-badge';
import { paths } from '@/config/paths';
import { drawLabel } from '@/lib/competition-labels';
import { formatDay, formatDayRange } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { FROM_EXPLORE } from '../search-state';

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
                  <Link
                    to={paths.competition(c.guid)}
                    state={FROM_EXPLORE}
                    className="font-medium hover:text-primary hover:underline"
                  >
                    {c.name}
                  </Link>
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
