import { describe, expect, it } from 'vitest';
import { addMonths, endOfMonth, romeDate, startOfWeek } from '../src/calendar';
import {
  type CriteriaWithCentre,
  competitionStatus,
  drawCriteriaKey,
  drawKeys,
  EMPTY_CRITERIA,
  filterBodySchema,
  type MatchableCompetition,
  matchFilter,
  searchFiltersSchema,
  timePeriodWindow,
} from '../src/filters';
import { distanceKm } from '../src/geo';

/** Wednesday 10 June 2026, 10:00 in Rome. */
const NOW = new Date('2026-06-10T08:00:00Z');

const competition = (overrides: Partial<MatchableCompetition> = {}): MatchableCompetition => ({
  regionId: 12,
  provinceId: 58,
  codFonte: 1,
  startDate: '2026-06-20',
  endDate: '2026-06-28',
  prizeMoney: 800,
  idStato: 3,
  registrationOpensAt: new Date('2026-06-01T10:00:00Z'),
  registrationClosesAt: new Date('2026-06-18T10:00:00Z'),
  draws: [
    { type: 'Maschile', categoryClass: 4, ageCategory: 'open' },
    { type: 'Femminile', categoryClass: 3, ageCategory: 'open' },
  ],
  venuePoint: null,
  ...overrides,
});

const filter = (overrides: Partial<CriteriaWithCentre>): CriteriaWithCentre => ({
  ...EMPTY_CRITERIA,
  near: null,
  ...overrides,
});
const matches = (f: Partial<CriteriaWithCentre>, c: Partial<MatchableCompetition> = {}) =>
  matchFilter(filter(f), competition(c), NOW).matches;

describe('calendar helpers', () => {
  it('take the day in Rome, not in UTC', () => {
    expect(romeDate(new Date('2026-06-10T22:30:00Z'))).toBe('2026-06-11');
    expect(romeDate(new Date('2026-01-10T23:30:00Z'))).toBe('2026-01-11');
    expect(romeDate(new Date('2026-01-10T22:30:00Z'))).toBe('2026-01-10');
  });

  it('count weeks from Monday and months to their last day', () => {
    expect(startOfWeek('2026-06-10')).toBe('2026-06-08');
    expect(startOfWeek('2026-06-14')).toBe('2026-06-08');
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });
});

describe('time periods', () => {
  it('cover this week, next week, this month and rolling next months', () => {
    const today = '2026-06-10';
    expect(timePeriodWindow('all', today)).toBeNull();
    expect(timePeriodWindow('this_week', today)).toEqual({ from: '2026-06-08', to: '2026-06-14' });
    expect(timePeriodWindow('next_week', today)).toEqual({ from: '2026-06-15', to: '2026-06-21' });
    expect(timePeriodWindow('this_month', today)).toEqual({ from: '2026-06-01', to: '2026-06-30' });
    expect(timePeriodWindow('next_month', today)).toEqual({ from: '2026-06-10', to: '2026-07-10' });
    expect(timePeriodWindow('next_3_months', today)).toEqual({ from: '2026-06-10', to: '2026-09-10' });
    expect(timePeriodWindow('next_6_months', today)).toEqual({ from: '2026-06-10', to: '2026-12-10' });
  });

  it('select the competitions overlapping their window', () => {
    expect(matches({ timePeriod: 'this_week' })).toBe(false);
    expect(matches({ timePeriod: 'next_week' })).toBe(true);
    expect(matches({ timePeriod: 'this_week' }, { startDate: '2026-06-01', endDate: '2026-06-08' })).toBe(
      true,
    );
    expect(matches({ timePeriod: 'this_month' }, { startDate: '2026-06-29', endDate: '2026-07-05' })).toBe(
      true,
    );
    expect(matches({ timePeriod: 'this_month' }, { startDate: '2026-07-01', endDate: '2026-07-05' })).toBe(
      false,
    );
    expect(matches({ timePeriod: 'next_month' }, { startDate: '2026-07-10', endDate: '2026-07-12' })).toBe(
      true,
    );
    expect(matches({ timePeriod: 'next_month' }, { startDate: '2026-07-11', endDate: '2026-07-12' })).toBe(
      false,
    );
    expect(matches({ timePeriod: 'next_3_months' }, { startDate: '2026-09-10', endDate: '2026-09-12' })).toBe(
      true,
    );
    expect(matches({ timePeriod: 'next_3_months' }, { startDate: '2026-09-11', endDate: '2026-09-12' })).toBe(
      false,
    );
    expect(matches({ timePeriod: 'next_6_months' }, { startDate: '2026-12-01', endDate: '2026-12-02' })).toBe(
      true,
    );
    expect(matches({ timePeriod: 'next_6_months' }, { startDate: '2026-05-01', endDate: '2026-05-02' })).toBe(
      false,
    );
  });
});

describe('competition status at an instant', () => {
  it('is concluded, ongoing, open registration or upcoming by the Rome calendar and the window', () => {
    const c = competition();
    expect(competitionStatus(c, new Date('2026-05-30T10:00:00Z'))).toBe(4);
    expect(competitionStatus(c, NOW)).toBe(3);
    expect(competitionStatus(c, new Date('2026-06-18T10:00:00Z'))).toBe(4);
    // Midnight in Rome on the first day is already "ongoing".
    expect(competitionStatus(c, new Date('2026-06-19T22:00:00Z'))).toBe(2);
    expect(competitionStatus(c, new Date('2026-06-28T21:59:59Z'))).toBe(2);
    expect(competitionStatus(c, new Date('2026-06-28T22:00:00Z'))).toBe(1);
  });

  it('is open registration until the stored deadline when the opening is unknown (the real list has none)', () => {
    const deadlineOnly = { registrationOpensAt: null, idStato: 4 };
    const c = competition({ ...deadlineOnly, registrationClosesAt: new Date('2026-06-18T10:00:00Z') });
    expect(competitionStatus(c, NOW)).toBe(3);
    expect(competitionStatus(c, new Date('2026-06-18T09:59:59Z'))).toBe(3);
    expect(competitionStatus(c, new Date('2026-06-18T10:00:00Z'))).toBe(4);
    // A deadline passed is closed, whatever the federation's status says.
    const passed = competition({
      registrationOpensAt: null,
      idStato: 3,
      registrationClosesAt: new Date(NOW.getTime() - 1),
    });
    expect(competitionStatus(passed, NOW)).toBe(4);
  });

  it("falls back to the federation's status when the registration window is unknown", () => {
    const unknown = { registrationOpensAt: null, registrationClosesAt: null };
    expect(competitionStatus(competition({ ...unknown, idStato: 3 }), NOW)).toBe(3);
    expect(competitionStatus(competition({ ...unknown, idStato: 4 }), NOW)).toBe(4);
    expect(competitionStatus(competition({ ...unknown, idStato: null }), NOW)).toBe(4);
  });
});

describe('matchFilter', () => {
  it('matches everything with an empty filter, giving no reasons', () => {
    expect(matchFilter(filter({}), competition(), NOW)).toEqual({ matches: true, reasons: [] });
  });

  it('checks region and province', () => {
    expect(matches({ regionId: 12 })).toBe(true);
    expect(matches({ regionId: 3 })).toBe(false);
    expect(matches({ regionId: 12, provinceId: 58 })).toBe(true);
    expect(matches({ provinceId: 59 })).toBe(false);
    expect(matches({ regionId: 12 }, { regionId: null })).toBe(false);
  });

  it('checks the source (codFonte)', () => {
    expect(matches({ codFonte: 1 })).toBe(true);
    expect(matches({ codFonte: 2 })).toBe(false);
    expect(matches({ codFonte: 3 }, { codFonte: 3 })).toBe(true);
  });

  it('checks the status at now (idStatopuc)', () => {
    expect(matches({ idStatopuc: 3 })).toBe(true);
    expect(matches({ idStatopuc: 4 })).toBe(false);
    expect(matches({ idStatopuc: 1 }, { startDate: '2026-05-01', endDate: '2026-05-03' })).toBe(true);
    expect(matches({ idStatopuc: 2 }, { startDate: '2026-06-09', endDate: '2026-06-12' })).toBe(true);
  });

  it('checks the date window by overlap (dataInizio, dataFine)', () => {
    expect(matches({ dataInizio: '2026-06-28' })).toBe(true);
    expect(matches({ dataInizio: '2026-06-29' })).toBe(false);
    expect(matches({ dataFine: '2026-06-20' })).toBe(true);
    expect(matches({ dataFine: '2026-06-19' })).toBe(false);
    expect(matches({ dataInizio: '2026-06-22', dataFine: '2026-06-23' })).toBe(true);
  });

  it('checks the prize band', () => {
    expect(matches({ prize: 1000 })).toBe(true);
    expect(matches({ prize: 500 })).toBe(false);
    expect(matches({ prize: 500 }, { prizeMoney: 0 })).toBe(true);
    expect(matches({ prize: 500 }, { prizeMoney: 500 })).toBe(true);
    expect(matches({ prize: 1000 }, { prizeMoney: 500 })).toBe(false);
    expect(matches({ prize: 1000 }, { prizeMoney: 1000 })).toBe(true);
    expect(matches({ prize: 1001 }, { prizeMoney: 1000 })).toBe(false);
    expect(matches({ prize: 1001 }, { prizeMoney: 1001 })).toBe(true);
  });

  it('needs one draw meeting all of type, category class and age category together', () => {
    expect(matches({ tipoTorneo: 'Femminile' })).toBe(true);
    expect(matches({ tipoTorneo: 'Misto' })).toBe(false);
    expect(matches({ catClass: 3 })).toBe(true);
    expect(matches({ catClass: 2 })).toBe(false);
    expect(matches({ catEta: 'open' })).toBe(true);
    expect(matches({ catEta: 'veterani' })).toBe(false);
    expect(matches({ tipoTorneo: 'Femminile', catClass: 3 })).toBe(true);
    // A Femminile draw and a 4th-category draw, but no Femminile 4th-category draw.
    expect(matches({ tipoTorneo: 'Femminile', catClass: 4 })).toBe(false);
    expect(matches({ tipoTorneo: 'Maschile', catClass: 4, catEta: 'open' })).toBe(true);
  });

  it('gives the criteria it sets as reasons, in the spec order', () => {
    const all = filter({
      regionId: 12,
      provinceId: 58,
      idStatopuc: 3,
      timePeriod: 'next_month',
      prize: 1000,
      codFonte: 1,
      catClass: 4,
    });
    expect(matchFilter(all, competition(), NOW)).toEqual({
      matches: true,
      reasons: ['region', 'province', 'status', 'dates', 'prize', 'type', 'category'],
    });
    expect(
      matchFilter(filter({ tipoTorneo: 'Maschile', dataFine: '2026-12-31' }), competition(), NOW).reasons,
    ).toEqual(['dates', 'type']);
    expect(matchFilter(filter({ regionId: 3 }), competition(), NOW)).toEqual({ matches: false, reasons: [] });
  });

  it('keeps within the radius of the centre: by the venue’s point, never without one', () => {
    const milano = { lat: 45.4683, lng: 9.1984 };
    // Monza lies about 16 km from Milano's centre, Brallo di Pregola about 81 km.
    const monza = { venuePoint: { lat: 45.5845, lng: 9.2744 } };
    const brallo = { venuePoint: { lat: 44.7385, lng: 9.28 } };
    const within = (
      km: 10 | 30 | 50 | 100,
      c: Partial<MatchableCompetition>,
      near: typeof milano | null = milano,
    ) => matches({ withinKm: km, nearPostalCode: '20121', near }, c);
    expect(within(30, monza)).toBe(true);
    // Matched, it gives the distance as its reason.
    expect(
      matchFilter(filter({ withinKm: 30, nearPostalCode: '20121', near: milano }), competition(monza), NOW),
    ).toEqual({ matches: true, reasons: ['distance'] });
    expect(within(10, monza)).toBe(false);
    expect(within(30, brallo)).toBe(false);
    expect(within(100, brallo)).toBe(true);
    // Unknown place, or no centre: outside every radius.
    expect(within(100, { venuePoint: null })).toBe(false);
    expect(within(100, monza, null)).toBe(false);
    // No radius: anywhere, whatever the centre.
    expect(matches({ nearPostalCode: '20121', near: milano }, brallo)).toBe(true);
    expect(matches({}, { venuePoint: null })).toBe(true);
  });

  it('measures straight-line distances in km', () => {
    expect(distanceKm({ lat: 45.4683, lng: 9.1984 }, { lat: 44.7385, lng: 9.28 })).toBeCloseTo(81.4, 0);
    expect(distanceKm({ lat: 45, lng: 9 }, { lat: 45, lng: 9 })).toBe(0);
  });
});

describe('the within-km criterion', () => {
  it('takes 10, 30, 50 or 100 km from a postal code, and asks for the postal code', () => {
    expect(searchFiltersSchema.parse({ withinKm: 30, nearPostalCode: '20121' })).toMatchObject({
      withinKm: 30,
      nearPostalCode: '20121',
    });
    expect(searchFiltersSchema.parse({ nearPostalCode: '' })).toMatchObject({
      withinKm: null,
      nearPostalCode: null,
    });
    const missing = searchFiltersSchema.safeParse({ withinKm: 30 });
    expect(missing.error?.issues).toEqual([
      expect.objectContaining({ path: ['nearPostalCode'], message: 'validation.required' }),
    ]);
    expect(searchFiltersSchema.safeParse({ withinKm: 25, nearPostalCode: '20121' }).success).toBe(false);
    expect(searchFiltersSchema.safeParse({ withinKm: 30, nearPostalCode: '2012' }).success).toBe(false);
    expect(filterBodySchema.parse({ name: 'Vicino', withinKm: 50, nearPostalCode: '27050' })).toMatchObject({
      withinKm: 50,
      nearPostalCode: '27050',
    });
  });
});

describe('draw keys', () => {
  it("hold every filter key one of the competition's draws satisfies", () => {
    const keys = drawKeys(competition().draws);
    expect(keys).toContain(drawCriteriaKey({ tipoTorneo: 'Femminile', catClass: 3, catEta: null }));
    expect(keys).toContain(drawCriteriaKey({ tipoTorneo: null, catClass: null, catEta: 'open' }));
    expect(keys).not.toContain(drawCriteriaKey({ tipoTorneo: 'Femminile', catClass: 4, catEta: null }));
    expect(keys).toContain('*|*|*');
  });
});

describe('criteria schemas', () => {
  it('read 0, null, "" and absent as "all"', () => {
    expect(searchFiltersSchema.parse({})).toEqual(EMPTY_CRITERIA);
    expect(
      searchFiltersSchema.parse({
        codFonte: null,
        idStatopuc: 0,
        regionId: 0,
        provinceId: null,
        catClass: 0,
        tipoTorneo: '',
        catEta: null,
        dataInizio: '',
        prize: 0,
      }),
    ).toEqual(EMPTY_CRITERIA);
  });

  it('reject codes outside the spec and impossible dates', () => {
    for (const bad of [
      { codFonte: 4 },
      { idStatopuc: 5 },
      { prize: 700 },
      { catClass: 5 },
      { tipoTorneo: 'maschile' },
      { catEta: 'under' },
      { regionId: 21 },
      { dataInizio: '2026-02-30' },
      { timePeriod: 'next_year' },
    ]) {
      expect(searchFiltersSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('want the end after the start and the province inside the region', () => {
    const reversed = searchFiltersSchema.safeParse({ dataInizio: '2026-06-10', dataFine: '2026-06-01' });
    expect(reversed.error?.issues[0]).toMatchObject({ path: ['dataFine'], message: 'validation.dateRange' });
    const outside = searchFiltersSchema.safeParse({ regionId: 3, provinceId: 58 });
    expect(outside.error?.issues[0]).toMatchObject({
      path: ['provinceId'],
      message: 'validation.provinceNotInRegion',
    });
    expect(searchFiltersSchema.safeParse({ regionId: 12, provinceId: 58 }).success).toBe(true);
    expect(searchFiltersSchema.safeParse({ provinceId: 998 }).success).toBe(false);
  });

  it('keep the filter body to the filter time periods, with notifications on by default', () => {
    expect(filterBodySchema.parse({ name: ' Roma ' })).toEqual({
      ...EMPTY_CRITERIA,
      name: 'Roma',
      notificationsEnabled: true,
    });
    expect(filterBodySchema.safeParse({ name: 'x', timePeriod: 'this_week' }).success).toBe(false);
    expect(searchFiltersSchema.safeParse({ timePeriod: 'this_week' }).success).toBe(true);
    expect(endOfMonth('2026-06-10')).toBe('2026-06-30');
  });
});

describe('Rome wall-clock times', () => {
  it('turn into instants with the right offset, across daylight-saving changes', async () => {
    const { romeLocalToInstant } = await import('../src/calendar');
    expect(romeLocalToInstant(2026, 1, 15, 12, 0, 0).toISOString()).toBe('2026-01-15T11:00:00.000Z');
    expect(romeLocalToInstant(2026, 7, 15, 12, 0, 0).toISOString()).toBe('2026-07-15T10:00:00.000Z');
    // 29 March 2026: 02:00 → 03:00; 25 October 2026: 03:00 → 02:00.
    expect(romeLocalToInstant(2026, 3, 29, 1, 30).toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(romeLocalToInstant(2026, 3, 29, 3, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(romeLocalToInstant(2026, 10, 25, 2, 30).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(romeLocalToInstant(2026, 10, 25, 3, 30).toISOString()).toBe('2026-10-25T02:30:00.000Z');
  });
});
