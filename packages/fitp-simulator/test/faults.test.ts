import { Agent, request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import { base64, closeAll, detail, type Json, list, PATHS, post, request, startSim } from './helpers';

describe('faults', () => {
  let sim: SimulatorHandle;
  let guid: string;

  beforeAll(async () => {
    sim = await startSim({ quirks: false, competitions: 800 });
    guid = (await list(sim)).competizioni.find((r: Json) => r.cod_fonte === 1).guid;
  });
  afterEach(() => sim.script.clearFaults());
  afterAll(closeAll);

  const statusOfList = async () => (await post(sim, PATHS.list, {})).status;

  it('answer 503 to the next N calls over HTTP, then recover', async () => {
    const added = await post(sim, '/__sim/faults', { kind: 'error', times: 2 });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ kind: 'error', status: 503, remaining: 2 });
    const first = await post(sim, PATHS.list, {});
    expect(first.status).toBe(503);
    expect((await detail(sim, guid)).status).toBe(503);
    expect(await statusOfList()).toBe(200);
  });

  it('answer an error until cleared, with the status asked for', async () => {
    sim.script.fault({ kind: 'error', status: 429 });
    for (let i = 0; i < 3; i++) expect(await statusOfList()).toBe(429);
    expect((await request(sim, 'GET', '/__sim/faults')).body.faults).toHaveLength(1);
    expect((await request(sim, 'DELETE', '/__sim/faults')).status).toBe(204);
    expect(await statusOfList()).toBe(200);
  });

  it('apply only to the endpoint named', async () => {
    sim.script.fault({ kind: 'error', endpoint: 'card', times: 1, status: 500 });
    const cardNumber = base64(sim.federation.pool.at(0).cardNumber);
    expect(await statusOfList()).toBe(200);
    expect((await post(sim, PATHS.card, { cardNumber })).status).toBe(500);
    expect((await post(sim, PATHS.card, { cardNumber })).status).toBe(200);
  });

  it('are set from JS too, and never touch the /__sim hooks', async () => {
    sim.script.failNext(1);
    expect((await request(sim, 'GET', '/__sim/state')).status).toBe(200);
    expect(await statusOfList()).toBe(503);
    expect(await statusOfList()).toBe(200);
  });

  it('apply only to the competition named, when one is', async () => {
    const other = (await list(sim)).competizioni.filter((r: Json) => r.cod_fonte === 1)[1].guid;
    await post(sim, '/__sim/faults', { kind: 'error', endpoint: 'detail', guid: guid.toLowerCase() });
    expect((await detail(sim, guid)).status).toBe(503);
    expect((await detail(sim, other)).status).toBe(200);
    expect((await post(sim, PATHS.list, { guid })).status).toBe(200);
    expect((await detail(sim, guid)).status).toBe(503);
  });

  it('answer slowly', async () => {
    await post(sim, '/__sim/faults', { kind: 'slow', delayMs: 300, times: 1 });
    expect(sim.script.state().faults).toHaveLength(1);
    const t0 = performance.now();
    expect(await statusOfList()).toBe(200);
    // A delay can only make the answer later, never earlier: this bound cannot flake.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    // One slow answer was asked for; it is used up.
    expect(sim.script.state().faults).toHaveLength(0);
  });

  it('answer 204 from the detail call', async () => {
    sim.script.fault({ kind: 'no-content', times: 1 });
    const answer = await detail(sim, guid);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    expect(await statusOfList()).toBe(200);
    expect((await detail(sim, guid)).status).toBe(200);
  });

  it('return malformed rows mixed with good ones', async () => {
    const clean = (await list(sim, { fetchrows: '30' })).competizioni;
    sim.script.fault({ kind: 'malformed', endpoint: 'list', times: 1 });
    const page = await list(sim, { fetchrows: '30' });
    expect(page.competizioni).toHaveLength(30);
    const required = ['guid', 'nome_torneo', 'data_inizio', 'data_fine'];
    const broken = page.competizioni.filter((r: Json) => required.some((f) => !(f in r)));
    expect(broken.length).toBe(10);
    const good = page.competizioni.filter((r: Json) => required.every((f) => f in r));
    expect(good.length).toBe(20);
    for (const row of good) expect(clean).toContainEqual(row);
    expect((await list(sim, { fetchrows: '30' })).competizioni).toEqual(clean);
  });

  it('return malformed participants in the detail', async () => {
    const withEntries = (await list(sim, { id_stato: '1' })).competizioni
      .filter((r: Json) => r.cod_fonte === 1)
      .slice(0, 20);
    sim.script.fault({ kind: 'malformed', endpoint: 'detail' });
    let checked = 0;
    for (const row of withEntries) {
      const { body } = await detail(sim, row.guid);
      for (const t of body.Tournaments) {
        if (t.Participants.length < 3) continue;
        checked++;
        const missing = t.Participants.filter(
          (p: Json) => !('MembershipCard' in p) || !('SubscriptionDate' in p),
        );
        expect(missing.length).toBeGreaterThan(0);
        expect(missing.length).toBeLessThan(t.Participants.length);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('reach the file lists, the draw and the downloads: errors, and bodies cut short', async () => {
    const draw = `${PATHS.draw}?tournamentId=1&phaseId=X`;
    sim.script.fault({ kind: 'error', endpoint: 'draw', times: 1 });
    expect((await request(sim, 'GET', draw)).status).toBe(503);
    expect((await request(sim, 'GET', draw)).status).toBe(200);
    sim.script.fault({ kind: 'error', endpoint: 'ordersOfPlay', times: 1, status: 502 });
    expect((await post(sim, PATHS.ordersOfPlay, { competitionId: guid })).status).toBe(502);
    sim.script.fault({ kind: 'malformed', endpoint: 'documents', times: 1 });
    const cut = await fetch(`${sim.url}${PATHS.documents}`, {
      method: 'POST',
      body: JSON.stringify({ competitionId: guid }),
    });
    const text = await cut.text();
    expect(cut.status).toBe(200);
    expect(() => JSON.parse(text)).toThrow();
    sim.script.fault({ kind: 'error', endpoint: 'download', times: 1 });
    expect((await request(sim, 'GET', `${PATHS.rulesDownload}?competitionId=${guid}`)).status).toBe(503);
    sim.script.fault({ kind: 'slow', endpoint: 'card', delayMs: 200, times: 1 });
    const t0 = performance.now();
    await post(sim, PATHS.card, { cardNumber: 'MTIz' });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(190);
  });

  it('reject rules that make no sense', async () => {
    expect((await post(sim, '/__sim/faults', { kind: 'no-content', endpoint: 'list' })).status).toBe(400);
    expect((await post(sim, '/__sim/faults', { kind: 'slow' })).status).toBe(400);
    expect((await post(sim, '/__sim/faults', { kind: 'error', times: 0 })).status).toBe(400);
    expect((await post(sim, '/__sim/faults', { kind: 'explode' })).status).toBe(400);
  });
});

describe('close', () => {
  it('stops promptly with a keep-alive connection open and a slow answer pending', async () => {
    const sim = await startSim({ competitions: 300 });
    const agent = new Agent({ keepAlive: true });
    const call = (): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = httpRequest(`${sim.url}${PATHS.list}`, { method: 'POST', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end('{}');
      });
    expect(await call()).toBe(200); // leaves an idle keep-alive socket
    sim.script.fault({ kind: 'slow', delayMs: 60_000 });
    const pending = call().catch((error: Error) => error);
    await new Promise((r) => setTimeout(r, 50));
    // A close that waited for the 60 s answer would outlast the test's timeout.
    await closeAll();
    expect(await pending).toBeInstanceOf(Error);
    agent.destroy();
  });
});
