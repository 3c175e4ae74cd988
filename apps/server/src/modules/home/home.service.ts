/**
 * The dashboard (`GET /api/home`, spec §2 Dashboard): one answer for every card. Followed
 * tournaments come from the subscriptions module's query; "near you" from the postal-code
 * dataset (`places/`).
 */
import {
  addDays,
  boxAround,
  competitionStatus,
  findProvinceBySigla,
  type Home,
  type HomeCompetition,
  NEAR_YOU_LIMIT,
  type NearYouItem,
  romeDate,
  shownDistanceKm,
  startOfWeek,
} from '@radar/shared';
import type { Db } from '../../db/client';
import type { CompetitionRow, User } from '../../db/schema';
import { AppError } from '../../domain/errors';
import { nextMatchOf } from '../orders-of-play/match-times';
import {
  type Point,
  placeNearestTo,
  placeOfPostalCode,
  pointOfComune,
  provincesWithin,
  type ResolvedPlace,
} from '../places/places';
import { type FollowedRow, listFollowed } from '../subscriptions/subscriptions.repository';
import { federationCardStatus } from './federation-card';
import { type CandidateRow, filtersSummary, listNearCandidates } from './home.repository';

export interface HomeDeps {
  db: Db;
  now: () => Date;
}

/** How far around the place "near you" looks for provinces and venues beyond its own region. */
export const NEAR_YOU_RADIUS_KM = 60;
/**
 * A tournament played farther than this is never "near you", whatever its organiser's seat (an
 * organiser in the user's province may run it at the other end of Italy).
 */
export const NEAR_YOU_MAX_KM = 150;
/** A followed tournament that ended at most this many days ago still shows as "completed". */
export const CURRENT_COMPLETED_DAYS = 7;
const CARD_ITEMS = 3;

type Where = { postal?: string | undefined; lat?: number | undefined; lng?: number | undefined };

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toHomeCompetition(c: CandidateRow | CompetitionRow, now: Date): HomeCompetition {
  return {
    guid: c.guid,
    name: c.name,
    city: c.city,
    provinceSigla: c.provinceSigla,
    startDate: c.startDate,
    endDate: c.endDate,
    status: competitionStatus(c, now),
    registrationClosesAt: iso(c.registrationClosesAt),
  };
}

/** The place a query names: its postal code, else the CAP nearest to its position; null if neither. */
export function resolvePlace(where: Where): ResolvedPlace | null {
  if (where.postal) {
    const place = placeOfPostalCode(where.postal);
    if (!place) throw new AppError('POSTAL_CODE_UNKNOWN', 404, { postal: where.postal });
    return place;
  }
  if (where.lat !== undefined && where.lng !== undefined) {
    return placeNearestTo({ lat: where.lat, lng: where.lng });
  }
  return null;
}

/**
 * Open and upcoming competitions nearest to the place: by distance where both points are
 * known (a venue within {@link NEAR_YOU_RADIUS_KM} whatever its organiser's seat; none farther
 * than {@link NEAR_YOU_MAX_KM}), then those of the same province, then of the same region (each
 * by start date).
 */
export async function nearYou(db: Db, place: ResolvedPlace, now: Date): Promise<NearYouItem[]> {
  const sigle = place.point ? [...provincesWithin(place.point, NEAR_YOU_RADIUS_KM)] : [];
  const candidates = await listNearCandidates(db, {
    today: romeDate(now),
    regionId: place.place.regionId,
    provinceSigle: [...new Set([place.place.provinceSigla, ...sigle])],
    venueBox: place.point ? boxAround(place.point, NEAR_YOU_RADIUS_KM) : null,
  });
  const rank = { distance: 0, province: 1, region: 2 } as const;
  const items = candidates.flatMap((c): (NearYouItem & { order: number })[] => {
    // Where it is played (decision 202), else its town as the list names it.
    const point: Point | null =
      c.venueLat !== null && c.venueLng !== null
        ? { lat: c.venueLat, lng: c.venueLng }
        : pointOfComune(c.city, c.provinceSigla);
    const distance = point && place.point ? shownDistanceKm(place.point, point) : null;
    if (distance !== null && distance > NEAR_YOU_MAX_KM) return [];
    const sameProvince =
      c.provinceSigla?.toUpperCase() === place.place.provinceSigla ||
      (place.provinceId !== null && c.provinceId === place.provinceId);
    const rule =
      distance !== null
        ? 'distance'
        : sameProvince
          ? 'province'
          : c.regionId === place.place.regionId
            ? 'region'
            : null;
    if (!rule) return [];
    return [{ ...toHomeCompetition(c, now), distanceKm: distance, rule, order: rank[rule] }];
  });
  items.sort(
    (a, b) =>
      a.order - b.order ||
      (a.distanceKm ?? 0) - (b.distanceKm ?? 0) ||
      a.startDate.localeCompare(b.startDate) ||
      a.guid.localeCompare(b.guid),
  );
  return items.slice(0, NEAR_YOU_LIMIT).map(({ order: _order, ...item }) => item);
}

type Followed = FollowedRow & { competition: CompetitionRow };

/** Monday to Sunday of the Rome week of `now`: followed tournaments on their days, deadlines on theirs. */
export function weekOf(followed: Followed[], now: Date): Home['week'] {
  const today = romeDate(now);
  const from = startOfWeek(today);
  const to = addDays(from, 6);
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(from, i);
    const seen = new Set<string>();
    const seenDeadline = new Set<string>();
    const day: Home['week']['days'][number] = { date, tournaments: [], deadlines: [] };
    for (const { subscription: s, competition: c } of followed) {
      if (c.startDate <= date && date <= c.endDate && !seen.has(c.guid)) {
        seen.add(c.guid);
        day.tournaments.push({
          subscriptionId: s.id,
          guid: c.guid,
          name: c.name,
          city: c.city,
          startDate: c.startDate,
          endDate: c.endDate,
        });
      }
      const closes = c.registrationClosesAt;
      if (closes && romeDate(closes) === date && !seenDeadline.has(c.guid)) {
        seenDeadline.add(c.guid);
        day.deadlines.push({
          subscriptionId: s.id,
          guid: c.guid,
          name: c.name,
          closesAt: closes.toISOString(),
        });
      }
    }
    day.deadlines.sort((a, b) => a.closesAt.localeCompare(b.closesAt));
    return day;
  });
  return { from, to, today, days };
}

/** The followed tournament being played now, else the last that ended in the past week. */
export function currentOf(followed: Followed[], now: Date): Home['current'] {
  const today = romeDate(now);
  const active = followed
    .filter(({ competition: c }) => c.startDate <= today && today <= c.endDate)
    .sort((a, b) => a.competition.endDate.localeCompare(b.competition.endDate))[0];
  if (active) {
    return {
      ...toHomeCompetition(active.competition, now),
      subscriptionId: active.subscription.id,
      state: 'active',
      myMatch: null,
    };
  }
  const since = addDays(today, -CURRENT_COMPLETED_DAYS);
  const completed = followed
    .filter(({ competition: c }) => c.endDate < today && c.endDate >= since)
    .sort((a, b) => b.competition.endDate.localeCompare(a.competition.endDate))[0];
  return completed
    ? {
        ...toHomeCompetition(completed.competition, now),
        subscriptionId: completed.subscription.id,
        state: 'completed',
        myMatch: null,
      }
    : null;
}

/** The followed tournament that starts next (ties: the earlier registration deadline). */
export function nextOf(followed: Followed[], now: Date): Home['next'] {
  const today = romeDate(now);
  const next = followed
    .filter(({ competition: c }) => c.startDate > today)
    .sort(
      (a, b) =>
        a.competition.startDate.localeCompare(b.competition.startDate) ||
        (a.competition.registrationClosesAt?.getTime() ?? 0) -
          (b.competition.registrationClosesAt?.getTime() ?? 0),
    )[0];
  if (!next) return null;
  const sigla = next.competition.provinceSigla;
  return {
    ...toHomeCompetition(next.competition, now),
    subscriptionId: next.subscription.id,
    provinceName: sigla ? (findProvinceBySigla(sigla)?.name ?? null) : null,
    myMatch: null,
  };
}

/**
 * The card holder's next match in the current and the next tournament's orders of play, when
 * one names them (decision 204); a completed tournament has none.
 */
async function withMyMatches(
  db: Db,
  userId: string,
  today: string,
  current: Home['current'],
  next: Home['next'],
): Promise<Pick<Home, 'current' | 'next'>> {
  const [currentMatch, nextMatch] = await Promise.all([
    current?.state === 'active' ? nextMatchOf(db, userId, current.guid, today) : null,
    next ? nextMatchOf(db, userId, next.guid, today) : null,
  ]);
  return {
    current: current && { ...current, myMatch: currentMatch },
    next: next && { ...next, myMatch: nextMatch },
  };
}

export async function getHome(deps: HomeDeps, user: User, where: Where): Promise<Home> {
  const now = deps.now();
  const today = romeDate(now);
  // An unknown postal code fails before any query.
  const place = resolvePlace(where);
  const [rows, filterCounts, federation] = await Promise.all([
    listFollowed(deps.db, user.id),
    filtersSummary(deps.db, user.id, CARD_ITEMS),
    federationCardStatus(deps.db, user.id),
  ]);
  const followed = rows.filter((r): r is Followed => r.competition !== null && !r.subscription.lost);
  const running = followed
    .filter(({ competition: c }) => c.endDate >= today)
    .sort(
      (a, b) =>
        a.competition.startDate.localeCompare(b.competition.startDate) ||
        a.competition.name.localeCompare(b.competition.name),
    );
  const seen = new Set<string>();
  const distinctRunning = running.filter(({ competition: c }) => !seen.has(c.guid) && seen.add(c.guid));
  return {
    greetingName: federation.firstName ?? user.username,
    myTournaments: {
      count: distinctRunning.length,
      items: distinctRunning.slice(0, CARD_ITEMS).map(({ competition, subscription }) => ({
        ...toHomeCompetition(competition, now),
        subscriptionId: subscription.id,
      })),
    },
    activeFilters: { count: filterCounts.active, total: filterCounts.total, items: filterCounts.items },
    federation: {
      connected: federation.connected,
      cardNumber: federation.cardNumber,
      ranking: federation.ranking,
    },
    nearYou: { place: place?.place ?? null, items: place ? await nearYou(deps.db, place, now) : [] },
    week: weekOf(followed, now),
    ...(await withMyMatches(deps.db, user.id, today, currentOf(followed, now), nextOf(followed, now))),
  };
}
