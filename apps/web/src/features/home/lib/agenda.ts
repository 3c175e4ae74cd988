import type { Home } from '@radar/shared';

type WeekDay = Home['week']['days'][number];

/** One day of the phone's agenda: what happens on it, each tournament on its first day of the week only. */
export interface AgendaDay {
  date: string;
  tournaments: WeekDay['tournaments'];
  deadlines: WeekDay['deadlines'];
}

/**
 * The week as a phone shows it (issue 31 point 4): only the days with something on them; a
 * tournament spanning several days once, on its first day in the week (it shows its span);
 * an empty week gives no day at all.
 */
export function agendaOf(week: Home['week']): AgendaDay[] {
  const seen = new Set<string>();
  return week.days.flatMap((day) => {
    const tournaments = day.tournaments.filter((x) => {
      if (seen.has(x.guid)) return false;
      seen.add(x.guid);
      return true;
    });
    return tournaments.length > 0 || day.deadlines.length > 0
      ? [{ date: day.date, tournaments, deadlines: day.deadlines }]
      : [];
  });
}

/** Whether a registration deadline has passed at `now` (it then reads "closed", never "by"). */
export const deadlinePassed = (closesAt: string, now: number): boolean => Date.parse(closesAt) <= now;
