import { TIPI_TORNEO } from './competitions';
import type { Language } from './constants';
import { competitionStatus } from './filters';
import { findProvinceById, findRegionById } from './geo';
import { translateShared } from './i18n';
import type { MatchReason, NotificationParams } from './notifications';
import { EURO_FORMAT, kmNumberFormat, LOCALE_OF, ROME_INSTANT_FORMAT } from './number-formats';

/**
 * What a new-tournament notification says of its tournament, in a language, from what it
 * carries (`notificationParamsSchema`): its facts ("Date: 12–14 dicembre 2026") and the values
 * each reason matched on ("Regione: Lazio"). Pure: the email (server) and the inbox (web) say
 * the same thing in the same words.
 */
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** `12–14 dicembre 2026`, or one day when the tournament starts and ends on it. */
export function formatDaySpan(language: Language, startDate: string, endDate?: string): string {
  const format = new Intl.DateTimeFormat(LOCALE_OF[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  if (!endDate || endDate <= startDate) return format.format(day(startDate));
  return format.formatRange(day(startDate), day(endDate));
}

/** `1.500 €` (grouped from the thousands, as the app writes amounts). */
export function formatEuros(language: Language, amount: number): string {
  return new Intl.NumberFormat(LOCALE_OF[language], EURO_FORMAT).format(amount);
}

/** An instant in Rome time: `25 nov 2026, 18:00`. */
export function formatRomeInstant(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(LOCALE_OF[language], ROME_INSTANT_FORMAT).format(new Date(iso));
}

const text = (language: Language, key: string, values: Record<string, string | number> = {}) =>
  translateShared(language, `notifications.facts.${key}`, values);

function place(params: NotificationParams): string | null {
  if (!params.city) return null;
  return params.provinceSigla ? `${params.city} (${params.provinceSigla})` : params.city;
}

function drawTypes(language: Language, params: NotificationParams): string | null {
  if (!params.drawTypes?.length) return null;
  return params.drawTypes
    .map((type) =>
      (TIPI_TORNEO as readonly string[]).includes(type) ? text(language, `drawTypes.${type}`) : type,
    )
    .join(', ');
}

/** `4.1 – 4.NC · U14, NOR`: the ranking bands as a span, then the age classes. */
function category(params: NotificationParams): string | null {
  const bands = params.bands ?? [];
  const parts: string[] = [];
  if (bands.length === 1) parts.push(bands[0] as string);
  else if (bands.length > 1) parts.push(`${bands[0]} – ${bands[bands.length - 1]}`);
  if (params.ageCodes?.length) parts.push(params.ageCodes.join(', '));
  return parts.length > 0 ? parts.join(' · ') : null;
}

function prize(language: Language, params: NotificationParams): string | null {
  if (params.prizeMoney === undefined) return null;
  return params.prizeMoney > 0 ? formatEuros(language, params.prizeMoney) : text(language, 'noPrize');
}

/** The lines that say what the tournament is: dates, place, draws, category, prize, deadline. */
export function tournamentFacts(language: Language, params: NotificationParams): string[] {
  const lines: string[] = [];
  const add = (key: string, value: string | null) => {
    if (value) lines.push(text(language, key, { value }));
  };
  add('dates', params.startDate ? formatDaySpan(language, params.startDate, params.endDate) : null);
  add('place', place(params));
  add('draws', drawTypes(language, params));
  add('category', category(params));
  add('prize', prize(language, params));
  add(
    'deadline',
    params.registrationDeadline ? formatRomeInstant(language, params.registrationDeadline) : null,
  );
  return lines;
}

/** The tournament's value for one reason, or null when the notification does not carry it. */
function reasonValue(
  language: Language,
  reason: MatchReason,
  params: NotificationParams,
  matchedAt: Date,
): string | null {
  switch (reason) {
    case 'region':
      return params.regionId !== undefined ? (findRegionById(params.regionId)?.name ?? null) : null;
    case 'province':
      return params.provinceId !== undefined ? (findProvinceById(params.provinceId)?.name ?? null) : null;
    case 'distance':
      return params.distanceKm !== undefined
        ? text(language, 'distanceValue', {
            km: new Intl.NumberFormat(LOCALE_OF[language], kmNumberFormat(params.distanceKm)).format(
              params.distanceKm,
            ),
          })
        : null;
    case 'status': {
      if (!params.startDate) return null;
      const status = competitionStatus(
        {
          startDate: params.startDate,
          endDate: params.endDate ?? params.startDate,
          registrationOpensAt: null,
          registrationClosesAt: params.registrationDeadline ? new Date(params.registrationDeadline) : null,
          idStato: null,
        },
        matchedAt,
      );
      return text(language, `statuses.${status}`);
    }
    case 'dates':
      return params.startDate ? formatDaySpan(language, params.startDate, params.endDate) : null;
    case 'prize':
      return prize(language, params);
    case 'type':
      return drawTypes(language, params);
    case 'category':
      return category(params);
  }
}

/**
 * Why the tournament matched, with its values: `Regione: Lazio`, `Date: 12–14 dicembre 2026`;
 * the criterion alone (`Regione`) when the notification predates the values (or lacks one).
 * `matchedAt`: when it matched (the notification's creation), for the status it had then.
 */
export function matchReasonValues(language: Language, params: NotificationParams, matchedAt: Date): string[] {
  return (params.reasons ?? []).map((reason) => {
    const label = translateShared(language, `notifications.reasons.${reason}`);
    const value = reasonValue(language, reason, params, matchedAt);
    return value ? text(language, 'reasonValue', { reason: label, value }) : label;
  });
}

/**
 * What a notification says besides its title and body: why it matched (with values) and the
 * tournament's facts, a fact a reason already states (`Date: …`) said once, among the reasons.
 */
export function notificationDetails(
  language: Language,
  params: NotificationParams,
  matchedAt: Date,
): { reasons: string[]; facts: string[] } {
  const reasons = matchReasonValues(language, params, matchedAt);
  const facts = tournamentFacts(language, params).filter((fact) => !reasons.includes(fact));
  return { reasons, facts };
}
