/**
 * The federation card end to end on the simulator and a real database: connecting a card (format,
 * unknown card, federation down, a card in two accounts), the player data kept when the
 * federation is down, disconnecting, the data-mismatch report.
 */
import type { SimulatorHandle } from '@radar/fitp-simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fitpCards, fitpMismatchReports, users } from '../../../src/db/schema';
import { createUser, signIn } from '../../helpers/factories';
import { startTestSimulator, testFederationClient } from '../../helpers/federation';
import { call } from '../../helpers/http';
import { mailTo } from '../../helpers/mailbox';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('the federation card', () => {
  let sim: SimulatorHandle;
  let t: TestApp;

  beforeAll(async () => {
    sim = await startTestSimulator({ competitions: 100 });
    t = await createTestApp({ federation: testFederationClient(sim.url), now: () => sim.clock.now() });
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(() => sim.script.clearFaults());

  /** A signed-in user; their own language wins over Accept-Language. */
  const account = async (language: 'it' | 'en' = 'it') => {
    const user = await createUser(t.database.db, { language });
    return { user, cookie: await signIn(t.database.db, user) };
  };
  const validate = (cookie: string, membershipCard: unknown, language = 'it') =>
    call(t.app, 'POST', '/api/fitp/validate', { cookie, body: { membershipCard }, language });
  const data = (cookie: string) => call(t.app, 'GET', '/api/fitp/data', { cookie });
  const aPlayer = (i = 0) => {
    const player = sim.federation.pool.at(i);
    return { player, card: player.cardNumber };
  };
  /** The player sheet exactly as the simulator answers it on the wire (§6: the card in base64). */
  const sheetOf = async (card: string): Promise<{ municipality: string }> => {
    const response = await fetch(`${sim.url}/api/v1/tesserati/dettaglio/semplice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cardNumber: Buffer.from(card).toString('base64') }),
    });
    const body = (await response.json()) as { player: { tennis_club_municipality: string } };
    return { municipality: body.player.tennis_club_municipality };
  };
  const cardColumn = async (userId: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]?.fitpCardNumber ?? null;

  it('checks the format first, with the spec texts in Italian and English', async () => {
    const { cookie } = await account();
    const english = await account('en');
    const cases: Array<[unknown, string, string]> = [
      ['', 'Inserisci il tuo numero di tessera', 'Please enter your membership card number'],
      ['   ', 'Inserisci il tuo numero di tessera', 'Please enter your membership card number'],
      ['12345', 'Il numero di tessera è troppo corto', 'Membership card number is too short'],
      ['12AB5678', 'La tessera deve contenere solo numeri', 'Membership card should contain only numbers'],
    ];
    const before = (await sim.script.state()).requests.card;
    for (const [card, it, en] of cases) {
      const itAnswer = await validate(cookie, card);
      expect(itAnswer.statusCode).toBe(400);
      expect(itAnswer.json().data.fields.membershipCard).toEqual([it]);
      expect((await validate(english.cookie, card, 'en')).json().data.fields.membershipCard).toEqual([en]);
    }
    // A badly formed card never reaches the federation.
    expect(sim.script.state().requests.card).toBe(before);
  });

  it('connects a known card: stored on the user with the player data, answered and kept', async () => {
    const { user, cookie } = await account();
    const { player, card } = aPlayer(3);
    const answer = await validate(cookie, ` ${card.slice(0, 3)} ${card.slice(3)} `);
    expect(answer.statusCode).toBe(200);
    // The player data as the sheet writes it (contract §6): names and club upper-case, the club's
    // province by name, its municipality often empty (none), and no update instant (decision 182).
    const sheet = await sheetOf(card);
    expect(sheet.municipality === '' || sheet.municipality === player.municipality).toBe(true);
    const expected = {
      name: player.firstName.toUpperCase(),
      surname: player.surname.toUpperCase(),
      tennisClub: player.club.toUpperCase(),
      municipality: sheet.municipality === '' ? null : player.municipality,
      province: player.province.name,
      category: player.category,
      ranking: player.ranking,
      maxRank: player.bestRanking,
      maxRankSeason: player.bestRankingSeason,
      lastUpdated: null,
    };
    expect(answer.json().card).toMatchObject({ membershipCard: card, player: expected, autoFollow: true });
    expect(await cardColumn(user.id)).toBe(card);
    const read = await data(cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().card.player).toEqual(expected);
    const me = await call(t.app, 'GET', '/api/user', { cookie });
    expect(me.json().fitpCardNumber ?? me.json().user?.fitpCardNumber).toBe(card);
  });

  it('refuses an unknown card with the spec text, in both languages', async () => {
    const { user, cookie } = await account();
    const answer = await validate(cookie, '000000017');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({
      code: 'FITP_CARD_NOT_FOUND',
      message: 'Numero di tessera non valido. Controlla e riprova.',
    });
    expect((await validate((await account('en')).cookie, '000000017', 'en')).json().message).toBe(
      'Invalid membership card number. Check it and try again.',
    );
    expect(await cardColumn(user.id)).toBeNull();
  });

  it('changes nothing while the federation is down: 503 flagged serviceDown', async () => {
    const { user, cookie } = await account();
    const first = aPlayer(5).card;
    expect((await validate(cookie, first)).statusCode).toBe(200);
    sim.script.fault({ kind: 'error', endpoint: 'card', status: 503 });
    const answer = await validate(cookie, aPlayer(6).card);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: 'FEDERATION_UNAVAILABLE', serviceDown: true });
    expect(answer.json().message).toMatch(/federazione/);
    expect(await cardColumn(user.id)).toBe(first);
  });

  it('refuses a card connected to another account, and says what its owner can do', async () => {
    const owner = await account();
    const other = await account();
    const { card } = aPlayer(8);
    expect((await validate(owner.cookie, card)).statusCode).toBe(200);
    const refused = await validate(other.cookie, card);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('FITP_CARD_IN_USE');
    expect(refused.json().message).toMatch(/già collegata a un altro account.*segnalacelo/);
    expect(await cardColumn(other.user.id)).toBeNull();
    expect(await cardColumn(owner.user.id)).toBe(card);
    // The owner connecting it again is fine.
    expect((await validate(owner.cookie, card)).statusCode).toBe(200);
  });

  it('lets two accounts race for one card: one wins, the other is refused', async () => {
    const a = await account();
    const b = await account();
    const { card } = aPlayer(9);
    const answers = await Promise.all([validate(a.cookie, card), validate(b.cookie, card)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db.select().from(fitpCards).where(eq(fitpCards.cardNumber, card));
    expect(rows).toHaveLength(1);
  });

  it('keeps the last known data with the degraded notice while the federation is down, fresh data after', async () => {
    const { cookie } = await account();
    const { card } = aPlayer(11);
    const connected = (await validate(cookie, card)).json().card;
    sim.clock.advance({ minutes: 2 });
    sim.script.fault({ kind: 'error', endpoint: 'card', status: 503 });
    const degraded = await data(cookie);
    expect(degraded.statusCode).toBe(207);
    expect(degraded.json()).toMatchObject({
      serviceDown: true,
      data: { card: { membershipCard: card, player: connected.player, fetchedAt: connected.fetchedAt } },
    });
    expect(degraded.json().message).toMatch(/federazione/);

    sim.script.clearFaults();
    sim.clock.advance({ minutes: 1 });
    const fresh = await data(cookie);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().card.fetchedAt).toBe(sim.clock.now().toISOString());
    expect(fresh.json().card.player).toEqual(connected.player);
  });

  it('saves gender and birth year on the card, validates them in both languages, keeps them for the same card', async () => {
    const { user, cookie } = await account();
    const english = await account('en');
    const settings = (who: string, body: object) =>
      call(t.app, 'PATCH', '/api/fitp/settings', { cookie: who, body });
    // Nothing to save them on without a card.
    expect((await settings(cookie, { gender: 'F' })).statusCode).toBe(404);
    const { card } = aPlayer(20);
    await validate(cookie, card);
    expect((await data(cookie)).json().card).toMatchObject({ gender: null, birthYear: null });

    const saved = await settings(cookie, { gender: 'F', birthYear: 1994 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().card).toMatchObject({ gender: 'F', birthYear: 1994, autoFollow: true });
    // One field at a time: the other stays; null clears.
    expect((await settings(cookie, { autoFollow: false })).json().card).toMatchObject({
      gender: 'F',
      birthYear: 1994,
      autoFollow: false,
    });
    expect((await settings(cookie, { birthYear: null })).json().card).toMatchObject({
      gender: 'F',
      birthYear: null,
    });
    await settings(cookie, { birthYear: 1994 });

    const thisYear = sim.clock.now().getUTCFullYear();
    const wrong: Array<[object, string, string]> = [
      [
        { birthYear: 1899 },
        "Scrivi un anno di nascita tra il 1900 e l'anno in corso",
        'Enter a birth year between 1900 and this year',
      ],
      [
        { birthYear: thisYear + 1 },
        "Scrivi un anno di nascita tra il 1900 e l'anno in corso",
        'Enter a birth year between 1900 and this year',
      ],
      [
        { birthYear: 1990.5 },
        "Scrivi un anno di nascita tra il 1900 e l'anno in corso",
        'Enter a birth year between 1900 and this year',
      ],
      [{ gender: 'X' }, 'Valore non valido', 'Invalid value'],
    ];
    for (const [body, it, en] of wrong) {
      const field = Object.keys(body)[0] as string;
      const answer = await settings(cookie, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().data.fields[field]).toEqual([it]);
      const inEnglish = await call(t.app, 'PATCH', '/api/fitp/settings', {
        cookie: english.cookie,
        body,
        language: 'en',
      });
      expect(inEnglish.statusCode).toBe(400);
      expect(inEnglish.json().data.fields[field]).toEqual([en]);
    }
    // Refused values changed nothing.
    expect((await data(cookie)).json().card).toMatchObject({ gender: 'F', birthYear: 1994 });
    const [row] = await t.database.db.select().from(fitpCards).where(eq(fitpCards.userId, user.id));
    expect(row).toMatchObject({ gender: 'F', birthYear: 1994 });

    // Connecting the same card again keeps them; another card starts without them.
    await validate(cookie, card);
    expect((await data(cookie)).json().card).toMatchObject({ gender: 'F', birthYear: 1994 });
    await validate(cookie, aPlayer(21).card);
    expect((await data(cookie)).json().card).toMatchObject({ gender: null, birthYear: null });
  });

  it('disconnects the card from Settings', async () => {
    const { user, cookie } = await account();
    const { card } = aPlayer(12);
    await validate(cookie, card);
    const removed = await call(t.app, 'DELETE', '/api/fitp/card', { cookie });
    expect(removed.statusCode).toBe(204);
    expect((await data(cookie)).json()).toEqual({ card: null });
    expect(await cardColumn(user.id)).toBeNull();
    expect((await call(t.app, 'GET', '/api/fitp/status', { cookie })).json()).toMatchObject({
      connected: false,
    });
    // Free again for anyone.
    const other = await account();
    expect((await validate(other.cookie, card)).statusCode).toBe(200);
  });

  it('tells the dashboard whether a card is connected', async () => {
    const { cookie } = await account();
    expect((await call(t.app, 'GET', '/api/fitp/status', { cookie })).json()).toEqual({
      connected: false,
      membershipCard: null,
      name: null,
      ranking: null,
      syncPending: false,
      syncDeferredAt: null,
      profileComplete: false,
    });
    const { player, card } = aPlayer(14);
    await validate(cookie, card);
    expect((await call(t.app, 'GET', '/api/fitp/status', { cookie })).json()).toMatchObject({
      connected: true,
      membershipCard: card,
      // As the sheet writes the name: upper-case (contract §6).
      name: `${player.firstName} ${player.surname}`.toUpperCase(),
      ranking: player.ranking,
    });
  });

  it('stores a data-mismatch report, emails it to the team and confirms it', async () => {
    const { user, cookie } = await account();
    const { card } = aPlayer(15);
    await validate(cookie, card);
    const answer = await call(t.app, 'POST', '/api/fitp/report-mismatch', {
      cookie,
      body: { message: 'La mia classifica è 3.5, non 4.1' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      code: 'FITP_MISMATCH_REPORTED',
      message: 'Grazie per la segnalazione! Verificheremo i dati e ti risponderemo via email.',
    });
    const [report] = await t.database.db
      .select()
      .from(fitpMismatchReports)
      .where(eq(fitpMismatchReports.userId, user.id));
    expect(report).toMatchObject({ cardNumber: card, message: 'La mia classifica è 3.5, non 4.1' });
    expect(report?.emailedAt).not.toBeNull();
    const [mail] = await mailTo(t.database.db, 'info@radartornei.it');
    expect(mail?.subject).toContain(card);
    expect(mail?.text).toContain('La mia classifica è 3.5, non 4.1');
    expect(mail?.text).toContain(user.email);

    const empty = await call(t.app, 'POST', '/api/fitp/report-mismatch', { cookie, body: { message: ' ' } });
    expect(empty.statusCode).toBe(400);
  });

  it('asks for a session on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/fitp/data'],
      ['POST', '/api/fitp/validate'],
      ['DELETE', '/api/fitp/card'],
      ['GET', '/api/fitp/sync'],
      ['POST', '/api/fitp/report-mismatch'],
    ] as const) {
      const answer = await call(
        t.app,
        method,
        url,
        method === 'POST' ? { body: { membershipCard: '1', message: 'x' } } : {},
      );
      expect(answer.statusCode, url).toBe(401);
    }
  });
});
