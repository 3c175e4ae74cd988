/**
 * The federation's names and quirks read by mapping.ts and quirks.ts (fitp-contract.md): the
 * cases the samples do not show (referee-set deadlines, venues, casing, odd dates, TPRA keys).
 */
import { describe, expect, it } from 'vitest';
import {
  ageGroup,
  bandClass,
  isTpraGuid,
  listRequestBody,
  mapDetail,
  mapDraw,
  mapFileList,
  mapListPage,
  mapListRow,
  mapOrdersOfPlay,
  mapPlayerSheet,
  orderOfPlayDate,
  readDrawTypes,
  TPRA_PLACEHOLDER_GUID,
  tpraGuid,
  tpraIdOf,
} from '../../src/federation/mapping';
import { field, readDay, readInstant, readList, readText, readTimeOfDay } from '../../src/federation/quirks';

const GUID = '8E872D3D-3E4E-4014-9606-ACADE6000B3F';
const TOURNAMENT = 'C267D0A7-FDB9-4D7B-ADFE-C28CE05B477D';

describe('TPRA keys', () => {
  it('are guid-shaped, the id padded to 12 digits, never the placeholder', () => {
    expect(tpraGuid(213888)).toBe('11111111-1111-1111-1111-000000213888');
    expect(isTpraGuid(tpraGuid(213888))).toBe(true);
    expect(tpraIdOf(tpraGuid(213888))).toBe(213888);
    expect(isTpraGuid(TPRA_PLACEHOLDER_GUID)).toBe(false);
    expect(isTpraGuid(GUID)).toBe(false);
    expect(tpraIdOf(GUID)).toBeNull();
    for (const bad of [0, -1, 1.5, 1e12, 111111111111]) expect(() => tpraGuid(bad)).toThrow(RangeError);
  });

  it('a TPRA row without its id is skipped; one with cod_fonte 2 and a real-looking guid is still keyed by its id', () => {
    expect(mapListRow({ guid: TPRA_PLACEHOLDER_GUID, nome_torneo: 'T', data_inizio: '01/08/2026' })).toEqual({
      ok: false,
      reason: 'TPRA row: id_torneo_digital missing',
    });
    const row = mapListRow({
      cod_fonte: 2,
      guid: GUID,
      id_torneo_digital: '42',
      nome_torneo: 'T',
      data_inizio: '01/08/2026',
    });
    expect(row.ok && [row.value.guid, row.value.tpraId]).toEqual([tpraGuid(42), 42]);
  });
});

describe('values as they come', () => {
  it('reads the false Z of the detail as Rome wall-clock time, and keeps real offsets', () => {
    expect(readInstant('2026-07-28T12:00:00Z')?.toISOString()).toBe('2026-07-28T10:00:00.000Z');
    expect(readInstant('2026-12-09T12:00:00Z')?.toISOString()).toBe('2026-12-09T11:00:00.000Z');
    expect(readInstant('28/07/2026 12:00:00')?.toISOString()).toBe('2026-07-28T10:00:00.000Z');
    expect(readInstant('2026-06-27T20:04:08.94')?.toISOString()).toBe('2026-06-27T18:04:08.940Z');
    expect(readInstant('2026-06-27T20:04:08.5')?.toISOString()).toBe('2026-06-27T18:04:08.500Z');
    expect(readInstant('2026-07-09T12:00:00+01:00')?.toISOString()).toBe('2026-07-09T11:00:00.000Z');
    expect(readInstant('1900-01-01T00:00:00Z')).toBeNull();
    expect(readInstant('domani')).toBeUndefined();
  });

  it('reads days, 01/01/1900 as unknown', () => {
    expect(readDay('02/08/2026')).toBe('2026-08-02');
    expect(readDay('2026-08-02T00:00:00Z')).toBe('2026-08-02');
    expect(readDay('01/01/1900')).toBeNull();
    expect(readDay('31/02/2026')).toBeUndefined();
  });

  it('reads times of day from the false-Z instants', () => {
    expect(readTimeOfDay('2026-08-02T09:00:00Z')).toBe('09:00');
    expect(readTimeOfDay('2026-08-02T19:30:00')).toBe('19:30');
    expect(readTimeOfDay('9:05')).toBe('09:05');
    expect(readTimeOfDay('')).toBeUndefined();
    expect(readTimeOfDay(null)).toBeUndefined();
  });

  it('reads lists, text and keys as the federation writes them', () => {
    expect(readList('3.1;3.2;;4.NC;3.1', ';')).toEqual(['3.1', '3.2', '4.NC']);
    expect(readList('U08, U10', ',')).toEqual(['U08', 'U10']);
    expect(readList(null, ';')).toEqual([]);
    expect(readList('', ';')).toEqual([]);
    expect(readText('  CENTRO  SPORTIVO \t TRENTO ')).toBe('CENTRO SPORTIVO TRENTO');
    expect(readText('Circolo\u0000 Tennis')).toBe('Circolo Tennis');
    expect(field({ Name: 'A' }, 'name')).toBe('A');
    expect(field({ name: 'a', Name: 'A' }, 'Name')).toBe('A');
  });

  it('maps the draw vocabulary to the app', () => {
    expect(readDrawTypes(['Doppio F.', 'Doppio M.', 'Femminile', 'Maschile', 'Misto', 'Singolare?'])).toEqual(
      ['Maschile', 'Femminile', 'DoppioM', 'DoppioF', 'Misto'],
    );
    expect(['1', '2.8', '3.1', '4.NC', '4', 'x'].map(bandClass)).toEqual([1, 2, 3, 4, 4, null]);
    expect(['U08', 'U18', 'NOR', 'NOF', 'O30', 'O80', '??'].map(ageGroup)).toEqual([
      'giovanili',
      'giovanili',
      'open',
      'open',
      'veterani',
      'veterani',
      null,
    ]);
  });
});

describe('the search', () => {
  it('sends the start day as dd/mm/yyyy and refuses an unreadable one', () => {
    expect(listRequestBody({ startFrom: '2026-10-13' }).data_inizio).toBe('13/10/2026');
    expect(listRequestBody({}).data_inizio).toBe('');
    expect(() => listRequestBody({ startFrom: '13/10/2026' })).toThrow(RangeError);
  });

  it('reads the envelope case-insensitively; another shape is undefined (down)', () => {
    expect(mapListPage({ Competizioni: [], Record: 0 })).toEqual({
      total: 0,
      received: 0,
      rows: [],
      skipped: [],
    });
    expect(mapListPage({ record: 0 })).toEqual({ total: 0, received: 0, rows: [], skipped: [] });
    expect(mapListPage(undefined)).toEqual({ total: 0, received: 0, rows: [], skipped: [] });
    expect(mapListPage([])).toBeUndefined();
    expect(mapListPage({ competizioni: 'x', record: 1 })).toBeUndefined();
  });

  it('skips a repeated row (short and repeated pages occur, §1)', () => {
    const row = { guid: GUID, nome_torneo: 'T', data_inizio: '02/08/2026' };
    const page = mapListPage({ competizioni: [row, { ...row, guid: GUID.toLowerCase() }], record: 2 });
    expect(page?.rows).toHaveLength(1);
    expect(page?.skipped).toEqual([{ reason: `${GUID}: repeated` }]);
  });
});

function detailWith(tournament: Record<string, unknown>, top: Record<string, unknown> = {}) {
  return mapDetail(
    {
      CompetitionUid: GUID,
      Address: '',
      Municipality: '',
      Province: '',
      Cap: '',
      impianti: [],
      Tournaments: [{ TournamentUid: TOURNAMENT, TournamentId: 1, ...tournament }],
      ...top,
    },
    GUID,
  );
}

describe('the detail', () => {
  it('reads a band whose deadline the referee sets, and bands closing at different times', () => {
    const mapped = detailWith({
      EndTimeSubscription: [
        {
          Day: '20/07/2026',
          Hour: '18:30:00',
          MinRank_Name: '2.8',
          MaxRank_Name: '1',
          DefaultSubscription: false,
        },
        {
          EndDate: '2026-07-25T12:00:00Z',
          MinRank_Name: '4.NC',
          MaxRank_Name: '3.1',
          DefaultSubscription: false,
        },
        { Day: '', Hour: '', MinRank_Name: '4.NC', MaxRank_Name: '4.1', DefaultSubscription: true },
        { Day: '', Hour: '', MinRank_Name: '', MaxRank_Name: '1' },
      ],
    });
    expect(mapped?.detail.tournaments[0]?.deadlines).toEqual([
      { minRank: '2.8', maxRank: '1', closesAt: new Date('2026-07-20T16:30:00Z'), byReferee: false },
      { minRank: '4.NC', maxRank: '3.1', closesAt: new Date('2026-07-25T10:00:00Z'), byReferee: false },
      { minRank: '4.NC', maxRank: '4.1', closesAt: null, byReferee: true },
    ]);
    expect(mapped?.skipped).toEqual([
      { reason: 'tournament 1: deadline: MinRank_Name or MaxRank_Name missing' },
    ]);
  });

  it("takes the detail's own address, then impianti[]; a tournament without one gets the first", () => {
    const mapped = detailWith(
      { Address: 'Via Roma 1', Municipality: 'Brallo di Pregola', Province: 'PV', Cap: '27050' },
      {
        Address: 'Piazza Grande 2',
        Municipality: 'Brallo',
        impianti: [
          { Address: 'Via dei Campi 3', Cap: '', Municipality: 'Brallo', Province: 'PV' },
          { Address: '', Cap: '', Municipality: '', Province: '' },
        ],
        Tournaments: [
          { TournamentUid: TOURNAMENT, TournamentId: 1, Address: '' },
          {
            TournamentUid: GUID,
            TournamentId: 2,
            Address: 'Via Roma 1',
            Municipality: 'Brallo',
            Province: 'PV',
          },
        ],
      },
    );
    expect(mapped?.detail.venues).toEqual([
      { address: 'Piazza Grande 2', cap: null, municipality: 'Brallo', province: null },
      { address: 'Via dei Campi 3', cap: null, municipality: 'Brallo', province: 'PV' },
    ]);
    expect(mapped?.detail.tournaments.map((t) => t.venue.address)).toEqual(['Piazza Grande 2', 'Via Roma 1']);
  });

  it('skips a tournament without its keys and reads the fee, referee and mixed doubles', () => {
    const mapped = mapDetail(
      {
        CompetitionUid: GUID,
        CompetitionDirector: { Code: '1', MembershipCard: '0123456', Name: 'ANNA', Surname: 'ROSSI' },
        CompetitionOfficer: null,
        TotalPrizePool: '1500',
        Tournaments: [
          { TournamentId: 3 },
          {
            TournamentUid: TOURNAMENT.toLowerCase(),
            TournamentId: '4',
            Gender: 'MF',
            IsDoubleTournament: true,
            TennisClubShare: 'OVER: € 20 | UNDER: € 15 |',
            Participants: null,
            Sections: [{ SectionId: 'S1', IsGroup: 1, NumberOfTeam: '8' }],
          },
        ],
      },
      GUID,
    );
    expect(mapped?.skipped).toEqual([{ reason: 'tournament: TournamentUid missing' }]);
    expect(mapped?.detail.referee).toEqual({ card: '0123456', name: 'ANNA', surname: 'ROSSI' });
    expect(mapped?.detail.prizeMoney).toBe(1500);
    expect(mapped?.detail.tournaments[0]).toMatchObject({
      uuid: TOURNAMENT,
      tournamentId: 4,
      type: 'Misto',
      isDouble: true,
      fee: 'OVER: € 20\nUNDER: € 15',
      participants: [],
      sections: [{ code: 'S1', size: 8, isGroup: true, isIntermediate: false, hasWinner: false }],
    });
  });

  it('is undefined (down) without its tournaments', () => {
    expect(mapDetail({ Description: 'x' }, GUID)).toBeUndefined();
    expect(mapDetail('x', GUID)).toBeUndefined();
    expect(mapDetail({ CompetitionUid: GUID, Tournaments: null }, GUID)?.detail.tournaments).toEqual([]);
  });
});

describe('files and draws', () => {
  it('orders of play: dated by day, then undated; the date from the name', () => {
    expect(orderOfPlayDate('oop.pdf')).toBeNull();
    expect(orderOfPlayDate('orariodigioco_20260231.pdf')).toBeNull();
    expect(orderOfPlayDate('odg_20260805_v2.pdf')).toBe('2026-08-05');
    expect(mapOrdersOfPlay(['oop.pdf', 'b_20260803.pdf', 'a_20260803.pdf', 'z_20260801.pdf'])).toEqual([
      { fileName: 'z_20260801.pdf', date: '2026-08-01' },
      { fileName: 'a_20260803.pdf', date: '2026-08-03' },
      { fileName: 'b_20260803.pdf', date: '2026-08-03' },
      { fileName: 'oop.pdf', date: null },
    ]);
  });

  it('file lists: names, objects with a name, empty body; another shape is down', () => {
    expect(mapFileList(['a.pdf', ' a.pdf ', { fileName: 'b.pdf' }, { x: 1 }])).toEqual({
      names: ['a.pdf', 'b.pdf'],
      skipped: [{ reason: 'file: no name' }],
    });
    expect(mapFileList(undefined)).toEqual({ names: [], skipped: [] });
    expect(mapFileList({ files: [] })).toBeUndefined();
  });

  it('a doubles draw: partners, byes, an unplayed match', () => {
    const mapped = mapDraw(
      {
        results: [
          {
            partite: [
              {
                IdPartita: 9,
                Turno: 1,
                Posizione: 1,
                Nome1: 'ROSSI ANNA',
                Nome12: 'BIANCHI EVA',
                NumeroTessera1: '0123',
                NumeroTessera12: '0456',
                Categoria1: '4.nc',
                Categoria12: '4.1',
                Nome2: null,
                NumeroTessera2: null,
                Risultato: '',
                PrimoTeamVincitore: false,
                SecondoTeamVincitore: false,
                IsAssente1: true,
              },
              { Turno: 1, Posizione: 2 },
            ],
          },
        ],
      },
      5,
      'S',
    );
    expect(mapped?.skipped).toEqual([{ reason: 'match ?: IdPartita, Turno or Posizione missing' }]);
    expect(mapped?.draw?.matches).toEqual([
      {
        id: 9,
        round: 1,
        position: 1,
        sides: [
          {
            players: [
              { card: '0123', name: 'ROSSI ANNA', ranking: '4.NC' },
              { card: '0456', name: 'BIANCHI EVA', ranking: '4.1' },
            ],
            seed: null,
            retired: false,
            absent: true,
          },
          null,
        ],
        score: null,
        winner: null,
      },
    ]);
    expect(mapDraw(undefined, 5, 'S')).toEqual({ draw: null, skipped: [] });
    expect(mapDraw({ results: [] }, 5, 'S')).toEqual({ draw: null, skipped: [] });
    expect(mapDraw([], 5, 'S')).toBeUndefined();
  });
});

describe('the player sheet', () => {
  it('reads the prod twin with PascalCase keys at the top level', () => {
    expect(
      mapPlayerSheet('0012345', {
        Name: 'ANNA',
        Surname: 'ROSSI',
        MembershipCard: '****345',
        Category: '4° Categoria',
        Ranking: '4.nc',
        baseStat: null,
      }),
    ).toEqual({
      cardNumber: '0012345',
      name: 'ANNA',
      surname: 'ROSSI',
      club: null,
      municipality: null,
      province: null,
      category: '4° Categoria',
      ranking: '4.NC',
      bestRanking: null,
      bestRankingSeason: null,
    });
  });

  it('an empty body or a KO is an unknown card (null); a sheet without a name is down (undefined)', () => {
    expect(mapPlayerSheet('1', undefined)).toBeNull();
    expect(mapPlayerSheet('1', { result: 'KO', statusCode: 404 })).toBeNull();
    expect(mapPlayerSheet('1', { player: {} })).toBeUndefined();
    expect(mapPlayerSheet('1', [])).toBeUndefined();
  });
});
