/**
 * The client's transport and its three kinds of "nothing" against a local server
 * (fitp-contract.md §0, §10): retries and Retry-After with a fake sleep (no real waiting), no
 * retry on other 4xx nor 204, at most 4 requests in flight, the size cap on an endless body,
 * non-JSON as down, broken rows skipped, FITP province ids on the wire.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FederationRequestError, FederationUnavailableError } from '../../src/federation';
import {
  type FixtureServer,
  fixtureClient,
  recordingLogger,
  sample,
  startFixtureServer,
} from './fixture-server';

const GUID = '8E872D3D-3E4E-4014-9606-ACADE6000B3F';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Answers in turn, the last one for every later request. */
function inTurn(...answers: { status: number; body?: string | Buffer; headers?: Record<string, string> }[]) {
  let n = 0;
  return () => answers[Math.min(n++, answers.length - 1)];
}

const down = (reason: string, status?: number) =>
  expect.objectContaining({ name: 'FederationUnavailableError', reason, ...(status ? { status } : {}) });

describe('retries (§10)', () => {
  it('retries 503 and 429, honouring Retry-After in seconds and as an HTTP date', async () => {
    server = await startFixtureServer(
      inTurn(
        { status: 503, headers: { 'retry-after': '3' } },
        { status: 429, headers: { 'retry-after': 'Thu, 26 Nov 2026 12:00:05 GMT' } },
        { status: 200, body: sample('list-page.json') },
      ),
    );
    const { client, sleeps } = fixtureClient(server.url, { now: () => Date.parse('2026-11-26T12:00:00Z') });
    const page = await client.listPage({});
    expect(page.rows).toHaveLength(6);
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([3000, 5000]);
  });

  it('backs off 250 ms · 2ⁿ plus jitter on 5xx and 408, and gives up after 3 retries as down', async () => {
    server = await startFixtureServer(
      inTurn({ status: 502 }, { status: 408 }, { status: 500 }, { status: 503 }),
    );
    const { client, sleeps } = fixtureClient(server.url, { random: () => 0.5 });
    await expect(client.competitionDetail(GUID)).rejects.toEqual(down('status', 503));
    expect(server.requests).toHaveLength(4);
    expect(sleeps).toEqual([375, 750, 1500]);
  });

  it('caps a long Retry-After at retryMaxMs', async () => {
    server = await startFixtureServer(
      inTurn({ status: 429, headers: { 'retry-after': '3600' } }, { status: 200, body: '[]' }),
    );
    const { client, sleeps } = fixtureClient(server.url, { retryMaxMs: 30_000 });
    expect(await client.documents(GUID)).toEqual([]);
    expect(sleeps).toEqual([30_000]);
  });

  it('reports a 429 that stays as rate-limited', async () => {
    server = await startFixtureServer(() => ({ status: 429 }));
    const { client } = fixtureClient(server.url, { maxRetries: 1 });
    await expect(client.documents(GUID)).rejects.toEqual(down('rate-limited', 429));
    expect(server.requests).toHaveLength(2);
  });

  it('never retries a 400 (our bug, not an outage) nor a 204', async () => {
    server = await startFixtureServer(() => ({ status: 400, body: '{"message":"bad"}' }));
    const { client, sleeps } = fixtureClient(server.url);
    const error = await client.listPage({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FederationRequestError);
    expect(error).toMatchObject({ status: 400 });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    await server.close();

    server = await startFixtureServer(() => ({ status: 204 }));
    const second = fixtureClient(server.url);
    expect(await second.client.competitionDetail(GUID)).toEqual({ kind: 'no-detail' });
    expect(server.requests).toHaveLength(1);
    expect(second.sleeps).toEqual([]);
  });

  it('retries a timeout and a dropped connection', async () => {
    let n = 0;
    server = await startFixtureServer((_request, res) => {
      n++;
      // The first request hangs (the client's 100 ms timeout), the second is cut.
      if (n === 1) return undefined;
      if (n === 2) {
        res.socket?.destroy();
        return undefined;
      }
      return { status: 200, body: sample('list-empty.json') };
    });
    const { client, sleeps } = fixtureClient(server.url, { listTimeoutMs: 100 });
    expect(await client.listPage({ regionId: 21 })).toMatchObject({ total: 0, rows: [] });
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it('a call that keeps timing out is down (timeout)', async () => {
    server = await startFixtureServer(() => undefined);
    const { client } = fixtureClient(server.url, { timeoutMs: 50, maxRetries: 1 });
    await expect(client.playerSheet('6672599151')).rejects.toEqual(down('timeout'));
    expect(server.requests).toHaveLength(2);
  });

  it("the caller's own cancellation is not an outage and is not retried", async () => {
    server = await startFixtureServer(() => undefined);
    const { client, sleeps } = fixtureClient(server.url);
    const controller = new AbortController();
    const call = client.documents(GUID, { signal: controller.signal });
    await new Promise<void>((resolve) => {
      const check = () => (server?.requests.length ? resolve() : setImmediate(check));
      check();
    });
    controller.abort(new Error('user left'));
    await expect(call).rejects.toThrow('user left');
    expect(sleeps).toEqual([]);
  });
});

describe('politeness (§10)', () => {
  it('keeps at most 4 requests in flight', async () => {
    const held: ServerResponse[] = [];
    let answered = 0;
    let maxInFlight = 0;
    const waiters: { count: number; resolve: () => void }[] = [];
    const arrived = (count: number) =>
      new Promise<void>((resolve) => {
        if (held.length >= count) resolve();
        else waiters.push({ count, resolve });
      });
    server = await startFixtureServer((_request, res) => {
      held.push(res);
      maxInFlight = Math.max(maxInFlight, held.length - answered);
      for (const w of waiters.filter((w) => held.length >= w.count)) w.resolve();
      return undefined;
    });
    const { client } = fixtureClient(server.url);
    const calls = Array.from({ length: 10 }, (_, i) => client.documents(`${GUID}-${i}`));
    while (answered < 10) {
      await arrived(answered + Math.min(4, 10 - answered));
      const res = held[answered];
      answered++;
      res?.writeHead(200, { 'content-type': 'application/json' }).end('["a.pdf"]');
    }
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 10 }, () => ['a.pdf']));
    expect(server.requests).toHaveLength(10);
    expect(maxInFlight).toBe(4);
  });
});

describe('bodies (§10, issue 28 point 3)', () => {
  it('aborts an endless body past maxBodyBytes as too-large, without retrying', async () => {
    server = await startFixtureServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"competizioni":[');
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) {
          // Keeps writing until the socket pushes back.
        }
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
      return undefined;
    });
    const { client, sleeps } = fixtureClient(server.url, { maxBodyBytes: 1024 * 1024 });
    await expect(client.listPage({})).rejects.toEqual(down('too-large'));
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('refuses a declared 200 MB body before reading it', async () => {
    server = await startFixtureServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) });
      res.write('{"Tournaments":[');
      return undefined;
    });
    const { client } = fixtureClient(server.url);
    await expect(client.competitionDetail(GUID)).rejects.toEqual(down('too-large'));
  });

  it('reads a body just under the cap', async () => {
    const body = sample('detail-62831.json');
    server = await startFixtureServer(() => ({ status: 200, body }));
    const { client } = fixtureClient(server.url, { maxBodyBytes: body.length });
    expect((await client.competitionDetail(GUID)).kind).toBe('found');
  });

  it('a body that is not JSON is down (invalid-response), not retried', async () => {
    server = await startFixtureServer(() => ({
      status: 200,
      body: '<html><body>Service Unavailable</body></html>',
      headers: { 'content-type': 'text/html' },
    }));
    const { client, sleeps } = fixtureClient(server.url);
    await expect(client.listPage({})).rejects.toEqual(down('invalid-response'));
    await expect(client.draw(174661, 'X')).rejects.toBeInstanceOf(FederationUnavailableError);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('JSON of another shape is down too', async () => {
    server = await startFixtureServer(() => ({ status: 200, body: '{"items":[]}' }));
    const { client } = fixtureClient(server.url);
    await expect(client.listPage({})).rejects.toEqual(down('invalid-response'));
    await expect(client.documents(GUID)).rejects.toEqual(down('invalid-response'));
    await expect(client.competitionDetail(GUID)).rejects.toEqual(down('invalid-response'));
  });
});

describe('broken rows (issue 27: bad input)', () => {
  it('skips a malformed row with its reason, logs it, and keeps the rest', async () => {
    const page = JSON.parse(sample('list-page.json').toString('utf8')) as {
      competizioni: Record<string, unknown>[];
      record: number;
    };
    const [first, second, third, , , tpra] = page.competizioni;
    if (!first || !second || !third || !tpra) throw new Error('sample changed');
    delete first.guid;
    second.nome_torneo = '   ';
    third.data_inizio = '01/01/1900';
    tpra.id_torneo_digital = 0;
    page.competizioni.push('not a row' as never);
    server = await startFixtureServer(() => ({ status: 200, body: JSON.stringify(page) }));
    const { logger, warnings } = recordingLogger();
    const { client } = fixtureClient(server.url, { logger });
    const result = await client.listPage({});
    expect(result.received).toBe(7);
    expect(result.total).toBe(6);
    expect(result.rows.map((r) => r.guid)).toEqual([
      'D3F8BE2D-C5DD-4F8C-A681-8526468EAA6D',
      'F3616CBC-273F-4534-95CA-CD4353060D92',
    ]);
    expect(result.skipped.map((s) => s.reason)).toEqual([
      'row: guid missing',
      '8E872D3D-3E4E-4014-9606-ACADE6000B3F: nome_torneo missing',
      '94C7E886-EC99-40FF-90C4-82F8427AC0DD: data_inizio missing or unknown',
      'TPRA row: id_torneo_digital missing',
      'row: not an object',
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.data).toMatchObject({ count: 5 });
  });

  it('skips a participant without a card or without both names, keeping the others and the pairs', async () => {
    const detail = JSON.parse(sample('detail-62831.json').toString('utf8')) as {
      Tournaments: { Participants: Record<string, unknown>[] }[];
    };
    const doubles = detail.Tournaments[3]?.Participants;
    const singles = detail.Tournaments[0]?.Participants;
    if (!doubles || !singles) throw new Error('sample changed');
    // The second player of the first pair loses his card; a singles player loses both names.
    const lost = doubles[1];
    if (lost) lost.MembershipCard = '';
    const nameless = singles[2];
    if (nameless) {
      nameless.Name = null;
      nameless.Surname = ' ';
    }
    server = await startFixtureServer(() => ({ status: 200, body: JSON.stringify(detail) }));
    const { logger, warnings } = recordingLogger();
    const { client } = fixtureClient(server.url, { logger });
    const result = await client.competitionDetail(GUID);
    if (result.kind !== 'found') throw new Error(result.kind);
    expect(result.detail.tournaments[0]?.participants).toHaveLength(36);
    const pairs = result.detail.tournaments[3]?.participants.map((p) => p.pair);
    // The orphan is a pair of its own; the others keep their partners.
    expect(pairs).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.data).toMatchObject({
      count: 2,
      reasons: [
        'tournament 174661: participant 8184760317: Name and Surname missing',
        'tournament 174667: participant UGOLINI COLOMBINI CORINNA: MembershipCard missing',
      ],
    });
  });
});

describe('province ids on the wire (§9)', () => {
  it('sends the FITP id: 215 for Milano (ISTAT 15), 258 for Roma, 263 for Napoli, 17 for Brescia', async () => {
    server = await startFixtureServer(() => ({ status: 200, body: '' }));
    const { client } = fixtureClient(server.url);
    for (const provinceId of [15, 58, 63, 17]) await client.listPage({ provinceId, regionId: 3, idStato: 4 });
    expect(server.requests.map((r) => (r.body as Record<string, unknown>).id_provincia)).toEqual([
      215, 258, 263, 17,
    ]);
    expect(server.requests[0]?.body).toMatchObject({ id_regione: 3, id_stato: 4 });
  });

  it('refuses a province id it does not know rather than asking for the wrong one', async () => {
    server = await startFixtureServer(() => ({ status: 200, body: '' }));
    const { client } = fixtureClient(server.url);
    await expect(client.listPage({ provinceId: 215 })).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('nothing, no detail, not found (§10)', () => {
  it('reads the answers that mean "nothing" as normal answers', async () => {
    const answers: Record<string, { status: number; body?: string }> = {
      '/api/v3/puc/competizione/dettaglio': { status: 200, body: '{"result":"KO","statusCode":404}' },
      '/api/v1/tesserati/dettaglio/semplice': { status: 200, body: '' },
      '/api/v3/puc/competizione/documenti/list': { status: 200, body: '[]' },
      '/api/v2/puc/competizione/regole/list': { status: 200, body: '' },
      '/api/v3/puc/competizione/ordine-di-gioco/list': { status: 200, body: '' },
      '/api/v3/puc/competizione/tabellone': {
        status: 200,
        body: '{"results":[{"torneo":"x","partite":[]}]}',
      },
      '/api/v3/tornei/puc/list': { status: 204 },
    };
    server = await startFixtureServer((request) => answers[request.path] ?? { status: 404 });
    const { client } = fixtureClient(server.url);
    expect(await client.competitionDetail(GUID)).toEqual({ kind: 'not-found' });
    expect(await client.playerSheet('0000000001')).toBeNull();
    expect(await client.documents(GUID)).toEqual([]);
    expect(await client.rules(GUID)).toEqual([]);
    expect(await client.ordersOfPlay(GUID)).toEqual([]);
    expect(await client.draw(1, 'S')).toBeNull();
    expect(await client.listPage({ regionId: 14 })).toEqual({ total: 0, received: 0, rows: [], skipped: [] });
    expect(server.requests.find((r) => r.path.endsWith('/regole/list'))?.body).toEqual({
      competitionId: GUID,
    });
  });

  it('a 404 detail is not found; an in-band KO on the player sheet is an unknown card', async () => {
    server = await startFixtureServer((request) =>
      request.path.endsWith('/semplice')
        ? { status: 200, body: '{"result":"KO","statusCode":404,"message":"not found"}' }
        : { status: 404 },
    );
    const { client } = fixtureClient(server.url);
    expect(await client.competitionDetail(GUID)).toEqual({ kind: 'not-found' });
    expect(await client.playerSheet('123456')).toBeNull();
    expect(server.requests[1]?.body).toEqual({ cardNumber: Buffer.from('123456').toString('base64') });
  });
});

describe('downloads (§4)', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300 * 1024, 7)]);

  it('relays a file with its type and length, asking with the file name', async () => {
    server = await startFixtureServer((request) =>
      request.query.get('fileName') === 'orariodigioco_20260802.pdf'
        ? { status: 200, body: pdf, headers: { 'content-type': 'application/pdf' } }
        : { status: 404 },
    );
    const { client } = fixtureClient(server.url);
    const file = await client.download('order_of_play', GUID, 'orariodigioco_20260802.pdf');
    if (!file) throw new Error('no file');
    expect(file.contentType).toBe('application/pdf');
    expect(file.length).toBe(pdf.length);
    expect(Buffer.from(await new Response(file.body).arrayBuffer()).equals(pdf)).toBe(true);
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.path).toBe('/api/v2/puc/competizione/ordine-di-gioco/download');
    expect(server.requests[0]?.query.get('competitionId')).toBe(GUID);
  });

  it('omits the file name for a lone file, and answers null on 404', async () => {
    server = await startFixtureServer(() => ({ status: 404 }));
    const { client } = fixtureClient(server.url);
    expect(await client.download('order_of_play', GUID, null)).toBeNull();
    expect(await client.download('rules', GUID, null)).toBeNull();
    expect(await client.download('document', GUID, 'Regolamento torneo.pdf')).toBeNull();
    expect([...(server.requests[0]?.query.keys() ?? [])]).toEqual(['competitionId']);
    expect(server.requests[1]?.path).toBe('/api/v2/puc/competizione/regole/download');
    expect(server.requests[2]?.path).toBe('/api/v2/puc/competizione/documenti/download');
    expect(server.requests[2]?.query.get('fileName')).toBe('Regolamento torneo.pdf');
  });

  it('cuts a download past maxDownloadBytes', async () => {
    server = await startFixtureServer(() => ({
      status: 200,
      body: pdf,
      headers: { 'content-type': 'application/pdf' },
    }));
    const { client } = fixtureClient(server.url, { maxDownloadBytes: 64 * 1024 });
    // The length is declared: refused at once.
    await expect(client.download('document', GUID, 'a.pdf')).rejects.toEqual(down('too-large'));
    await server.close();

    server = await startFixtureServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdf);
      return undefined;
    });
    const second = fixtureClient(server.url, { maxDownloadBytes: 64 * 1024 });
    const file = await second.client.download('document', GUID, 'a.pdf');
    if (!file) throw new Error('no file');
    expect(file.length).toBeNull();
    await expect(new Response(file.body).arrayBuffer()).rejects.toEqual(down('too-large'));
  });
});
