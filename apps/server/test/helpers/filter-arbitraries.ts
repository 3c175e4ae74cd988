/**
 * Random competitions, filter criteria and instants for the property tests of the filter
 * predicate's SQL forms (search, saved filters, the matching engine).
 */
import {
  CAT_CLASSES,
  CAT_ETA_VALUES,
  type CriteriaWithCentre,
  type DrawDescriptor,
  type MatchableCompetition,
  PROVINCES,
  romeLocalToInstant,
  SEARCH_TIME_PERIODS,
  TIPI_TORNEO,
  WITHIN_KM_CHOICES,
} from '@radar/shared';
import fc from 'fast-check';

export const DAY = 86_400_000;
export const BASE = Date.parse('2026-03-20T00:00:00Z');
export const day = (offset: number) => new Date(BASE + offset * DAY).toISOString().slice(0, 10);

/** `arb` about one time in four, else null: filters set a few criteria, not all. */
const sometimes = <T>(arb: fc.Arbitrary<T>, weight = 1): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 4 - weight, arbitrary: fc.constant(null) }, { weight, arbitrary: arb });

/** A point in northern Italy (four decimals, as the places dataset has them): some km to some hundreds apart. */
export const pointArb = fc
  .record({ lat: fc.integer({ min: 440_000, max: 460_000 }), lng: fc.integer({ min: 80_000, max: 110_000 }) })
  .map(({ lat, lng }) => ({ lat: lat / 10_000, lng: lng / 10_000 }));

const provinceArb = fc.constantFrom(...PROVINCES.slice(0, 12), ...PROVINCES.filter((p) => p.regionId === 12));
const drawArb: fc.Arbitrary<DrawDescriptor> = fc.record({
  type: fc.option(fc.constantFrom(...TIPI_TORNEO), { nil: null, freq: 6 }),
  categoryClass: fc.option(fc.constantFrom(...CAT_CLASSES), { nil: null, freq: 6 }),
  ageCategory: fc.option(fc.constantFrom(...CAT_ETA_VALUES), { nil: null, freq: 6 }),
});

export const competitionArb = fc
  .record({
    province: fc.option(provinceArb, { nil: null, freq: 10 }),
    codFonte: fc.option(fc.constantFrom(1, 2, 3), { nil: null, freq: 10 }),
    start: fc.integer({ min: -150, max: 250 }),
    length: fc.integer({ min: 0, max: 12 }),
    prizeMoney: fc.constantFrom(0, 200, 500, 501, 800, 1000, 1001, 2500),
    idStato: fc.option(fc.constantFrom(1, 2, 3, 4), { nil: null }),
    window: fc.option(
      fc.record({
        // The real federation gives the deadline only (no opening instant): often null.
        opensBefore: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null, freq: 2 }),
        closesBefore: fc.integer({ min: 0, max: 10 }),
      }),
      { nil: null, freq: 4 },
    ),
    draws: fc.array(drawArb, { minLength: 1, maxLength: 3 }),
    venuePoint: fc.option(pointArb, { nil: null, freq: 6 }),
  })
  .map((r): MatchableCompetition => {
    const startDate = day(r.start);
    return {
      regionId: r.province?.regionId ?? null,
      provinceId: r.province?.id ?? null,
      codFonte: r.codFonte,
      startDate,
      endDate: day(r.start + r.length),
      prizeMoney: r.prizeMoney,
      idStato: r.idStato,
      registrationOpensAt:
        r.window && r.window.opensBefore !== null
          ? new Date(BASE + (r.start - r.window.opensBefore) * DAY + 3_600_000 * 9)
          : null,
      registrationClosesAt: r.window
        ? new Date(BASE + (r.start - r.window.closesBefore) * DAY - 3_600_000 * 12)
        : null,
      draws: r.draws,
      venuePoint: r.venuePoint,
    };
  });

export const criteriaArb: fc.Arbitrary<CriteriaWithCentre> = fc
  .record({
    codFonte: sometimes(fc.constantFrom(1, 2, 3)),
    idStatopuc: sometimes(fc.constantFrom(1, 2, 3, 4), 2),
    dataInizio: sometimes(fc.integer({ min: -100, max: 200 }).map(day)),
    dataFine: sometimes(fc.integer({ min: -100, max: 300 }).map(day)),
    province: sometimes(provinceArb),
    regionOnly: fc.boolean(),
    prize: sometimes(fc.constantFrom(500, 1000, 1001)),
    tipoTorneo: sometimes(fc.constantFrom(...TIPI_TORNEO)),
    catClass: sometimes(fc.constantFrom(...CAT_CLASSES)),
    catEta: sometimes(fc.constantFrom(...CAT_ETA_VALUES)),
    timePeriod: sometimes(fc.constantFrom(...SEARCH_TIME_PERIODS)),
    // "Within N km": a centre almost always (an unknown postal code's centre is null: nothing matches).
    within: fc.oneof(
      { weight: 5, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.record({
          km: fc.constantFrom(...WITHIN_KM_CHOICES),
          postalCode: fc.constantFrom('20121', '27050', '00118', '10121', '40121'),
          near: fc.option(pointArb, { nil: null, freq: 8 }),
        }),
      },
    ),
  })
  .map(({ province, regionOnly, codFonte, idStatopuc, prize, timePeriod, within, ...rest }) => ({
    ...rest,
    withinKm: within?.km ?? null,
    nearPostalCode: within?.postalCode ?? null,
    near: within?.near ?? null,
    codFonte: codFonte ?? 0,
    idStatopuc: idStatopuc ?? 0,
    prize: prize ?? 0,
    timePeriod: timePeriod ?? 'all',
    regionId: province?.regionId ?? null,
    provinceId: province && !regionOnly ? province.id : null,
  })) as fc.Arbitrary<CriteriaWithCentre>;

/** Instants around midnight in Rome and on daylight-saving days too. */
export const nowArb = fc
  .tuple(fc.integer({ min: -60, max: 240 }), fc.integer({ min: 0, max: 47 }))
  .map(([days, halfHours]) => new Date(BASE + days * DAY + halfHours * 1_800_000));

/** Any instant, or exactly one of the competitions' edges: registration opening and closing, first and last day. */
export function nowAroundArb(list: MatchableCompetition[]): fc.Arbitrary<Date> {
  const edges = list.flatMap((c) => [
    ...[c.registrationOpensAt, c.registrationClosesAt].filter((d): d is Date => d !== null),
    romeMidnight(c.startDate),
    romeMidnight(c.endDate, 1),
  ]);
  return fc.oneof(
    nowArb,
    fc.constantFrom(...edges),
    fc.constantFrom(...edges).map((d) => new Date(d.getTime() - 1)),
  );
}

/** Midnight in Rome at the start of `day` (+ `plus` days). */
export function romeMidnight(day: string, plus = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return romeLocalToInstant(y, m, d + plus);
}
