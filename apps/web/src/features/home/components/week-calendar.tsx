import type { Home } from '@radar/shared';
import { CalendarDays, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

const timeOf = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

const weekdayOf = (day: string, language: string) =>
  new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

/**
 * The dashboard's week (spec §2): Monday to Sunday of the current Rome week, each followed
 * tournament on its days and each registration deadline on its day; then the current
 * tournament (being played, or just completed).
 */
export function WeekCalendar({ week, current }: { week: Home['week']; current: Home['current'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const empty = week.days.every((d) => d.tournaments.length === 0 && d.deadlines.length === 0);
  return (
    <Card aria-labelledby="week-title">
      <CardHeader
        titleId="week-title"
        icon={CalendarDays}
        title={t('dashboard.week.title')}
        className="flex flex-wrap items-baseline justify-between gap-2"
      >
        <span className="text-sm text-muted-foreground">
          {t('dashboard.week.range', {
            from: formatDay(week.from, language),
            to: formatDay(week.to, language),
          })}
        </span>
      </CardHeader>
      <ol
        className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-7"
        aria-label={t('dashboard.week.title')}
      >
        {week.days.map((day) => {
          const today = day.date === week.today;
          return (
            <li
              key={day.date}
              aria-current={today ? 'date' : undefined}
              data-date={day.date}
              className={cn(
                'flex min-h-16 flex-col gap-1.5 rounded-xl border border-border p-2 sm:min-h-28',
                today && 'border-primary bg-primary/5',
              )}
            >
              <p className="flex items-baseline gap-1 text-xs font-semibold uppercase">
                <span>{weekdayOf(day.date, language)}</span>
                <span className="text-muted-foreground">{Number(day.date.slice(8))}</span>
                {today && <span className="sr-only">{t('dashboard.week.today')}</span>}
              </p>
              {day.tournaments.map((x) => (
                <Link
                  key={x.guid}
                  to={paths.competition(x.guid)}
                  className="truncate rounded-md bg-primary/10 px-1.5 py-1 text-xs font-medium text-primary hover:underline"
                  title={x.name}
                >
                  {x.name}
                </Link>
              ))}
              {day.deadlines.map((d) => (
                <Link
                  key={`deadline-${d.guid}`}
                  to={paths.competition(d.guid)}
                  className="flex items-center gap-1 truncate rounded-md bg-accent px-1.5 text-accent-foreground py-1 text-xs font-medium hover:underline"
                  title={t('dashboard.week.deadline', { name: d.name, time: timeOf(d.closesAt, language) })}
                >
                  <Clock aria-hidden="true" className="size-3 shrink-0" />
                  <span className="truncate">
                    {t('dashboard.week.deadline', { name: d.name, time: timeOf(d.closesAt, language) })}
                  </span>
                </Link>
              ))}
            </li>
          );
        })}
      </ol>
      {empty && <p className="text-sm text-muted-foreground">{t('dashboard.week.empty')}</p>}
      {current && (
        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4 text-sm">
          <span className="font-medium">{t('dashboard.current.title')}</span>
          <Link to={paths.competition(current.guid)} className="font-semibold text-primary hover:underline">
            {current.name}
          </Link>
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold',
              current.state === 'active' ? 'bg-success/15 text-success' : 'bg-muted text-muted-foreground',
            )}
          >
            {t(`dashboard.current.${current.state}`)}
          </span>
        </div>
      )}
    </Card>
  );
}
