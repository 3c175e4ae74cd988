/**
 * Italian postal codes (CAP) and comuni with their points, from the committed dataset
 * `italian-places.json` (source and licence in this folder's README). Loaded once, on first use.
 */
import { readFileSync } from 'node:fs';
import {
  distanceKm,
  findProvinceBySigla,
  findRegionById,
  foldText,
  type GeoPoint,
  type PostalPlace,
} from '@radar/shared';

type RawRow = [
  cap: string,
  comune: string,
  istat: string,
  sigla: string,
  lat: number | null,
  lng: number | null,
];

export type Point = GeoPoint;

export interface PlaceRow {
  cap: string;
  comune: string;
  istat: string;
  sigla: string;
  point: Point | null;
}

interface Index {
  byCap: Map<string, PlaceRow[]>;
  /** `folded comune name|SIGLA` → the comune's point (the mean of its CAPs' points). */
  byComune: Map<string, Point>;
  rows: PlaceRow[];
}

let index: Index | null = null;

function load(): Index {
  if (index) return index;
  const raw = JSON.parse(readFileSync(new URL('./italian-places.json', import.meta.url), 'utf8')) as {
    rows: RawRow[];
  };
  const rows: PlaceRow[] = raw.rows.map(([cap, comune, istat, sigla, lat, lng]) => ({
    cap,
    comune,
    istat,
    sigla,
    point: lat !== null && lng !== null ? { lat, lng } : null,
  }));
  const byCap = new Map<string, PlaceRow[]>();
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const row of rows) {
    byCap.set(row.cap, [...(byCap.get(row.cap) ?? []), row]);
    if (!row.point) continue;
    const key = comuneKey(row.comune, row.sigla);
    const sum = sums.get(key) ?? { lat: 0, lng: 0, n: 0 };
    sum.lat += row.point.lat;
    sum.lng += row.point.lng;
    sum.n += 1;
    sums.set(key, sum);
  }
  const byComune = new Map([...sums].map(([key, s]) => [key, { lat: s.lat / s.n, lng: s.lng / s.n }]));
  index = { byCap, byComune, rows };
  return index;
}

/** Names in common use for comuni the dataset names otherwise (folded, with their sigla). */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['reggio emilia|RE', 'reggio nell emilia|RE'],
  ['reggio calabria|RC', 'reggio di calabria|RC'],
]);

/** A comune's name without case, accents or punctuation. */
const foldName = (name: string) =>
  foldText(name)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const comuneKey = (name: string, sigla: string) => {
  const key = `${foldName(name)}|${sigla.trim().toUpperCase()}`;
  return ALIASES.get(key) ?? key;
};

export interface ResolvedPlace {
  place: PostalPlace;
  point: Point | null;
  provinceId: number | null;
}

function resolved(rows: PlaceRow[]): ResolvedPlace | null {
  // Several comuni may share one CAP: the first by name stands for it, the point is theirs on average.
  const first = rows[0];
  if (!first) return null;
  const province = findProvinceBySigla(first.sigla);
  const region = province ? findRegionById(province.regionId) : undefined;
  const points = rows.filter((r) => r.sigla === first.sigla).flatMap((r) => (r.point ? [r.point] : []));
  const point =
    points.length > 0
      ? {
          lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
          lng: points.reduce((s, p) => s + p.lng, 0) / points.length,
        }
      : null;
  return {
    place: {
      postalCode: first.cap,
      comune: first.comune,
      provinceSigla: first.sigla,
      provinceName: province?.name ?? null,
      regionId: region?.id ?? null,
      regionName: region?.name ?? null,
    },
    point,
    provinceId: province?.id ?? null,
  };
}

/** The comune, province and point of a CAP; null for a CAP the dataset does not know. */
export function placeOfPostalCode(cap: string): ResolvedPlace | null {
  return resolved(load().byCap.get(cap.trim()) ?? []);
}

/** The CAP nearest to a point (the browser's position), with its place. */
export function placeNearestTo(point: Point): ResolvedPlace | null {
  let best: PlaceRow | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const row of load().rows) {
    if (!row.point) continue;
    const km = distanceKm(point, row.point);
    if (km < bestKm) {
      best = row;
      bestKm = km;
    }
  }
  return best ? resolved([best]) : null;
}

/** The point of a competition's city in its province, when the dataset knows that comune. */
export function pointOfComune(city: string | null, sigla: string | null): Point | null {
  if (!city || !sigla) return null;
  return load().byComune.get(comuneKey(city, sigla)) ?? null;
}

/** The provinces (sigle) with a comune within `km` of the point. */
export function provincesWithin(point: Point, km: number): Set<string> {
  const sigle = new Set<string>();
  for (const row of load().rows) {
    if (row.point && !sigle.has(row.sigla) && distanceKm(point, row.point) <= km) sigle.add(row.sigla);
  }
  return sigle;
}

/** A venue as the federation names it (any field may be missing). */
export interface VenueAddress {
  cap: string | null;
  municipality: string | null;
  province: string | null;
}

/**
 * The point of a venue: its CAP (the comune of that CAP named by the venue when several share it,
 * else their mean point), else its comune in its province; null when neither resolves.
 */
export function pointOfVenue(venue: VenueAddress): Point | null {
  const cap = venue.cap?.trim() ?? '';
  const rows = /^\d{5}$/.test(cap) ? (load().byCap.get(cap) ?? []) : [];
  if (rows.length > 0) {
    const named = venue.municipality ? foldName(venue.municipality) : null;
    const same = rows.find((r) => r.point && named !== null && foldName(r.comune) === named);
    const point = same?.point ?? resolved(rows)?.point ?? null;
    if (point) return point;
  }
  return pointOfComune(venue.municipality, venue.province);
}

/**
 * Where a competition is played (decision 202): the first of its venues that resolves
 * (`venue`), else the organiser's seat (`seat`), else nothing.
 */
export function venuePointOf(
  venues: readonly VenueAddress[],
  seat: { city: string | null; provinceSigla: string | null },
): { venueLat: number | null; venueLng: number | null; venueSource: 'venue' | 'seat' | null } {
  for (const venue of venues) {
    const point = pointOfVenue(venue);
    if (point) return { venueLat: point.lat, venueLng: point.lng, venueSource: 'venue' };
  }
  const point = pointOfComune(seat.city, seat.provinceSigla);
  return point
    ? { venueLat: point.lat, venueLng: point.lng, venueSource: 'seat' }
    : { venueLat: null, venueLng: null, venueSource: null };
}
