import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimulatorHandle } from '@radar/fitp-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FederationCompetition,
  FederationRequestError,
  FederationUnavailableError,
} from '../../src/federation';
import { startTestSimulator, testFederationClient } from '../helpers/federation';

describe('federation client against the simulator', () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterEach(() => sim.script.clearFaults());
  afterAll(() => sim.close());

  async function listEverything(client = testFederationClient(sim.url)) {
    const rows: FederationCompetition[] = [];
    let placeholders = 0;
    const { total } = await client.listAll({}, async (page) => {
      rows.push(...page.rows);
      placeholders += page.placeholders;
    });
    return { rows, placeholders, total };
  }

  it('pages through the whole list, skipping placeholders, and maps each row like the federation holds it', async () => {
    const { rows, placeholders, total } = await listEverything();
    const published = sim.federation.published(sim.clock.nowMs());
    expect(rows.length).toBe(published.length);
    expect(placeholders).toBeGreaterThan(0);
    expect(total).toBe(rows.length + placeholders);
    expect(new Set(rows.map((r) => r.guid)).size).toBe(rows.length);
    for (const row of rows.slice(0, 200)) {
      const c = sim.federation.findCompetition(row.guid);
      if (!c) throw new Error(`unknown ${row.guid}`);
      expect(row.guid).toBe(c.guid);
      expect(row.name).toBe(c.name);
      expect(row.provinceSigla).toBe(c.province.sigla);
      expect(row.provinceId).toBe(c.province.id);
      expect(row.regionId).toBe(c.province.regionId);
      expect(row.codFonte).toBe(c.codFonte);
      expect(row.prizeMoney).toBe(c.prizeMoney);
      expect(row.onlineRegistration).toBe(c.onlineRegistration);
      expect(row.mainDraw.type).toBe(c.tournaments[0]?.type);
      expect(row.mainDraw.categoryClass).toBe(c.tournaments[0]?.categoryClass);
      expect(row.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (row.registrationClosesAt) expect(row.registrationClosesAt.getTime()).toBe(c.registrationClosesAt);
    }
  });

  it('reads a detail with tournaments, participants and items, 204 as unpublished and 404 as not found', async () => {
    const client = testFederationClient(sim.url);
    const added = sim.script.addCompetition({ province: 'RM' });
    const uid = added.tournamentUids[0] ?? '';
    const player = sim.script.players({ limit: 1, ranking: '4.' })[0];
    sim.script.addEntry({ tournamentUid: uid, cardNumber: player?.cardNumber });
    sim.script.addDocument({ tournamentUid: uid, title: 'Locandina' });
    const found = await client.competitionDetail(added.guid.toLowerCase());
    expect(found.kind).toBe('found');
    if (found.kind !== 'found') return;
    const t = found.detail.tournaments[0];
    expect(t?.uuid).toBe(uid);
    expect(t?.participants.map((p) => p.membershipCard)).toEqual([player?.cardNumber]);
    expect(t?.items.map((i) => [i.kind, i.title])).toEqual([['document', 'Locandina']]);
    expect(t?.items[0]?.url).toMatch(new RegExp(`^${sim.url}/files/`));

    const future = sim.script.addCompetition({ publishedAt: new Date(sim.clock.nowMs() + 86_400_000) });
    expect(await client.competitionDetail(future.guid)).toEqual({ kind: 'unpublished' });
    expect(await client.competitionDetail('00000000-0000-4000-8000-000000000000')).toEqual({
      kind: 'not-found',
    });
    expect(await client.findCompetition(added.guid)).toMatchObject({ guid: added.guid });
    expect(await client.findCompetition('00000000-0000-4000-8000-000000000000')).toBeNull();
    sim.script.fault({ kind: 'no-content', times: 1 });
    expect(await client.competitionDetail(added.guid)).toEqual({ kind: 'unpublished' });
  });

  it('retries a 503 and a 429 and then succeeds', async () => {
    const client = testFederationClient(sim.url, { maxRetries: 3 });
    sim.script.failNext(2, 503);
    const page = await client.listPage({}, 0, 10);
    expect(page.rows.length).toBeGreaterThan(0);
    sim.script.fault({ kind: 'error', status: 429, times: 1, endpoint: 'detail' });
    const guid = page.rows[0]?.guid ?? '';
    expect((await client.competitionDetail(guid)).kind).toBe('found');
    expect(sim.script.state().faults).toEqual([]);
  });

  it('reports "service down", not "not found", when the federation keeps failing', async () => {
    const client = testFederationClient(sim.url, { maxRetries: 2 });
    sim.script.fault({ kind: 'error', status: 503 });
    const failure = await client
      .competitionDetail('00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FederationUnavailableError);
    expect(failure).toMatchObject({ reason: 'status', status: 503 });
    await expect(client.listAll({}, async () => undefined)).rejects.toBeInstanceOf(
      FederationUnavailableError,
    );
    const before = sim.script.state().requests.detail ?? 0;
    await client.competitionDetail('00000000-0000-4000-8000-000000000000').catch(() => undefined);
    // The first call and two retries.
    expect((sim.script.state().requests.detail ?? 0) - before).toBe(3);
  });

  it('gives up on a slow answer at the timeout and retries it', async () => {
    const client = testFederationClient(sim.url, { timeoutMs: 300, maxRetries: 1 });
    sim.script.fault({ kind: 'slow', delayMs: 5_000, times: 1, endpoint: 'list' });
    const page = await client.listPage({}, 0, 5);
    expect(page.rows.length).toBeGreaterThan(0);
    sim.script.fault({ kind: 'slow', delayMs: 5_000, times: 2, endpoint: 'list' });
    await expect(client.listPage({}, 0, 5)).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('keeps the readable rows of a malformed page and the players missing a card', async () => {
    const client = testFederationClient(sim.url);
    const clean = await client.listPage({}, 0, 30);
    sim.script.fault({ kind: 'malformed', endpoint: 'list', times: 1 });
    const broken = await client.listPage({}, 0, 30);
    expect(broken.skipped.length).toBeGreaterThan(5);
    expect(broken.rows.length).toBe(clean.rows.length - broken.skipped.length);
    expect(broken.rows).toEqual(clean.rows.filter((r) => broken.rows.some((b) => b.guid === r.guid)));

    const added = sim.script.addCompetition({});
    const uid = added.tournamentUids[0] ?? '';
    for (let i = 0; i < 6; i++) sim.script.addEntry({ tournamentUid: uid });
    sim.script.fault({ kind: 'malformed', endpoint: 'detail', times: 1 });
    const detail = await client.competitionDetail(added.guid);
    if (detail.kind !== 'found') throw new Error(detail.kind);
    const entered = detail.detail.tournaments[0]?.participants ?? [];
    expect(entered).toHaveLength(6);
    expect(entered.some((p) => p.membershipCard === null || p.subscriptionDate === null)).toBe(true);
  });

  it("reads a player's card and entries, and an unknown card as null", async () => {
    const client = testFederationClient(sim.url);
    const added = sim.script.addCompetition({});
    const entry = sim.script.addEntry({ tournamentUid: added.tournamentUids[0] ?? '', ranking: '3.2' });
    const player = await client.playerCard(entry.cardNumber);
    expect(player).toMatchObject({ cardNumber: entry.cardNumber, ranking: '3.2' });
    const entries = await client.playerEntries(entry.cardNumber);
    expect(entries).toContainEqual(
      expect.objectContaining({ competitionGuid: added.guid, tournamentUuid: added.tournamentUids[0] }),
    );
    expect(await client.playerCard('000000001')).toBeNull();
    expect(await client.playerEntries('000000001')).toEqual([]);
  });
});

/** A misbehaving federation: each test sets how it answers. */
describe('federation client against a misbehaving server', () => {
  let server: Server;
  let url: string;
  let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  let calls = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      calls++;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => inFlight--);
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => handler(req, res, body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    calls = 0;
    maxInFlight = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

  it('treats an answer that is not JSON as service down, without retrying', async () => {
    handler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    await expect(testFederationClient(url).listPage({}, 0)).rejects.toMatchObject({
      reason: 'invalid-response',
    });
    expect(calls).toBe(1);
  });

  it('treats JSON of the wrong shape as service down', async () => {
    handler = (_req, res) => json(res, 200, { unexpected: true });
    await expect(testFederationClient(url).listPage({}, 0)).rejects.toBeInstanceOf(
      FederationUnavailableError,
    );
    await expect(
      testFederationClient(url).competitionDetail('00000000-0000-4000-8000-000000000000'),
    ).rejects.toBeInstanceOf(FederationUnavailableError);
  });

  it('does not retry a 400: the request is wrong, not the service', async () => {
    handler = (_req, res) => json(res, 400, { message: 'id_stato must be an integer' });
    const failure = await testFederationClient(url)
      .listPage({}, 0)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FederationRequestError);
    expect(String(failure)).toContain('id_stato must be an integer');
    expect(calls).toBe(1);
  });

  it('honours Retry-After on a 429 and then reads the answer', async () => {
    let n = 0;
    handler = (_req, res) => {
      n++;
      if (n === 1) return json(res, 429, {}, { 'retry-after': '0' });
      if (n === 2) return json(res, 502, {});
      return json(res, 200, { record: 0, competizioni: [] });
    };
    const page = await testFederationClient(url, { maxRetries: 2 }).listPage({}, 0);
    expect(page).toMatchObject({ total: 0, rows: [] });
    expect(calls).toBe(3);
  });

  it('reports a hung connection as a timeout and a refused one as a network failure', async () => {
    handler = () => undefined; // never answers
    await expect(
      testFederationClient(url, { timeoutMs: 200, maxRetries: 1 }).listPage({}, 0),
    ).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(calls).toBe(2);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(testFederationClient(deadUrl, { maxRetries: 1 }).listPage({}, 0)).rejects.toMatchObject({
      reason: 'network',
    });
  });

  it('keeps at most 4 calls in flight', async () => {
    const held: ServerResponse[] = [];
    handler = (_req, res) => {
      held.push(res);
      // Answer in batches once 4 are waiting (or the last ones).
      if (held.length >= 4 || calls >= 12) {
        for (const r of held.splice(0)) json(r, 200, { record: 0, competizioni: [] });
      }
    };
    const client = testFederationClient(url);
    await Promise.all(Array.from({ length: 12 }, (_, i) => client.listPage({}, i * 100)));
    expect(calls).toBe(12);
    expect(maxInFlight).toBe(4);
  });
});
