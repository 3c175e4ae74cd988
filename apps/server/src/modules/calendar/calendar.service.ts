/**
 * The personal calendar feed (RFC 5545, made with ical-generator): one all-day event per
 * followed tournament (its days) and one timed event per registration deadline, with a display
 * alarm a day before. UIDs are stable (they name the subscription, not the feed), so calendar
 * apps update events in place. The address carries a random token; resetting replaces it.
 */
import { randomBytes } from 'node:crypto';
import {
  addDays,
  type CalendarFeed,
  findProvinceBySigla,
  type Language,
  LOCALE_OF,
  romeOffsetMs,
  translateShared,
} from '@radar/shared';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { eq } from 'drizzle-orm';
import ical, { ICalAlarmType } from 'ical-generator';
import type { Db } from '../../db/client';
import { calendarFeeds, users } from '../../db/schema';
import { listFollowed } from '../subscriptions/subscriptions.repository';

export const CALENDAR_TIMEZONE = 'Europe/Rome';
/** The deadline alarm: this long before registration closes. */
export const DEADLINE_ALARM_SECONDS = 24 * 60 * 60;

export interface CalendarDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
}

/**
 * ical-generator writes native dates with the process's local clock once the calendar has a
 * time zone, so events are given as local wall-clock strings (no offset), which it writes back
 * unchanged whatever the process's TZ: `YYYY-MM-DDTHH:mm:ss` of Rome for timed events.
 */
const romeWallTime = (instant: Date) =>
  new Date(instant.getTime() + romeOffsetMs(instant.getTime())).toISOString().slice(0, 19);

/** DTSTAMP must be UTC (RFC 5545 §3.8.7.2); ical-generator writes it in the calendar's zone without Z. */
const utcStamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

const newToken = () => randomBytes(24).toString('base64url');

function feedOf(publicUrl: string, token: string): CalendarFeed {
  const url = `${publicUrl}/api/calendar/feed/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') };
}

/** The user's feed address, created on first ask. */
export async function getFeed(deps: CalendarDeps, userId: string): Promise<CalendarFeed> {
  const [existing] = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (existing) return feedOf(deps.publicUrl, existing.token);
  const token = newToken();
  const [row] = await deps.db
    .insert(calendarFeeds)
    .values({ userId, token, createdAt: deps.now() })
    .onConflictDoNothing({ target: calendarFeeds.userId })
    .returning();
  if (row) return feedOf(deps.publicUrl, row.token);
  // Two first asks at once: the other one's token stands.
  const [winner] = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return feedOf(deps.publicUrl, winner?.token ?? token);
}

/** A new token: the old address stops answering. */
export async function resetFeed(deps: CalendarDeps, userId: string): Promise<CalendarFeed> {
  const token = newToken();
  await deps.db
    .insert(calendarFeeds)
    .values({ userId, token, createdAt: deps.now() })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: deps.now() } });
  return feedOf(deps.publicUrl, token);
}

/** The feed of a token, or null for a token that is not (or no longer) anyone's. */
export async function renderFeed(deps: CalendarDeps, token: string): Promise<string | null> {
  const [owner] = await deps.db
    .select({ userId: users.id, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token));
  if (!owner) return null;
  const language: Language = owner.language;
  const t = (key: string, params: Record<string, string> = {}) =>
    translateShared(language, `icsFeed.${key}`, params);
  const host = new URL(deps.publicUrl).host;
  const calendar = ical({
    name: t('name'),
    description: t('description'),
    prodId: { company: 'Radar Tornei', product: 'calendar-feed', language: language.toUpperCase() },
    timezone: { name: CALENDAR_TIMEZONE, generator: getVtimezoneComponent },
    ttl: 60 * 60,
  });
  const stamp = utcStamp(deps.now());
  const timeFormat = new Intl.DateTimeFormat(LOCALE_OF[language], {
    timeZone: CALENDAR_TIMEZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const rows = await listFollowed(deps.db, owner.userId);
  const seen = new Set<string>();
  for (const { subscription, competition: c } of rows) {
    // One event per competition (several draws of it may be followed); lost ones are left out.
    if (!c || subscription.lost || seen.has(c.guid)) continue;
    seen.add(c.guid);
    const url = `${deps.publicUrl}/competition/${c.guid}`;
    const province = c.provinceSigla ? findProvinceBySigla(c.provinceSigla) : undefined;
    const place = [c.club, c.city && (c.provinceSigla ? `${c.city} (${c.provinceSigla})` : c.city)]
      .filter(Boolean)
      .join(', ');
    calendar.createEvent({
      id: `competition-${c.guid.toLowerCase()}@${host}`,
      allDay: true,
      start: `${c.startDate}T00:00:00`,
      // All-day ends are exclusive: the day after the last day.
      end: `${addDays(c.endDate, 1)}T00:00:00`,
      summary: c.name,
      description: t('tournamentDescription', { url }),
      location: place || province?.name || null,
      url,
    });
    if (c.registrationClosesAt) {
      calendar.createEvent({
        id: `deadline-${c.guid.toLowerCase()}@${host}`,
        start: romeWallTime(c.registrationClosesAt),
        end: romeWallTime(c.registrationClosesAt),
        timezone: CALENDAR_TIMEZONE,
        summary: t('deadlineSummary', { name: c.name }),
        description: t('deadlineDescription', {
          name: c.name,
          time: timeFormat.format(c.registrationClosesAt),
        }),
        location: place || null,
        url,
        alarms: [
          {
            type: ICalAlarmType.display,
            trigger: DEADLINE_ALARM_SECONDS,
            description: t('deadlineAlarm', { name: c.name }),
          },
        ],
      });
    }
  }
  return calendar.toString().replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${stamp}`);
}
