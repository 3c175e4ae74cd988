/**
 * The detail on the real federation's data (issue 27, decision 182): the bands table, the
 * practical fields and venues, gender and age codes, files linked to our server (and the file
 * route: only stored names, the federation's bytes and content type, 404, 503), the draws by
 * round, and competitions without a detail (team championships, TPRA) answered with their list
 * data.
 */
import type { CompetitionDetail } from '@radar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawMatch } from '../../../src/federation/types';
import { storeCompetition } from '../../helpers/detail-factories';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import {
  asAppFederation,
  fileKey,
  type MemoryFederation,
  memoryFederation,
} from '../../helpers/memory-federation';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const player = (name: string, ranking: string | null = null) => ({ card: null, name, ranking });
const side = (name: string, seed: number | null = null, retired = false) => ({
  players: [player(name)],
  seed,
  retired,
  absent: false,
});

describe('the detail on real data', () => {
  let t: TestApp;
  let fed: MemoryFederation;
  let cookie: string;
  let clock = new Date('2026-07-10T08:00:00Z');

  beforeAll(async () => {
    fed = memoryFederation();
    t = await createTestApp({ federation: asAppFederation(fed), now: () => clock });
    cookie = await signIn(t.database.db, await createUser(t.database.db));
  });
  afterAll(() => t.close());

  const detail = async (guid: string): Promise<CompetitionDetail> => {
    const response = await call(t.app, 'GET', `/api/competitions/${guid}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().competition;
  };

  it('shows the bands, the practical fields, the venues, gender and ages, the files and the draws', async () => {
    const matches: DrawMatch[] = [
      {
        id: 3,
        round: 2,
        position: 1,
        sides: [side('ROSSI MARIO', 1), side('NERI LUCA')],
        score: null,
        winner: null,
      },
      { id: 1, round: 1, position: 1, sides: [side('ROSSI MARIO', 1), null], score: null, winner: 0 },
      {
        id: 2,
        round: 1,
        position: 2,
        sides: [side('VERDI ANNA'), side('NERI LUCA', null, true)],
        score: '63 21 rit.',
        winner: 1,
      },
    ];
    const { guid } = await storeCompetition(
      t.database.db,
      {
        name: 'Open di Roma',
        detailSyncedAt: clock,
        detailStatus: 'found',
        bands: ['4.1', '4.NC'],
        ageCodes: ['NOR'],
      },
      [
        {
          description: 'Singolare maschile',
          gender: 'M',
          ageCodes: ['NOR', 'O45'],
          fee: 'Soci 20 €\nNon soci 25 €',
          balls: 'Dunlop Fort',
          surface: 'Terra rossa',
          weekdayMatchTime: '17:00',
          festiveMatchTime: '09:00',
          billboardTime: '19:00',
          nightPlay: true,
          courts: 4,
          venue: { address: 'Via dei Gordiani 1', cap: '00176', municipality: 'Roma', province: 'RM' },
          bands: [
            { minRank: '4.NC', maxRank: '4.1', closesAt: new Date('2026-07-28T10:00:00Z') },
            { minRank: '3.NC', maxRank: '1', byReferee: true },
          ],
          sections: [
            {
              code: '1',
              description: 'Tabellone finale',
              type: 'Tabellone finale',
              size: 4,
              isGroup: false,
              isIntermediate: false,
              hasWinner: true,
            },
          ],
          draw: { sectionCode: '1', matches },
        },
      ],
      [
        { kind: 'document', fileName: 'bando.pdf', title: 'Bando' },
        { kind: 'rules', fileName: 'regolamento.pdf' },
        { kind: 'order_of_play', fileName: 'odg_20260802.pdf', playDate: '2026-08-02' },
        { kind: 'order_of_play', fileName: 'oop_20260801.pdf', playDate: '2026-08-01' },
      ],
    );
    const c = await detail(guid);
    expect(c).toMatchObject({
      detailPublished: true,
      endDateKnown: true,
      bands: ['4.1', '4.NC'],
      ageCodes: ['NOR'],
    });
    expect(c.venues).toEqual([
      { address: 'Via dei Gordiani 1', cap: '00176', municipality: 'Roma', province: 'RM' },
    ]);
    expect(c.documents).toEqual([
      expect.objectContaining({
        kind: 'document',
        title: 'Bando',
        url: `/api/competitions/${guid}/files/document/bando.pdf`,
      }),
    ]);
    expect(c.rules.map((f) => f.url)).toEqual([`/api/competitions/${guid}/files/rules/regolamento.pdf`]);
    expect(c.ordersOfPlay.map((f) => [f.fileName, f.date])).toEqual([
      ['oop_20260801.pdf', '2026-08-01'],
      ['odg_20260802.pdf', '2026-08-02'],
    ]);
    const [tour] = c.tournaments;
    expect(tour).toMatchObject({
      gender: 'M',
      ageCodes: ['NOR', 'O45'],
      fee: 'Soci 20 €\nNon soci 25 €',
      balls: 'Dunlop Fort',
      surface: 'Terra rossa',
      weekdayMatchTime: '17:00',
      festiveMatchTime: '09:00',
      billboardTime: '19:00',
      nightPlay: true,
      courts: 4,
      venue: { municipality: 'Roma' },
      deadlines: [
        { minRank: '4.NC', maxRank: '4.1', closesAt: '2026-07-28T10:00:00.000Z', byReferee: false },
        { minRank: '3.NC', maxRank: '1', closesAt: null, byReferee: true },
      ],
    });
    expect(tour?.draws).toEqual([
      {
        sectionCode: '1',
        title: 'Tabellone finale',
        roundsCount: 2,
        myDraw: null,
        rounds: [
          {
            round: 1,
            matches: [
              {
                position: 1,
                sides: [
                  {
                    players: [{ name: 'ROSSI MARIO', ranking: null }],
                    seed: 1,
                    retired: false,
                    absent: false,
                    mine: false,
                  },
                  null,
                ],
                score: null,
                winner: 0,
              },
              expect.objectContaining({
                position: 2,
                score: '63 21 rit.',
                winner: 1,
                sides: [
                  expect.objectContaining({ retired: false }),
                  expect.objectContaining({ retired: true }),
                ],
              }),
            ],
          },
          { round: 2, matches: [expect.objectContaining({ position: 1, score: null, winner: null })] },
        ],
      },
    ]);
  });

  it('marks the user’s pair in a doubles draw and carries their path, never another player’s card', async () => {
    const card = (n: string, name: string, ranking: string) => ({ card: n, name, ranking });
    const pair = (a: ReturnType<typeof card>, b: ReturnType<typeof card>, seed: number | null = null) => ({
      players: [a, b],
      seed,
      retired: false,
      absent: false,
    });
    const me = card('0055500011', 'ROSSI MARIO', '4.2');
    const partner = card('5550002222', 'BIANCHI LUCA', '4.3');
    const matches: DrawMatch[] = [
      // Round 1: the user's pair won; the other match is not played yet.
      {
        id: 1,
        round: 1,
        position: 1,
        sides: [
          pair(me, partner, 1),
          pair(card('7770001111', 'NERI ANNA', '4.1'), card('7770002222', 'NERI ELSA', '4.4')),
        ],
        score: '63 46 108',
        winner: 0,
      },
      {
        id: 2,
        round: 1,
        position: 2,
        sides: [
          pair(card('8880001111', 'VERDI UGO', '4.5'), card('8880002222', 'VERDI IVO', '4.6')),
          pair(card('9990001111', 'GIALLI PIA', '4.1'), card('9990002222', 'GIALLI EVA', '4.2')),
        ],
        score: null,
        winner: null,
      },
    ];
    const { guid } = await storeCompetition(t.database.db, { detailSyncedAt: clock, detailStatus: 'found' }, [
      {
        isDouble: true,
        sections: [
          {
            code: 'F',
            description: 'Tabellone finale',
            type: 'Tabellone finale',
            size: 4,
            isGroup: false,
            isIntermediate: false,
            hasWinner: true,
          },
        ],
        draw: { sectionCode: 'F', matches },
      },
    ]);
    // The user's card written with its leading zero dropped and a space: the same card.
    const user = await createUser(t.database.db, { fitpCardNumber: '55500 011' });
    const mine = await call(t.app, 'GET', `/api/competitions/${guid}`, {
      cookie: await signIn(t.database.db, user),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const [draw] = (mine.json().competition as CompetitionDetail).tournaments[0]?.draws ?? [];
    expect(draw?.roundsCount).toBe(2);
    expect(draw?.rounds[0]?.matches[0]?.sides.map((side) => side?.mine)).toEqual([true, false]);
    expect(draw?.rounds[0]?.matches[1]?.sides.map((side) => side?.mine)).toEqual([false, false]);
    expect(draw?.myDraw).toEqual({
      side: {
        players: [
          { name: 'ROSSI MARIO', ranking: '4.2' },
          { name: 'BIANCHI LUCA', ranking: '4.3' },
        ],
        seed: 1,
        retired: false,
        absent: false,
        mine: true,
      },
      status: 'playing',
      steps: [
        {
          round: 1,
          position: 1,
          outcome: 'won',
          opponent: expect.objectContaining({
            players: [expect.objectContaining({ name: 'NERI ANNA' }), expect.anything()],
          }),
          score: '63 46 108',
          retired: null,
          walkover: false,
        },
      ],
      // The final's opponent: one of the pairs of the unplayed feeding match.
      next: {
        round: 2,
        position: 1,
        opponent: null,
        potential: [
          expect.objectContaining({
            players: [expect.objectContaining({ name: 'VERDI UGO' }), expect.anything()],
          }),
          expect.objectContaining({
            players: [expect.objectContaining({ name: 'GIALLI PIA' }), expect.anything()],
          }),
        ],
      },
    });
    // No card of the draw reaches the browser.
    const json = JSON.stringify(draw);
    for (const digits of ['55500011', '5550002222', '7770001111', '8880002222', '9990001111']) {
      expect(json).not.toContain(digits);
    }
    // Without a card: no path, no side marked.
    const [plain] = (await detail(guid)).tournaments[0]?.draws ?? [];
    expect(plain?.myDraw).toBeNull();
    expect(
      plain?.rounds.flatMap((r) => r.matches.flatMap((m) => m.sides.map((side) => side?.mine))),
    ).not.toContain(true);
  });

  it('answers a team championship and a TPRA competition with their list data and no detail', async () => {
    const team = await storeCompetition(
      t.database.db,
      {
        codFonte: 3,
        endDateKnown: false,
        startDate: '2026-10-04',
        endDate: '2026-10-04',
        detailStatus: 'unpublished',
        detailSyncedAt: clock,
      },
      [],
    );
    const tpra = await storeCompetition(
      t.database.db,
      { codFonte: 2, tpraId: 4321, guid: '11111111-1111-1111-1111-000000004321', detailSyncedAt: clock },
      [],
    );
    expect(await detail(team.guid)).toMatchObject({
      detailPublished: false,
      endDateKnown: false,
      tournaments: [],
    });
    expect(await detail(tpra.guid)).toMatchObject({ detailPublished: false, tournaments: [] });
  });

  it('relays a stored file from the federation, refuses names not stored, and says when the federation is down', async () => {
    const { guid } = await storeCompetition(
      t.database.db,
      { detailSyncedAt: clock },
      [{}],
      [
        { kind: 'document', fileName: 'locandina finale.pdf' },
        { kind: 'document', fileName: 'avviso.html' },
        { kind: 'order_of_play', fileName: 'odg_20260801.pdf', playDate: '2026-08-01' },
      ],
    );
    const bytes = new TextEncoder().encode('%PDF-1.4 locandina');
    fed.files.set(fileKey('document', guid, 'locandina finale.pdf'), {
      contentType: 'application/pdf',
      bytes,
    });
    const get = (kind: string, name: string) =>
      call(t.app, 'GET', `/api/competitions/${guid}/files/${kind}/${encodeURIComponent(name)}`, { cookie });

    const ok = await get('document', 'locandina finale.pdf');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toContain('filename="locandina finale.pdf"');
    expect(ok.rawPayload.equals(Buffer.from(bytes))).toBe(true);
    expect(ok.headers['content-disposition']).toMatch(/^inline;/);
    // Anything but a PDF or an image is a download, never a page of our origin.
    fed.files.set(fileKey('document', guid, 'avviso.html'), {
      contentType: 'text/html',
      bytes: new TextEncoder().encode('<script>alert(1)</script>'),
    });
    const html = await get('document', 'avviso.html');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-disposition']).toMatch(/^attachment;/);
    expect(html.headers['x-content-type-options']).toBe('nosniff');

    // Not stored for this competition (or under another kind): 404 without asking the federation.
    const asked = fed.calls.length;
    const unknown = await get('document', 'segreto.pdf');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('rules', 'locandina finale.pdf')).statusCode).toBe(404);
    expect(fed.calls.length).toBe(asked);
    // Stored but gone from the federation: 404 too.
    expect((await get('order_of_play', 'odg_20260801.pdf')).statusCode).toBe(404);
    // A bad kind or a path in the name: 400.
    expect((await get('draw', 'x.pdf')).statusCode).toBe(400);
    expect((await get('document', '../etc/passwd')).statusCode).toBe(400);
    // Signed out: 401.
    expect((await call(t.app, 'GET', `/api/competitions/${guid}/files/document/bando.pdf`)).statusCode).toBe(
      401,
    );

    fed.down = true;
    try {
      const down = await get('document', 'locandina finale.pdf');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'FEDERATION_UNAVAILABLE', serviceDown: true });
    } finally {
      fed.down = false;
      clock = new Date(clock.getTime() + 5 * 60_000);
    }
  });
});
