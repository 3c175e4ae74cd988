import { type Home, type Language, LOCALE_OF } from '@radar/shared';
import { CalendarDays, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDay, formatDayRange } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { agendaOf, deadlinePassed } from '../lib/agenda';

const timeOf = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALE_OF[language], {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

const weekdayOf = (day: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALE_OF[language], {
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

type WeekDay = Home['week']['days'][number];

/** A registration deadline of the week: when it closes, or that it has closed. */
function DeadlineLink({ deadline: d, now }: { deadline: WeekDay['deadlines'][number]; now: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const text = t(
    deadlinePassed(d.closesAt, now) ? 'dashboard.week.deadlineClosed' : 'dashboard.week.deadline',
    {
      name: d.name,
      time: timeOf(d.closesAt, language),
    },
  );
  return (
    <Link
      to={paths.competition(d.guid)}
      className="flex items-center gap-1 truncate rounded-md bg-accent px-1.5 py-1 text-xs font-medium text-accent-foreground hover:underline"
      title={text}
    >
      <Clock aria-hidden="true" className="size-3 shrink-0" />
      <span className="truncate">{text}</span>
    </Link>
  );
}

/** The day's name and number: `lun 7`, today said to screen readers. */
function DayLabel({ date, today }: { date: string; today: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <p className="flex items-baseline gap-1 text-xs font-semibold uppercase">
      <span>{weekdayOf(date, language)}</span>
      <span className="text-muted-foreground">{Number(date.slice(8))}</span>
      {today && <span className="sr-only">{t('dashboard.week.today')}</span>}
    </p>
  );
}

/** From 768 px: Monday to Sunday side by side (two columns on a tablet, seven on a desktop). */
function WeekGrid({ week, now }: { week: Home['week']; now: number }) {
  const { t } = useTranslation();
  return (
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
            <DayLabel date={day.date} today={today} />
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
              <DeadlineLink key={`deadline-${d.guid}`} deadline={d} now={now} />
            ))}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Under 768 px: an agenda of the days with something on them, each tournament once with its
 * span (`12–14 giu`); an empty week is one line.
 */
function WeekAgenda({ week, now }: { week: Home['week']; now: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const agenda = agendaOf(week);
  if (agenda.length === 0)
    return <p className="text-sm text-muted-foreground">{t('dashboard.week.empty')}</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label={t('dashboard.week.title')} data-week-agenda="">
      {agenda.map((day) => {
        const today = day.date === week.today;
        return (
          <li
            key={day.date}
            aria-current={today ? 'date' : undefined}
            data-date={day.date}
            className={cn('flex flex-col gap-1.5 border-l-2 border-border pl-3', today && 'border-primary')}
          >
            <DayLabel date={day.date} today={today} />
            {day.tournaments.map((x) => (
              <Link
                key={x.guid}
                to={paths.competition(x.guid)}
                className="flex min-h-11 flex-col justify-center rounded-md bg-primary/10 px-2.5 py-1.5 text-sm text-primary hover:underline"
              >
                <span className="font-medium">{x.name}</span>
                <span className="text-xs text-muted-foreground">
                  {formatDayRange(x.startDate, x.endDate, language, { year: false })}
                  {x.city ? ` · ${x.city}` : ''}
                </span>
              </Link>
            ))}
            {day.deadlines.map((d) => (
              <DeadlineLink key={`deadline-${d.guid}`} deadline={d} now={now} />
            ))}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The dashboard's week (spec §2): Monday to Sunday of the current Rome week, each followed
 * tournament on its days and each registration deadline on its day; a past deadline reads
 * closed. On a phone, an agenda of the days with something on them. The current tournament is
 * My tournaments' (one answer, `GET /api/home`), not repeated here.
 */
export function WeekCalendar({ week, now = Date.now() }: { week: Home['week']; now?: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const phone = useMediaQuery(MOBILE_QUERY);
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
      {phone ? (
        <WeekAgenda week={week} now={now} />
      ) : (
        <>
          <WeekGrid week={week} now={now} />
          {empty && <p className="text-sm text-muted-foreground">{t('dashboard.week.empty')}</p>}
        </>
      )}
    </Card>
  );
}
