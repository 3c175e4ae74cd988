import { type Filter, type FilterBodyInput, MAX_FILTERS_PER_USER } from '@radar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filters } from '../../../src/db/schema';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A filter that sets every field. */
const FULL: FilterBodyInput = {
  name: 'Lazio under',
  notificationsEnabled: false,
  codFonte: 1,
  idStatopuc: 3,
  dataInizio: '2026-12-01',
  dataFine: '2027-02-28',
  regionId: 12,
  provinceId: 58,
  prize: 1000,
  tipoTorneo: 'Maschile',
  catClass: 4,
  catEta: 'giovanili',
  timePeriod: 'next_3_months',
};

/** How every filter field reads back when it is "all": 0 for codes, null for the rest. */
const CANONICAL_ALL = {
  notificationsEnabled: true,
  codFonte: 0,
  idStatopuc: 0,
  dataInizio: null,
  dataFine: null,
  regionId: null,
  provinceId: null,
  prize: 0,
  tipoTorneo: null,
  catClass: null,
  catEta: null,
  timePeriod: 'all',
};

describe('filters API', () => {
  let t: TestApp;
  let clock = new Date('2026-11-22T10:00:00Z');
  const tick = () => {
    clock = new Date(clock.getTime() + 60_000);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signedInUser(language: 'it' | 'en' = 'it') {
    const user = await createUser(t.database.db, { language });
    return { user, cookie: await signIn(t.database.db, user) };
  }

  async function create(cookie: string, body: FilterBodyInput): Promise<Filter> {
    const response = await call(t.app, 'POST', '/api/filters', { cookie, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('answers 401 to a visitor on every filters call', async () => {
    for (const [method, url] of [
      ['GET', '/api/filters'],
      ['POST', '/api/filters'],
      ['PUT', `/api/filters/${MISSING_ID}`],
      ['DELETE', `/api/filters/${MISSING_ID}`],
      ['PATCH', `/api/filters/${MISSING_ID}/toggle`],
      ['PATCH', '/api/filters/disable-all'],
      ['DELETE', '/api/filters'],
    ] as const) {
      const response = await call(t.app, method, url, { body: { name: 'x' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
      // A visitor's language is the browser's (Accept-Language); a signed-in user's is their own.
      const english = await call(t.app, method, url, { body: { name: 'x' }, language: 'en-GB,en;q=0.9' });
      expect(english.json().message).toBe('You need to be logged in to access this resource');
    }
  });

  it('creates a filter with every field and reads it back as sent', async () => {
    const { cookie } = await signedInUser();
    const created = await create(cookie, FULL);
    const { name, ...criteria } = FULL;
    expect(created).toMatchObject({ name, ...criteria });
    expect(created.createdAt).toBe(clock.toISOString());
    expect(created.updatedAt).toBe(clock.toISOString());

    const list = await call(t.app, 'GET', '/api/filters', { cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [created] });
  });

  it('keeps "within 30 km" with the point of its postal code as it was when saved', async () => {
    const { user, cookie } = await signedInUser();
    const near = await create(cookie, { name: 'Vicino a Milano', withinKm: 30, nearPostalCode: '20121' });
    expect(near).toMatchObject({ withinKm: 30, nearPostalCode: '20121' });
    expect(near).not.toHaveProperty('near');
    const [row] = await t.database.db.select().from(filters).where(eq(filters.userId, user.id));
    // The point of 20121 in the places dataset: what matching reads.
    expect(row).toMatchObject({ withinKm: 30, nearPostalCode: '20121', nearLat: 45.4683, nearLng: 9.1984 });
    // A postal code alone, without a radius, is not kept.
    const plain = await create(cookie, { name: 'Senza raggio', nearPostalCode: '20121' });
    expect(plain).toMatchObject({ withinKm: null, nearPostalCode: null });
    // No postal code: the field is asked for; an unknown one is refused.
    const missing = await call(t.app, 'POST', '/api/filters', { cookie, body: { name: 'x', withinKm: 30 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields.nearPostalCode).toEqual(['Questo campo è obbligatorio']);
    const unknown = await call(t.app, 'POST', '/api/filters', {
      cookie,
      body: { name: 'x', withinKm: 30, nearPostalCode: '00000' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('POSTAL_CODE_UNKNOWN');
  });

  it("stores the 'all' values canonically: 0 for codes, null for the rest, whether sent as 0, null, '' or absent", async () => {
    const { cookie } = await signedInUser();
    const absent = await create(cookie, { name: 'Absent' });
    expect(absent).toMatchObject({ name: 'Absent', ...CANONICAL_ALL });
    const zeros = await create(cookie, {
      name: 'Zeros',
      codFonte: 0,
      idStatopuc: 0,
      regionId: 0,
      provinceId: 0,
      prize: 0,
      catClass: 0,
      dataInizio: '',
      dataFine: '',
      tipoTorneo: '',
      catEta: '',
      timePeriod: 'all',
    });
    expect(zeros).toMatchObject({ name: 'Zeros', ...CANONICAL_ALL });
    const nulls = await create(cookie, {
      name: 'Nulls',
      codFonte: null,
      idStatopuc: null,
      regionId: null,
      provinceId: null,
      prize: null,
      catClass: null,
      dataInizio: null,
      dataFine: null,
      tipoTorneo: null,
      catEta: null,
    });
    expect(nulls).toMatchObject({ name: 'Nulls', ...CANONICAL_ALL });
  });

  it('round-trips every value of every coded field', async () => {
    const { cookie } = await signedInUser();
    const cases: FilterBodyInput[] = [
      ...[1, 2, 3].map((codFonte) => ({ name: `fonte ${codFonte}`, codFonte }) as FilterBodyInput),
      ...[1, 2, 3, 4].map((idStatopuc) => ({ name: `stato ${idStatopuc}`, idStatopuc }) as FilterBodyInput),
      ...[500, 1000, 1001].map((prize) => ({ name: `prize ${prize}`, prize }) as FilterBodyInput),
      ...(['Maschile', 'Femminile', 'DoppioM', 'DoppioF', 'Misto'] as const).map((tipoTorneo) => ({
        name: `tipo ${tipoTorneo}`,
        tipoTorneo,
      })),
      ...([1, 2, 3, 4] as const).map((catClass) => ({ name: `class ${catClass}`, catClass })),
      ...(['open', 'giovanili', 'veterani'] as const).map((catEta) => ({ name: `eta ${catEta}`, catEta })),
      ...(['next_month', 'next_3_months', 'next_6_months'] as const).map((timePeriod) => ({
        name: `period ${timePeriod}`,
        timePeriod,
      })),
      { name: 'region only', regionId: 3 },
      { name: 'province only', provinceId: 15 },
      { name: 'from only', dataInizio: '2027-01-01' },
      { name: 'to only', dataFine: '2027-01-01' },
    ];
    for (const body of cases) {
      const { name, ...fields } = body;
      const created = await create(cookie, body);
      expect(created, name).toMatchObject(fields);
    }
    const list = (await call(t.app, 'GET', '/api/filters', { cookie })).json() as { items: Filter[] };
    expect(list.items).toHaveLength(cases.length);
  });

  it('lists active filters first, then by name whatever the case', async () => {
    const { cookie } = await signedInUser();
    await create(cookie, { name: 'beta' });
    await create(cookie, { name: 'Alpha', notificationsEnabled: false });
    await create(cookie, { name: 'gamma' });
    await create(cookie, { name: 'Delta', notificationsEnabled: false });
    await create(cookie, { name: 'alfa' });
    const list = (await call(t.app, 'GET', '/api/filters', { cookie })).json() as { items: Filter[] };
    expect(list.items.map((f) => [f.name, f.notificationsEnabled])).toEqual([
      ['alfa', true],
      ['beta', true],
      ['gamma', true],
      ['Alpha', false],
      ['Delta', false],
    ]);
  });

  it('answers VALIDATION_ERROR with the field messages in Italian and in English', async () => {
    const italian = await signedInUser('it');
    const english = await signedInUser('en');
    const cases: {
      body: object;
      field: string;
      it: string;
      en: string;
    }[] = [
      {
        body: { regionId: 12 },
        field: 'name',
        it: 'Questo campo è obbligatorio',
        en: 'This field is required',
      },
      {
        body: { name: '   ' },
        field: 'name',
        it: 'Questo campo è obbligatorio',
        en: 'This field is required',
      },
      {
        body: { name: 'x'.repeat(101) },
        field: 'name',
        it: 'Non può superare 100 caratteri',
        en: 'Must be no more than 100 characters',
      },
      {
        body: { name: 'Roma in Lombardia', regionId: 3, provinceId: 58 },
        field: 'provinceId',
        it: 'La provincia non appartiene alla regione scelta',
        en: 'The province is not in the chosen region',
      },
      {
        body: { name: 'No such province', provinceId: 999 },
        field: 'provinceId',
        it: 'Valore non valido',
        en: 'Invalid value',
      },
      {
        body: { name: 'Backwards', dataInizio: '2027-02-01', dataFine: '2027-01-01' },
        field: 'dataFine',
        it: 'La data di fine non può precedere la data di inizio',
        en: 'The end date cannot be before the start date',
      },
      {
        body: { name: 'Bad date', dataInizio: '2027-02-30' },
        field: 'dataInizio',
        it: 'Formato non valido',
        en: 'Invalid format',
      },
      {
        body: { name: 'Bad code', codFonte: 7 },
        field: 'codFonte',
        it: 'Valore non valido',
        en: 'Invalid value',
      },
      {
        body: { name: 'Bad prize', prize: 700 },
        field: 'prize',
        it: 'Valore non valido',
        en: 'Invalid value',
      },
      {
        body: { name: 'Search-only period', timePeriod: 'this_week' },
        field: 'timePeriod',
        it: 'Valore non valido',
        en: 'Invalid value',
      },
      {
        body: { name: 'Bad type', tipoTorneo: 'Singolo' },
        field: 'tipoTorneo',
        it: 'Valore non valido',
        en: 'Invalid value',
      },
      {
        body: { name: 'Bad region', regionId: 21 },
        field: 'regionId',
        it: 'Valore non valido',
        en: 'Invalid value',
      },
    ];
    const { id } = await create(italian.cookie, { name: 'Existing' });
    for (const c of cases) {
      for (const [who, expected] of [
        [italian, c.it],
        [english, c.en],
      ] as const) {
        for (const [method, url] of [
          ['POST', '/api/filters'],
          ['PUT', `/api/filters/${id}`],
        ] as const) {
          const response = await call(t.app, method, url, { cookie: who.cookie, body: c.body });
          expect(response.statusCode, `${method} ${JSON.stringify(c.body)}`).toBe(400);
          const body = response.json();
          expect(body.code).toBe('VALIDATION_ERROR');
          expect(body.data.fields[c.field], JSON.stringify(c.body)).toContain(expected);
        }
      }
    }
    // Nothing was saved or changed.
    const list = (await call(t.app, 'GET', '/api/filters', { cookie: italian.cookie })).json();
    expect(list.items.map((f: Filter) => f.name)).toEqual(['Existing']);
    expect((await call(t.app, 'GET', '/api/filters', { cookie: english.cookie })).json().items).toEqual([]);
  });

  it('accepts a province inside the region, or either alone', async () => {
    const { cookie } = await signedInUser();
    expect((await create(cookie, { name: 'Roma', regionId: 12, provinceId: 58 })).provinceId).toBe(58);
  });

  it('rejects a duplicate name on creation and on rename, whatever the case, in Italian and English', async () => {
    const italian = await signedInUser('it');
    const english = await signedInUser('en');
    for (const [who, message] of [
      [italian, 'Esiste già un filtro con questo nome'],
      [english, 'A filter with this name already exists'],
    ] as const) {
      await create(who.cookie, { name: 'Tornei a Roma' });
      const other = await create(who.cookie, { name: 'Altro' });
      for (const name of ['Tornei a Roma', 'TORNEI A ROMA', '  tornei a roma  ']) {
        const duplicate = await call(t.app, 'POST', '/api/filters', { cookie: who.cookie, body: { name } });
        expect(duplicate.statusCode, name).toBe(409);
        expect(duplicate.json()).toMatchObject({ code: 'FILTER_NAME_TAKEN', message, status: 409 });
        const rename = await call(t.app, 'PUT', `/api/filters/${other.id}`, {
          cookie: who.cookie,
          body: { name },
        });
        expect(rename.statusCode, name).toBe(409);
        expect(rename.json()).toMatchObject({ code: 'FILTER_NAME_TAKEN', message });
      }
      // Renaming a filter to its own name in another case is no clash.
      const same = await call(t.app, 'PUT', `/api/filters/${other.id}`, {
        cookie: who.cookie,
        body: { name: 'ALTRO' },
      });
      expect(same.statusCode).toBe(200);
      expect(same.json().name).toBe('ALTRO');
    }
    // The same name is free for another user.
    const third = await signedInUser();
    expect((await create(third.cookie, { name: 'Tornei a Roma' })).name).toBe('Tornei a Roma');
  });

  it('answers FILTER_NAME_TAKEN to concurrent creations of one name: exactly one is saved', async () => {
    const { user, cookie } = await signedInUser();
    const responses = await Promise.all(
      ['Gara', 'gara', 'GARA', 'Gara '].map((name) =>
        call(t.app, 'POST', '/api/filters', { cookie, body: { name } }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json().code).toBe('FILTER_NAME_TAKEN');
    }
    const rows = await t.database.db.select().from(filters).where(eq(filters.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('updates every field, moves updatedAt and keeps createdAt', async () => {
    const { cookie } = await signedInUser();
    const created = await create(cookie, { name: 'Broad' });
    tick();
    const response = await call(t.app, 'PUT', `/api/filters/${created.id}`, { cookie, body: FULL });
    expect(response.statusCode).toBe(200);
    const updated = response.json() as Filter;
    const { name, ...criteria } = FULL;
    expect(updated).toMatchObject({ id: created.id, name, ...criteria, createdAt: created.createdAt });
    expect(updated.updatedAt).toBe(clock.toISOString());
    expect(updated.updatedAt > created.updatedAt).toBe(true);

    // And back to 'all' everywhere.
    tick();
    const back = await call(t.app, 'PUT', `/api/filters/${created.id}`, {
      cookie,
      body: { name: 'Broad again' },
    });
    expect(back.json()).toMatchObject({
      name: 'Broad again',
      ...CANONICAL_ALL,
      updatedAt: clock.toISOString(),
    });
    const list = (await call(t.app, 'GET', '/api/filters', { cookie })).json();
    expect(list.items).toEqual([back.json()]);
  });

  it('toggles notifications on and off, moving updatedAt', async () => {
    const { cookie } = await signedInUser();
    const created = await create(cookie, { name: 'Toggle me' });
    tick();
    const off = await call(t.app, 'PATCH', `/api/filters/${created.id}/toggle`, { cookie });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      id: created.id,
      notificationsEnabled: false,
      updatedAt: clock.toISOString(),
    });
    tick();
    const on = await call(t.app, 'PATCH', `/api/filters/${created.id}/toggle`, { cookie });
    expect(on.json()).toMatchObject({ notificationsEnabled: true, updatedAt: clock.toISOString() });
  });

  it('deletes one filter (204), then answers 404 for it', async () => {
    const { cookie } = await signedInUser();
    const keep = await create(cookie, { name: 'Keep' });
    const gone = await create(cookie, { name: 'Gone' });
    const response = await call(t.app, 'DELETE', `/api/filters/${gone.id}`, { cookie });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const again = await call(t.app, 'DELETE', `/api/filters/${gone.id}`, { cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('FILTER_NOT_FOUND');
    const list = (await call(t.app, 'GET', '/api/filters', { cookie })).json();
    expect(list.items.map((f: Filter) => f.id)).toEqual([keep.id]);
    // The freed name can be used again.
    expect((await create(cookie, { name: 'gone' })).name).toBe('gone');
  });

  it("answers 404 FILTER_NOT_FOUND for another user's filter on every id call, as for a missing one, and leaves it alone", async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser('en');
    const theirs = await create(owner.cookie, FULL);
    for (const id of [theirs.id, MISSING_ID]) {
      for (const [method, url, body] of [
        ['PUT', `/api/filters/${id}`, { name: 'Stolen' }],
        ['DELETE', `/api/filters/${id}`, undefined],
        ['PATCH', `/api/filters/${id}/toggle`, undefined],
      ] as const) {
        const response = await call(t.app, method, url, { cookie: intruder.cookie, ...(body && { body }) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({
          code: 'FILTER_NOT_FOUND',
          message: 'Filter not found.',
          status: 404,
        });
      }
    }
    const list = (await call(t.app, 'GET', '/api/filters', { cookie: owner.cookie })).json();
    expect(list.items).toEqual([theirs]);
    expect((await call(t.app, 'GET', '/api/filters', { cookie: intruder.cookie })).json().items).toEqual([]);
  });

  it('answers VALIDATION_ERROR for an id that is not a uuid', async () => {
    const { cookie } = await signedInUser();
    const response = await call(t.app, 'PATCH', '/api/filters/not-a-uuid/toggle', { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it("disables all and deletes all the caller's filters only, answering how many changed", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    await create(me.cookie, { name: 'a' });
    await create(me.cookie, { name: 'b' });
    await create(me.cookie, { name: 'c', notificationsEnabled: false });
    const othersFilter = await create(other.cookie, { name: 'a' });

    tick();
    const disabled = await call(t.app, 'PATCH', '/api/filters/disable-all', { cookie: me.cookie });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toEqual({ count: 2 });
    const mine = (await call(t.app, 'GET', '/api/filters', { cookie: me.cookie })).json().items as Filter[];
    expect(mine.every((f) => !f.notificationsEnabled)).toBe(true);
    expect(mine.filter((f) => f.name !== 'c').every((f) => f.updatedAt === clock.toISOString())).toBe(true);
    expect((await call(t.app, 'PATCH', '/api/filters/disable-all', { cookie: me.cookie })).json()).toEqual({
      count: 0,
    });

    const deleted = await call(t.app, 'DELETE', '/api/filters', { cookie: me.cookie });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ count: 3 });
    expect((await call(t.app, 'GET', '/api/filters', { cookie: me.cookie })).json().items).toEqual([]);
    expect((await call(t.app, 'DELETE', '/api/filters', { cookie: me.cookie })).json()).toEqual({ count: 0 });

    // The other user's filter is untouched.
    expect((await call(t.app, 'GET', '/api/filters', { cookie: other.cookie })).json().items).toEqual([
      othersFilter,
    ]);
  });

  it(`refuses more than ${MAX_FILTERS_PER_USER} filters with 409 FILTER_LIMIT_REACHED, the cap in the message`, async () => {
    const { user, cookie } = await signedInUser();
    await t.database.db
      .insert(filters)
      .values(
        Array.from({ length: MAX_FILTERS_PER_USER - 1 }, (_, i) => ({ userId: user.id, name: `f${i}` })),
      );
    // Concurrent creations past the cap: only one fits.
    const responses = await Promise.all(
      ['last', 'one more', 'and another'].map((name) =>
        call(t.app, 'POST', '/api/filters', { cookie, body: { name } }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = responses.find((r) => r.statusCode === 409);
    expect(refused?.json()).toEqual({
      code: 'FILTER_LIMIT_REACHED',
      message: `Hai raggiunto il numero massimo di filtri (${MAX_FILTERS_PER_USER}). Eliminane uno per crearne un altro.`,
      status: 409,
      data: { count: MAX_FILTERS_PER_USER },
    });
    const rows = await t.database.db.select().from(filters).where(eq(filters.userId, user.id));
    expect(rows).toHaveLength(MAX_FILTERS_PER_USER);
    // Deleting one frees a place.
    const one = rows[0];
    if (!one) throw new Error('no filter');
    expect((await call(t.app, 'DELETE', `/api/filters/${one.id}`, { cookie })).statusCode).toBe(204);
    expect(
      (await call(t.app, 'POST', '/api/filters', { cookie, body: { name: 'fits again' } })).statusCode,
    ).toBe(201);
  });

  it('documents every filters call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/filters'])).toEqual(expect.arrayContaining(['get', 'post', 'delete']));
    expect(Object.keys(doc.paths['/api/filters/{id}'])).toEqual(expect.arrayContaining(['put', 'delete']));
    expect(doc.paths['/api/filters/{id}/toggle'].patch.summary).toBeTruthy();
    expect(doc.paths['/api/filters/disable-all'].patch.summary).toBeTruthy();
  });
});
