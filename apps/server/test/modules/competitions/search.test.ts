import { brotliDecompressSync } from 'node:zlib';
import {
  type CompetitionSummary,
  type CriteriaWithCentre,
  distanceKm,
  EMPTY_CRITERIA,
  matchFilter,
  romeDate,
  type SearchCompetitionsBody,
  type SearchCompetitionsResponse,
  type SearchSort,
} from '@radar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, filters, subscriptions, tournaments } from '../../../src/db/schema';
import { runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { placeOfPostalCode } from '../../../src/modules/places/places';
import {
  createFederationTestApp,
  type FederationTestApp,
  loadStored,
  postSearch,
  type Stored,
  useFederationTestApp,
} from '../../helpers/competitions';

/** Text in the databases' C collation (the guids are ASCII). */
const compareC = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('POST /api/competitions/search_competitions', () => {
  let ctx: FederationTestApp;
  let stored: Stored[];

  beforeAll(async () => {
    ctx = await createFederationTestApp();
    stored = await loadStored(ctx.test);
  });
  afterAll(() => ctx.close());

  const search = async (body: SearchCompetitionsBody, cookie = ctx.cookie) => {
    const response = await postSearch(ctx, body, cookie);
    return { status: response.statusCode, body: response.json() as SearchCompetitionsResponse };
  };

  /** Every result of a search, page by page. */
  const searchAll = async (body: SearchCompetitionsBody) => {
    const items: CompetitionSummary[] = [];
    for (let page = 1; ; page++) {
      const { body: answer } = await search({ ...body, page, limit: 100 });
      items.push(...answer.items);
      if (items.length >= answer.total || answer.items.length === 0) return { items, total: answer.total };
    }
  };

  /**
   * The expected results in the list's order: not concluded first (individual before team
   * championships, registration still ahead before the rest, then the soonest start, or with
   * `deadline` the soonest deadline first), then concluded most recent first.
   */
  const expected = (criteria: Partial<CriteriaWithCentre>, sort: SearchSort = 'start') => {
    const now = ctx.sim.clock.now();
    const today = romeDate(now);
    const ahead = (c: Stored) =>
      c.startDate > today && c.registrationClosesAt !== null && c.registrationClosesAt > now;
    const rank = (c: Stored) => [c.codFonte === 3 ? 1 : 0, ahead(c) ? 0 : 1];
    return stored
      .filter((c) => matchFilter({ ...EMPTY_CRITERIA, near: null, ...criteria }, c, now).matches)
      .sort((a, b) => {
        const concludedA = a.endDate < today;
        const concludedB = b.endDate < today;
        if (concludedA !== concludedB) return concludedA ? 1 : -1;
        if (concludedA) return b.startDate.localeCompare(a.startDate) || compareC(a.guid, b.guid);
        const [teamA, laterA] = rank(a) as [number, number];
        const [teamB, laterB] = rank(b) as [number, number];
        if (teamA !== teamB) return teamA - teamB;
        if (laterA !== laterB) return laterA - laterB;
        if (sort === 'deadline' && laterA === 0) {
          const byDeadline =
            (a.registrationClosesAt as Date).getTime() - (b.registrationClosesAt as Date).getTime();
          if (byDeadline !== 0) return byDeadline;
        }
        if (sort === 'distance' && criteria.near) {
          const away = (c: Stored) =>
            c.venuePoint && criteria.near
              ? distanceKm(criteria.near, c.venuePoint)
              : Number.POSITIVE_INFINITY;
          if (away(a) !== away(b)) return away(a) < away(b) ? -1 : 1;
        }
        return a.startDate.localeCompare(b.startDate) || compareC(a.guid, b.guid);
      })
      .map((c) => c.guid);
  };

  it('answers 401 to a visitor', async () => {
    const response = await ctx.test.app.inject({
      method: 'POST',
      url: '/api/competitions/search_competitions',
      payload: {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('lists every stored competition in a stable order, with the total', async () => {
    const { status, body } = await search({});
    expect(status).toBe(200);
    expect(body).toMatchObject({
      view: 'tournaments',
      page: 1,
      limit: 20,
      total: stored.length,
      documents: [],
      overview: null,
    });
    expect(body.items).toHaveLength(20);
    const all = await searchAll({});
    expect(all.items.map((c) => c.guid)).toEqual(expected({}));
  });

  it('lists first what a player can still enter: individual with registration ahead, then the rest, team championships after', async () => {
    const now = ctx.sim.clock.now();
    const today = romeDate(now);
    const { items } = await searchAll({});
    const live = items.filter((c) => c.endDate >= today);
    const kinds = live.map((c) =>
      c.codFonte === 3
        ? 'team'
        : c.startDate > today &&
            c.registrationClosesAt !== null &&
            Date.parse(c.registrationClosesAt) > now.getTime()
          ? 'open'
          : 'individual',
    );
    // The calendar has each kind, and they come in blocks, in this order.
    const blocks = kinds.filter((kind, i) => kind !== kinds[i - 1]);
    expect(blocks).toEqual(['open', 'individual', 'team']);
    expect(items.slice(live.length).every((c) => c.endDate < today)).toBe(true);

    // By deadline: the registrations closing first come first, then as by start.
    const byDeadline = await searchAll({ sort: 'deadline' });
    expect(byDeadline.items.map((c) => c.guid)).toEqual(expected({}, 'deadline'));
    const open = byDeadline.items.slice(0, kinds.filter((kind) => kind === 'open').length);
    const deadlines = open.map((c) => Date.parse(c.registrationClosesAt ?? ''));
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));
    expect(byDeadline.items.map((c) => c.guid)).not.toEqual(items.map((c) => c.guid));
    // The same in a region, and paged alike.
    expect(
      (await searchAll({ sort: 'deadline', filters: { regionId: 12 } })).items.map((c) => c.guid),
    ).toEqual(expected({ regionId: 12 }, 'deadline'));
  });

  it('answers brotli-compressed when the browser accepts it, and plain JSON when not', async () => {
    const ask = (headers: Record<string, string>) =>
      ctx.test.app.inject({
        method: 'POST',
        url: '/api/competitions/search_competitions',
        headers: { cookie: ctx.cookie, ...headers },
        payload: { limit: 20 },
      });
    const plain = await ask({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const compressed = await ask({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('pages without gaps or repeats', async () => {
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(...(await search({ page, limit: 25 })).body.items.map((c) => c.guid));
    const single = (await search({ page: 1, limit: 75 })).body.items.map((c) => c.guid);
    expect(pages).toEqual(single);
    expect(new Set(pages).size).toBe(75);
    const beyond = await search({ page: 9999, limit: 100 });
    expect(beyond.body).toMatchObject({ items: [], total: stored.length });
  });

  const cases: [string, Partial<CriteriaWithCentre>][] = [
    ['region', { regionId: 12 }],
    ['region and province', { regionId: 12, provinceId: 58 }],
    ['province alone', { provinceId: 15 }],
    ['source FITP', { codFonte: 1 }],
    ['source TPRA', { codFonte: 2 }],
    ['source team championships', { codFonte: 3 }],
    ['status concluded', { idStatopuc: 1 }],
    ['status ongoing', { idStatopuc: 2 }],
    ['status open registration', { idStatopuc: 3 }],
    ['status upcoming', { idStatopuc: 4 }],
    ['start date', { dataInizio: '2026-07-01' }],
    ['end date', { dataFine: '2026-05-15' }],
    ['date window', { dataInizio: '2026-06-15', dataFine: '2026-06-30' }],
    ['prize up to 500', { prize: 500 }],
    ['prize 500 to 1000', { prize: 1000 }],
    ['prize over 1000', { prize: 1001 }],
    ['type Maschile', { tipoTorneo: 'Maschile' }],
    ['type Femminile', { tipoTorneo: 'Femminile' }],
    ['type DoppioM', { tipoTorneo: 'DoppioM' }],
    ['type DoppioF', { tipoTorneo: 'DoppioF' }],
    ['type Misto', { tipoTorneo: 'Misto' }],
    ['class 1', { catClass: 1 }],
    ['class 2', { catClass: 2 }],
    ['class 3', { catClass: 3 }],
    ['class 4', { catClass: 4 }],
    ['age open', { catEta: 'open' }],
    ['age giovanili', { catEta: 'giovanili' }],
    ['age veterani', { catEta: 'veterani' }],
    ['type and class in one draw', { tipoTorneo: 'Femminile', catClass: 3 }],
    ['this week', { timePeriod: 'this_week' }],
    ['next week', { timePeriod: 'next_week' }],
    ['this month', { timePeriod: 'this_month' }],
    ['next month', { timePeriod: 'next_month' }],
    ['next 3 months', { timePeriod: 'next_3_months' }],
    ['next 6 months', { timePeriod: 'next_6_months' }],
    [
      'everything at once',
      { regionId: 3, codFonte: 1, idStatopuc: 3, prize: 500, catClass: 4, timePeriod: 'next_month' },
    ],
  ];

  it.each(cases)('filters by %s', async (_name, criteria) => {
    const want = expected(criteria);
    const { items, total } = await searchAll({ filters: criteria });
    expect(total).toBe(want.length);
    expect(items.map((c) => c.guid)).toEqual(want);
    // A filter that selects everything or nothing would prove little.
    if (!('regionId' in criteria && 'codFonte' in criteria)) {
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(stored.length);
    }
  });

  it('finds free text in the name, the club and the city, whatever the accents and case', async () => {
    const added = ctx.sim.script.addCompetition({
      name: 'Torneo della Città di Vàlmora',
      club: 'Circolo Tennis Zòlfari',
      city: 'Sant’Agata di Brènto',
      province: 'PI',
    });
    await runIngestion(ctx.ingestion);
    for (const text of [
      'citta valmora',
      'VALMORA',
      'zolfari',
      'circolo tennis zòlfari',
      'sant’agata di brento',
      "sant'agata brento",
    ]) {
      const { body } = await search({ search: text });
      expect(
        body.items.map((c) => c.guid),
        text,
      ).toEqual([added.guid]);
    }
    expect((await search({ search: 'valmora xyz' })).body.total).toBe(0);
    expect((await search({ search: '100%_' })).body.total).toBe(0);
    const combined = await search({ search: 'valmora', filters: { regionId: 9 } });
    expect(combined.body.items.map((c) => c.guid)).toEqual([added.guid]);
    expect((await search({ search: 'valmora', filters: { regionId: 12 } })).body.total).toBe(0);
    stored = await loadStored(ctx.test);
  });

  it('marks competitions added in the last 48 hours as new', async () => {
    const added = ctx.sim.script.addCompetition({ name: 'Nuovissimo Open' });
    await runIngestion(ctx.ingestion);
    const fresh = (await search({ search: 'nuovissimo' })).body.items[0];
    expect(fresh).toMatchObject({ guid: added.guid, isNew: true });
    expect(fresh?.addedAt).toBe(ctx.sim.clock.now().toISOString());
    // Loaded by the first pass: not new.
    const { items } = await searchAll({});
    expect(items.filter((c) => c.addedAt === null).some((c) => c.isNew)).toBe(false);
    expect(items.filter((c) => c.addedAt !== null).every((c) => c.isNew)).toBe(true);
    ctx.sim.clock.advance({ hours: 47 });
    expect((await search({ search: 'nuovissimo' })).body.items[0]?.isNew).toBe(true);
    ctx.sim.clock.advance({ hours: 2 });
    expect((await search({ search: 'nuovissimo' })).body.items[0]?.isNew).toBe(false);
    ctx.sim.clock.advance({ hours: -49 });
    stored = await loadStored(ctx.test);
  });

  it("says which of the user's tournaments are followed or lost, and how many active filters match, with why", async () => {
    const added = ctx.sim.script.addCompetition({
      name: 'Open Filtri e Tornei',
      province: 'RM',
      prizeMoney: 800,
      tournaments: [
        { type: 'Maschile', categoryClass: 4 },
        { type: 'Femminile', categoryClass: 3 },
      ],
    });
    await runIngestion(ctx.ingestion);
    const db = ctx.test.database.db;
    const [first, second] = added.tournamentUids;
    await db.insert(subscriptions).values([
      { userId: ctx.user.id, competitionGuid: added.guid, tournamentUuid: first ?? '' },
      {
        userId: ctx.user.id,
        competitionGuid: added.guid,
        tournamentUuid: second ?? '',
        lost: true,
        notificationsEnabled: false,
      },
    ]);
    await db.insert(filters).values([
      { userId: ctx.user.id, name: 'Lazio', regionId: 12 },
      {
        userId: ctx.user.id,
        name: 'Roma donne',
        regionId: 12,
        provinceId: 58,
        tipoTorneo: 'Femminile',
        catClass: 3,
      },
      { userId: ctx.user.id, name: 'Premi', prize: 1000, timePeriod: 'next_month' },
      { userId: ctx.user.id, name: 'Spento', regionId: 12, notificationsEnabled: false },
      { userId: ctx.user.id, name: 'Lombardia', regionId: 3 },
    ]);
    const result = (await search({ search: 'filtri e tornei' })).body.items[0];
    expect(result).toMatchObject({
      guid: added.guid,
      followed: true,
      lost: true,
      matchingFilters: { count: 3, reasons: ['region', 'province', 'dates', 'prize', 'type', 'category'] },
    });
    expect(result?.tournaments.map((t) => [t.uuid, t.followed, t.lost])).toEqual([
      [first, true, false],
      [second, true, true],
    ]);

    // Another user sees none of it.
    const { createUser, signIn } = await import('../../helpers/factories');
    const other = await createUser(db);
    const theirs = (await search({ search: 'filtri e tornei' }, await signIn(db, other))).body.items[0];
    expect(theirs).toMatchObject({
      followed: false,
      lost: false,
      matchingFilters: { count: 0, reasons: [] },
    });
    stored = await loadStored(ctx.test);
  });

  it('gives an overview of the whole result: by status, region, source and prize, new ones, closing soon', async () => {
    const { status, body } = await search({ view: 'overview', filters: { regionId: 12 } });
    expect(status, JSON.stringify(body)).toBe(200);
    const want = expected({ regionId: 12 });
    expect(body.total).toBe(want.length);
    const overview = body.overview;
    expect(overview?.byStatus.reduce((n, s) => n + s.count, 0)).toBe(want.length);
    expect(overview?.byRegion).toEqual([{ regionId: 12, count: want.length }]);
    expect(overview?.bySource.reduce((n, s) => n + s.count, 0)).toBe(want.length);
    expect(overview?.byPrizeBand.reduce((n, s) => n + s.count, 0)).toBe(want.length);
    expect(overview?.closingSoon.length).toBeGreaterThan(0);
    expect(overview?.closingSoon.every((c) => c.status === 3 && c.regionId === 12)).toBe(true);
    const closes = overview?.closingSoon.map((c) => c.registrationClosesAt ?? '') ?? [];
    expect([...closes].sort()).toEqual(closes);
    const statuses = stored.filter((c) => want.includes(c.guid));
    expect(overview?.byStatus.find((s) => s.status === 3)?.count).toBe(
      (await searchAll({ filters: { regionId: 12, idStatopuc: 3 } })).total,
    );
    expect(statuses.length).toBe(want.length);
  });

  it('lists the documents, orders of play and draws of the results, newest first', async () => {
    const { body } = await search({ view: 'documents', limit: 50 });
    expect(body.items).toEqual([]);
    expect(body.total).toBeGreaterThan(50);
    expect(body.documents).toHaveLength(50);
    // Every file of the results, page by page: as many as the total, newest first, of every kind
    // (the newest 50 may all be documents and draws: orders of play come on event days).
    const files: typeof body.documents = [];
    for (let page = 1; files.length < body.total; page++) {
      const next = await search({ view: 'documents', limit: 100, page });
      expect(next.body.total).toBe(body.total);
      if (next.body.documents.length === 0) break;
      files.push(...next.body.documents);
    }
    expect(files).toHaveLength(body.total);
    expect(files.slice(0, 50)).toEqual(body.documents);
    const times = files.map((d) => d.publishedAt ?? '');
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(files.map((d) => d.kind))).toEqual(new Set(['document', 'order_of_play', 'draw']));
    const lazio = await search({ view: 'documents', limit: 100, filters: { regionId: 12 } });
    const lazioGuids = new Set(expected({ regionId: 12 }));
    expect(lazio.body.documents.length).toBeGreaterThan(0);
    expect(lazio.body.documents.every((d) => lazioGuids.has(d.competitionGuid))).toBe(true);
    // Documents and orders of play belong to the competition (no tournament); a draw to a tournament.
    const shown = [...files, ...lazio.body.documents];
    const ofCompetition = shown.find((d) => d.kind !== 'draw');
    expect(ofCompetition).toMatchObject({
      tournamentUuid: '',
      tournamentDescription: '',
      tournamentDraw: null,
    });
    const draw = shown.find((d) => d.kind === 'draw');
    const [tournament] = await ctx.test.database.db
      .select()
      .from(tournaments)
      .where(eq(tournaments.uuid, draw?.tournamentUuid ?? ''));
    expect(tournament?.competitionGuid).toBe(draw?.competitionGuid);
    expect(draw?.tournamentDescription).toBe(tournament?.description);
    // With what names it in English too.
    expect(draw?.tournamentDraw).toEqual({
      type: tournament?.type,
      categoryClass: tournament?.categoryClass,
      ageCategory: tournament?.ageCategory,
    });
  });

  it('finds what is played within 30 km of a postal code, nearest first, each with its distance', async () => {
    const milano = placeOfPostalCode('20121')?.point ?? null;
    expect(milano).not.toBeNull();
    const criteria = { withinKm: 30, nearPostalCode: '20121', near: milano } as const;
    const within = await searchAll({ filters: { withinKm: 30, nearPostalCode: '20121' }, sort: 'distance' });
    expect(within.items.map((c) => c.guid)).toEqual(expected(criteria, 'distance'));
    // Milano's metropolitan area holds many of the simulator's competitions, and not all of them are in it.
    expect(within.total).toBeGreaterThan(5);
    expect(within.total).toBeLessThan(stored.length / 2);
    for (const item of within.items) {
      const own = stored.find((c) => c.guid === item.guid);
      expect(own?.venuePoint).toBeTruthy();
      if (!own?.venuePoint || !milano) continue;
      expect(item.distanceKm).toBe(Math.round(distanceKm(milano, own.venuePoint) * 10) / 10);
      expect(item.distanceKm).toBeLessThanOrEqual(30);
    }
    // Among those a player can still enter, the nearest first.
    const now = ctx.sim.clock.now();
    const open = within.items.filter(
      (c) =>
        c.startDate > romeDate(now) &&
        c.registrationClosesAt !== null &&
        c.codFonte !== 3 &&
        new Date(c.registrationClosesAt) > now,
    );
    const distances = open.map((c) => c.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('sorts the whole calendar by distance when asked, unknown places last; no distance without a centre', async () => {
    const roma = placeOfPostalCode('00118')?.point ?? null;
    const all = await searchAll({ filters: { nearPostalCode: '00118' }, sort: 'distance' });
    expect(all.total).toBe(stored.length);
    expect(all.items.map((c) => c.guid)).toEqual(
      expected({ nearPostalCode: '00118', near: roma }, 'distance'),
    );
    expect(all.items.filter((c) => c.distanceKm !== null).length).toBeGreaterThan(stored.length / 2);
    // Without a postal code the distance sort is the start order, and no card has a distance.
    const plain = await searchAll({ sort: 'distance' });
    expect(plain.items.map((c) => c.guid)).toEqual(expected({}));
    expect(plain.items.every((c) => c.distanceKm === null)).toBe(true);
  });

  it('asks for the postal code of "within N km", and refuses one it does not know', async () => {
    const missing = await ctx.test.app.inject({
      method: 'POST',
      url: '/api/competitions/search_competitions',
      headers: { cookie: ctx.cookie, 'accept-language': 'it' },
      payload: { filters: { withinKm: 30 } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields['filters.nearPostalCode']).toEqual(['Questo campo è obbligatorio']);
    const radius = await search({ filters: { withinKm: 25 as 30, nearPostalCode: '20121' } });
    expect(radius.status).toBe(400);
    const unknown = await search({ filters: { withinKm: 30, nearPostalCode: '00000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'POSTAL_CODE_UNKNOWN' });
  });

  it('rejects filters outside the spec with the fields named', async () => {
    const response = await ctx.test.app.inject({
      method: 'POST',
      url: '/api/competitions/search_competitions',
      headers: { cookie: ctx.cookie, 'accept-language': 'it' },
      payload: { filters: { regionId: 3, provinceId: 58, prize: 700 }, limit: 500 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.data.fields)).toEqual(expect.arrayContaining(['filters.prize', 'limit']));
    const province = await ctx.test.app.inject({
      method: 'POST',
      url: '/api/competitions/search_competitions',
      headers: { cookie: ctx.cookie, 'accept-language': 'it' },
      payload: { filters: { regionId: 3, provinceId: 58 } },
    });
    expect(province.json().data.fields['filters.provinceId']).toEqual([
      'La provincia non appartiene alla regione scelta',
    ]);
  });

  it('counts every stored competition once', async () => {
    const [row] = await ctx.test.database.db.select().from(competitions).limit(1);
    expect(row).toBeTruthy();
    expect((await search({})).body.total).toBe(stored.length);
  });
});

describe('GET /api/reference/geo', () => {
  const ctx = useFederationTestApp({ ingest: false });

  it('gives every region and province with ISTAT codes, to anyone', async () => {
    const response = await ctx.test.app.inject({ url: '/api/reference/geo' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.regions).toHaveLength(20);
    expect(body.regions[11]).toEqual({ id: 12, name: 'Lazio' });
    expect(body.provinces).toContainEqual({ id: 58, sigla: 'RM', name: 'Roma', regionId: 12 });
    expect(body.provinces.length).toBeGreaterThan(100);
  });
});
