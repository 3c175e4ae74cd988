/**
 * One contract test per sample of shared/design/fitp-samples (copied verbatim in ./samples): each
 * payload served with its exact bytes and status by a local server, parsed through the real
 * client, its facts asserted (fitp-contract.md §1–§6).
 */
import { drawKeys } from '@radar/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FederationCompetition,
  FederationUnavailableError,
  isTpraGuid,
  TPRA_PLACEHOLDER_GUID,
  tpraGuid,
} from '../../src/federation';
import {
  type FixtureServer,
  fixtureClient,
  recordingLogger,
  sample,
  sampleJson,
  serveSample,
  startFixtureServer,
} from './fixture-server';

const BRALLO = '8E872D3D-3E4E-4014-9606-ACADE6000B3F';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(name: string, status = 200) {
  server = await serveSample(name, status);
  const { logger, warnings } = recordingLogger();
  return { ...fixtureClient(server.url, { logger }), server, warnings };
}

const byGuid = (rows: FederationCompetition[], guid: string) => {
  const row = rows.find((r) => r.guid === guid);
  if (!row) throw new Error(`no row ${guid}`);
  return row;
};

describe('list-page.json (§1)', () => {
  it('keeps its 6 rows, the TPRA row keyed by its id_torneo_digital, never by the placeholder', async () => {
    const { client, server } = await clientFor('list-page.json');
    const page = await client.listPage({ freetext: 'CENTRO ESTIVO', startFrom: '2026-08-02' });
    expect(page.total).toBe(6);
    expect(page.received).toBe(6);
    expect(page.skipped).toEqual([]);
    expect(page.rows).toHaveLength(6);
    const keys = page.rows.map((r) => r.guid);
    expect(new Set(keys).size).toBe(6);
    expect(keys).not.toContain(TPRA_PLACEHOLDER_GUID);
    expect(keys).toContain('11111111-1111-1111-1111-000000213888');

    const tpra = byGuid(page.rows, tpraGuid(213888));
    expect(isTpraGuid(tpra.guid)).toBe(true);
    expect(tpra).toMatchObject({
      tpraId: 213888,
      codFonte: 2,
      fonteLabel: 'TORNEI TPRA',
      sector: 1,
      city: 'ROVERETO',
      provinceSigla: 'TN',
      // Stray double space inside the club's name.
      club: 'CENTRO UNIVERSITARIO SPORTIVO TRENTO AS DILETTANTISTICA',
      bands: [],
      ageCodes: [],
      drawTypes: ['Maschile'],
      startDate: '2026-08-01',
      endDate: '2026-08-02',
      onlineRegistration: false,
    });
    expect(tpra.draws).toEqual([{ type: 'Maschile', categoryClass: null, ageCategory: null }]);
    for (const row of page.rows.filter((r) => r !== tpra)) {
      expect(isTpraGuid(row.guid)).toBe(false);
      expect(row.tpraId).toBeNull();
    }

    // The competition of detail-62831.json: the list says Roma RM, the organiser's seat (the event is at Brallo).
    const brallo = byGuid(page.rows, BRALLO);
    expect(brallo).toMatchObject({
      name: 'TORNEO JUNIOR NEXT GEN presso CENTRO ESTIVO FITP BRALLO',
      club: 'Federazione Italiana Tennis e Padel',
      city: 'Roma',
      provinceSigla: 'RM',
      provinceId: 58,
      regionId: 12,
      startDate: '2026-08-02',
      endDate: '2026-08-08',
      idDisciplina: 4332,
      codFonte: 1,
      sector: 0,
      idStato: 2,
      onlineRegistration: true,
      authorized: false,
      // `Doppio F.;Doppio M.;Femminile;Maschile` in the app's names and order.
      drawTypes: ['Maschile', 'Femminile', 'DoppioM', 'DoppioF'],
      ageCodes: ['U08', 'U10', 'U11', 'U12', 'U13', 'U14'],
      mainDraw: { type: 'Maschile', categoryClass: 1, ageCategory: 'giovanili' },
    });
    expect(brallo.bands).toHaveLength(21);
    expect(brallo.bands.slice(0, 3)).toEqual(['1', '2.1', '2.2']);
    expect(brallo.bands.at(-1)).toBe('4.NC');
    // 4 types × 4 classes × 1 age group.
    expect(brallo.draws).toHaveLength(16);
    const keysOfDraws = drawKeys(brallo.draws);
    expect(keysOfDraws).toContain('DoppioF|4|giovanili');
    expect(keysOfDraws).toContain('Maschile|1|*');
    expect(keysOfDraws).not.toContain('Misto|*|*');
    expect(keysOfDraws).not.toContain('*|*|open');

    // The request: every key, tennis, the first 100 rows by start date.
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/v3/tornei/puc/list');
    expect(request?.body).toEqual({
      guid: '',
      profilazione: '',
      freetext: 'CENTRO ESTIVO',
      id_disciplina: 4332,
      tipo_competizione: '',
      id_regione: '',
      id_provincia: '',
      id_stato: 0,
      cod_fonte: '',
      id_fonte: '',
      categoria_eta: '',
      classifica: '',
      massimale_montepremi: '',
      ambito: '',
      data_inizio: '02/08/2026',
      data_fine: null,
      sortcolumn: 'data_inizio',
      sortorder: 'asc',
      rowstoskip: 0,
      fetchrows: 100,
    });
  });
});

describe('list-page-variety.json (§1)', () => {
  it('keeps all 12 rows: every status, doubles-only, Femminile;Misto, team championships, missing fields', async () => {
    const { client, warnings } = await clientFor('list-page-variety.json');
    const page = await client.listPage({ regionId: 3 });
    expect(page.total).toBe(12);
    expect(page.received).toBe(12);
    expect(page.rows).toHaveLength(12);
    expect(page.skipped).toEqual([]);
    expect(warnings).toEqual([]);
    expect(new Set(page.rows.filter((r) => r.codFonte === 1).map((r) => r.idStato))).toEqual(
      new Set([1, 2, 3, 4]),
    );

    expect(byGuid(page.rows, '4B3F15A6-9C4B-41AD-B073-0A13B2EAAAC1')).toMatchObject({
      drawTypes: ['DoppioM'],
      bands: ['4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.NC'],
      mainDraw: { type: 'DoppioM', categoryClass: 4, ageCategory: 'giovanili' },
      idStato: 4,
    });
    const ghedi = byGuid(page.rows, '382E00A6-E721-4163-8AC2-A07C7BB25417');
    expect(ghedi.drawTypes).toEqual(['Femminile', 'Misto']);
    // 2 types × classes 3, 4 × giovanili, open, veterani.
    expect(ghedi.draws).toHaveLength(12);
    expect(drawKeys(ghedi.draws)).toContain('Misto|3|veterani');
    expect(byGuid(page.rows, '00BBF6CF-9F10-4E90-B5A7-960A4B43C601').drawTypes).toEqual([
      'Maschile',
      'Femminile',
      'DoppioM',
      'DoppioF',
      'Misto',
    ]);

    // Team championships: unknown end date, nulls everywhere, cod_fonte 3.
    const fascia = byGuid(page.rows, '0944F81A-D0EA-43F4-94D2-B3C2C70A5D7C');
    expect(fascia).toMatchObject({
      codFonte: 3,
      fonteLabel: 'CAMPIONATI A SQUADRE',
      startDate: '2026-10-11',
      endDate: null,
      city: null,
      provinceSigla: null,
      provinceId: null,
      regionId: null,
      club: null,
      onlineRegistration: null,
      idStato: 0,
      bands: [],
      ageCodes: [],
      drawTypes: ['Maschile'],
      authorized: false,
    });
    expect(byGuid(page.rows, '667695A8-B2CC-42B3-9C96-C3AED84E611E')).toMatchObject({
      codFonte: 3,
      endDate: null,
      idStato: 2,
      authorized: null,
    });
    // torneo_autorizzato absent.
    const desenzano = byGuid(page.rows, '1E7AB079-F910-4925-92EF-319438E918E9');
    expect(desenzano.authorized).toBeNull();
    expect(desenzano).toMatchObject({ provinceSigla: 'BS', provinceId: 17, regionId: 3 });
    // Leading and trailing spaces trimmed.
    expect(byGuid(page.rows, '9F92A812-A8D4-4FDA-9FAC-04A86E08CAC0')).toMatchObject({
      name: 'TORNEO TENNIS CLUB SPINAZZOLA',
      provinceSigla: 'BT',
      provinceId: 110,
      regionId: 16,
      authorized: true,
    });
    expect(byGuid(page.rows, 'A9A96F42-D628-4AFD-AACC-6A9E7003309C').name).toBe(
      '43° TORNEO DI TENNIS OPEN NAZIONALE SINGOLARE MASCHILE E FEMMINILE TROFEO "CITTA\' DI EDOLO"',
    );
    expect(byGuid(page.rows, 'A9A96F42-D628-4AFD-AACC-6A9E7003309C').mainDraw).toEqual({
      type: 'Maschile',
      categoryClass: 1,
      ageCategory: 'giovanili',
    });
  });
});

describe('list-empty.json (§1)', () => {
  it('an empty 200 is zero results, not an outage', async () => {
    const { client, server } = await clientFor('list-empty.json');
    expect(sample('list-empty.json').length).toBe(0);
    expect(await client.listPage({ freetext: 'BRALLO', regionId: 3 })).toEqual({
      total: 0,
      received: 0,
      rows: [],
      skipped: [],
    });
    expect(server.requests).toHaveLength(1);
  });
});

interface RawParticipant {
  MembershipCard: string;
  SubscriptionDate: string;
}
interface RawDetail {
  Tournaments: { TournamentId: number; Participants: RawParticipant[] }[];
}

describe('detail-62831.json (§2, §3)', () => {
  it('reads the 5 tournaments with participants keyed by card, pairs, band deadlines in UTC and the practical fields', async () => {
    const { client, server, warnings } = await clientFor('detail-62831.json');
    const result = await client.competitionDetail(BRALLO.toLowerCase());
    expect(server.requests[0]?.body).toEqual({ competitionUid: BRALLO.toLowerCase() });
    expect(server.requests[0]?.path).toBe('/api/v3/puc/competizione/dettaglio');
    expect(warnings).toEqual([]);
    if (result.kind !== 'found') throw new Error(result.kind);
    const { detail } = result;
    expect(detail).toMatchObject({
      guid: BRALLO,
      competitionId: 62831,
      name: 'TORNEO JUNIOR NEXT GEN presso CENTRO ESTIVO FITP BRALLO',
      club: 'Federazione Italiana Tennis e Padel',
      startDate: '2026-08-02',
      endDate: '2026-08-08',
      // The detail's own address is empty and impianti[] too.
      venues: [],
      ageCodes: ['U08', 'U10', 'U11', 'U12', 'U13', 'U14'],
      gender: 'MF',
      prizeMoney: 0,
      intermediatePrizeMoney: 0,
      // The officer, with the leading zero of his card kept; the director is unset.
      referee: { card: '095990', name: 'ELIA SERGIO', surname: 'VOLPE' },
      status: 'Approvato',
      onlineRegistration: true,
    });
    expect(detail.rankings).toHaveLength(21);

    const counts = detail.tournaments.map((t) => [
      t.tournamentId,
      t.description,
      t.participants.length,
      t.participantsCount,
    ]);
    expect(counts).toEqual([
      [174661, 'Singolare Femminile Under 14', 37, 37],
      [174662, 'Singolare Femminile Under 10', 15, 15],
      [174664, 'Singolare Maschile Under 10', 38, 38],
      [174667, 'Doppio Femminile Under 10', 12, 6],
      [174669, 'Doppio Maschile Under 10', 24, 12],
    ]);
    expect(detail.tournaments.map((t) => [t.type, t.isDouble, t.gender])).toEqual([
      ['Femminile', false, 'F'],
      ['Femminile', false, 'F'],
      ['Maschile', false, 'M'],
      ['DoppioF', true, 'FF'],
      ['DoppioM', true, 'MM'],
    ]);

    // Participants are keyed by MembershipCard exactly as written (Code 111111 is never an identity).
    const raw = sampleJson<RawDetail>('detail-62831.json');
    for (const [i, t] of detail.tournaments.entries()) {
      const cards = raw.Tournaments[i]?.Participants.map((p) => p.MembershipCard);
      expect(t.participants.map((p) => p.card)).toEqual(cards);
      expect(t.participants.every((p) => p.card !== '111111')).toBe(true);
    }
    const u14 = detail.tournaments[0];
    if (!u14) throw new Error('no U14');
    const zeros = u14.participants.filter((p) => p.card.startsWith('0')).map((p) => p.card);
    expect(zeros).toEqual(['0648010197', '0607400957', '0705463401']);
    expect(u14.participants[0]).toEqual({
      card: '7830110668',
      name: 'SOLE',
      surname: 'ALFIERI',
      ranking: '3.4',
      // 2026-06-09T12:30:38.937, Rome summer time.
      subscriptionDate: new Date('2026-06-09T10:30:38.937Z'),
      pair: null,
    });
    expect(u14.participants.every((p) => p.pair === null)).toBe(true);

    // Doubles: adjacent rows sharing SubscriptionDate are pairs 0, 1, 2… in entry order.
    for (const [index, pairs] of [
      [3, 6],
      [4, 12],
    ] as const) {
      const t = detail.tournaments[index];
      if (!t) throw new Error(`no tournament ${index}`);
      expect(t.participants.map((p) => p.pair)).toEqual(
        Array.from({ length: pairs * 2 }, (_, i) => Math.floor(i / 2)),
      );
      for (let pair = 0; pair < pairs; pair++) {
        const [a, b] = t.participants.filter((p) => p.pair === pair);
        expect(a?.subscriptionDate?.getTime()).toBe(b?.subscriptionDate?.getTime());
        expect(a?.card).not.toBe(b?.card);
      }
    }
    expect(detail.tournaments[3]?.participants.slice(0, 2).map((p) => [p.card, p.surname, p.pair])).toEqual([
      ['5119882249', 'DONATI', 0],
      ['7933636443', 'UGOLINI COLOMBINI', 0],
    ]);

    // §3: 28/07/2026 12:00 in Rome is 10:00 UTC.
    for (const t of detail.tournaments) {
      expect(t.deadlines).toEqual([
        { minRank: '4.NC', maxRank: '1', closesAt: new Date('2026-07-28T10:00:00.000Z'), byReferee: false },
      ]);
      expect(t.registrationClosesAt?.toISOString()).toBe('2026-07-28T10:00:00.000Z');
      expect(t).toMatchObject({
        courtType: "All' aperto",
        weekdayMatchTime: '09:00',
        festiveMatchTime: '09:00',
        billboardTime: '19:00',
        nightPlay: true,
        courts: 5,
        status: 'Aperto',
        venue: { address: null, cap: null, municipality: null, province: null },
      });
      expect(t.availableRankings).toHaveLength(21);
      expect(t.categoryClass).toBe(1);
      expect(t.ageCategory).toBe('giovanili');
    }
    expect(u14).toMatchObject({
      uuid: 'C267D0A7-FDB9-4D7B-ADFE-C28CE05B477D',
      ageCodes: ['U11', 'U12', 'U13', 'U14'],
      fee: 'QUOTA UNDER: € 15.50 + € 4.50 QUOTA FITP',
      balls: 'Head Tour',
    });
    expect(detail.tournaments[1]?.balls).toBe('Green o Orange (per gare under 10)');
    expect(detail.tournaments[2]?.fee).toBe('QUOTA UNDER: € 5.50 + € 4.50 QUOTA FITP');

    // Sections: what a draw is asked for.
    expect(u14.sections).toEqual([
      {
        code: 'F33C5E2E-51A9-4716-A5AA-86C29D369687',
        description: 'SFU14_Tabellone iniziale 4.6-3.5',
        type: 'Tabellone intermedio',
        size: 13,
        isGroup: false,
        isIntermediate: true,
        hasWinner: false,
      },
      {
        code: '66D6D3BB-A06D-451F-9071-CBC90FA2F9E5',
        description: 'SFU14_Tabellone finale',
        type: 'Tabellone finale',
        size: 24,
        isGroup: false,
        isIntermediate: false,
        hasWinner: true,
      },
    ]);
    expect(detail.tournaments.map((t) => t.sections.length)).toEqual([2, 1, 2, 1, 1]);
    expect(detail.tournaments[3]?.sections[0]?.size).toBe(12);
  });

  it('the player of player-sheet.json has no entry in it: scanning finds nothing', async () => {
    const { client } = await clientFor('detail-62831.json');
    const result = await client.competitionDetail(BRALLO);
    if (result.kind !== 'found') throw new Error(result.kind);
    const cards = result.detail.tournaments.flatMap((t) => t.participants.map((p) => p.card));
    expect(cards).not.toContain('6672599151');
  });
});

describe('detail-team-championship-204.json (§2)', () => {
  it('a 204 is "no individual detail", never an error', async () => {
    const { client, server } = await clientFor('detail-team-championship-204.json', 204);
    expect(await client.competitionDetail('CFA060A7-EA2D-46CE-83E2-208017415A71')).toEqual({
      kind: 'no-detail',
    });
    // Never retried.
    expect(server.requests).toHaveLength(1);
  });
});

describe('draw-tabellone.json (§5)', () => {
  it('reads 4 matches of rounds 1–2 with seeds, a retirement, scores from the winner side and the winner', async () => {
    const { client, server } = await clientFor('draw-tabellone.json');
    const section = 'F33C5E2E-51A9-4716-A5AA-86C29D369687';
    const draw = await client.draw(174661, section);
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.path).toBe('/api/v3/puc/competizione/tabellone');
    expect(Object.fromEntries(server.requests[0]?.query ?? [])).toEqual({
      tournamentId: '174661',
      phaseId: section,
    });
    if (!draw) throw new Error('no draw');
    expect(draw.tournamentId).toBe(174661);
    expect(draw.sectionCode).toBe(section);
    expect(draw.matches.map((m) => [m.id, m.round, m.position, m.score, m.winner])).toEqual([
      [7739167, 1, 2, '63 63', 1],
      [7739168, 1, 4, '63 61', 0],
      [7739170, 2, 1, '61 62', 0],
      // A retirement: "60 " trimmed, the score as far as it went.
      [7739171, 2, 2, '60', 0],
    ]);
    expect(draw.matches[0]?.sides).toEqual([
      {
        players: [{ card: '6099885901', name: 'SANTORO ELENA', ranking: '4.6' }],
        seed: null,
        retired: false,
        absent: false,
      },
      {
        players: [{ card: '8184760317', name: 'VALSECCHI LORENZA', ranking: '4.4' }],
        seed: null,
        retired: false,
        absent: false,
      },
    ]);
    expect(draw.matches[2]?.sides[0]).toMatchObject({ seed: 1, players: [{ name: 'DAL PEZZOTTA SABRINA' }] });
    expect(draw.matches[3]?.sides[0]).toMatchObject({ seed: 2, retired: false });
    expect(draw.matches[3]?.sides[1]).toMatchObject({
      seed: null,
      retired: true,
      players: [{ card: '1183159104', name: 'SPREAFICO PRISCILLA MARINA' }],
    });
    // Singles: one player a side (Nome12/Nome22 null).
    expect(draw.matches.every((m) => m.sides.every((s) => s?.players.length === 1))).toBe(true);
  });

  it('cross-links with the detail: the draw players are participants of tournament 174661', async () => {
    const { client } = await clientFor('draw-tabellone.json');
    const draw = await client.draw(174661, 'F33C5E2E-51A9-4716-A5AA-86C29D369687');
    const raw = sampleJson<RawDetail>('detail-62831.json');
    const entered = new Set(raw.Tournaments[0]?.Participants.map((p) => p.MembershipCard));
    const cards = draw?.matches.flatMap((m) => m.sides.flatMap((s) => s?.players.map((p) => p.card) ?? []));
    expect(cards?.length).toBe(8);
    for (const card of cards ?? []) expect(entered.has(card ?? '')).toBe(true);
  });
});

describe('oop-list.json (§4)', () => {
  it('sorts the orders of play by day of play, both prefixes, although listed lexically', async () => {
    const { client, server } = await clientFor('oop-list.json');
    const files = await client.ordersOfPlay(BRALLO);
    expect(server.requests[0]?.path).toBe('/api/v3/puc/competizione/ordine-di-gioco/list');
    expect(server.requests[0]?.body).toEqual({ competitionId: BRALLO });
    expect(files).toEqual([
      { fileName: 'orariodigioco_20260802.pdf', date: '2026-08-02' },
      { fileName: 'oraridigioco_20260803.pdf', date: '2026-08-03' },
      { fileName: 'oraridigioco_20260804.pdf', date: '2026-08-04' },
      { fileName: 'oraridigioco_20260805.pdf', date: '2026-08-05' },
      { fileName: 'oraridigioco_20260806.pdf', date: '2026-08-06' },
      { fileName: 'orariodigioco_20260807.pdf', date: '2026-08-07' },
      { fileName: 'orariodigioco_20260808.pdf', date: '2026-08-08' },
    ]);
  });
});

describe('documents-list.json (§4)', () => {
  it('reads the file names', async () => {
    const { client, server } = await clientFor('documents-list.json');
    expect(await client.documents(BRALLO)).toEqual(['Regolamento torneo.pdf', 'Locandina_2026.pdf']);
    expect(server.requests[0]?.path).toBe('/api/v3/puc/competizione/documenti/list');
    expect(server.requests[0]?.body).toEqual({ competitionId: BRALLO, guid: null });
  });
});

describe('player-sheet.json and player-sheet-prod-v6.json (§6)', () => {
  const fiammetta = {
    cardNumber: '6672599151',
    name: 'FIAMMETTA',
    surname: 'ZAMBON',
    club: 'ASSOCIAZIONE SPORTIVA DILETTANTISTICA TENNIS CLUB LECCO',
    municipality: null,
    province: 'Lecco',
    category: '3° Categoria',
    ranking: '3.4',
    bestRanking: '3.4',
    bestRankingSeason: '2026',
  };

  for (const name of ['player-sheet.json', 'player-sheet-prod-v6.json']) {
    it(`${name}: the same person, asked with the card in base64`, async () => {
      const { client, server } = await clientFor(name);
      expect(await client.playerSheet('6672599151')).toEqual(fiammetta);
      expect(server.requests[0]?.path).toBe('/api/v1/tesserati/dettaglio/semplice');
      expect(server.requests[0]?.raw).toBe('{"cardNumber":"NjY3MjU5OTE1MQ=="}');
    });
  }
});

describe('a sample where data must exist, answered empty', () => {
  it('an empty 200 detail is down, not "no detail"', async () => {
    server = await startFixtureServer(() => ({ status: 200, body: '' }));
    const { client } = fixtureClient(server.url);
    await expect(client.competitionDetail(BRALLO)).rejects.toMatchObject({
      name: 'FederationUnavailableError',
      reason: 'invalid-response',
    });
    await expect(client.competitionDetail(BRALLO)).rejects.toBeInstanceOf(FederationUnavailableError);
  });
});
