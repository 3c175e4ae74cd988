import { describe, expect, it } from 'vitest';
import {
  formatRomeLocal,
  listRequestBody,
  mapDetail,
  mapListPage,
  mapListRow,
} from '../../src/federation/mapping';
import {
  PLACEHOLDER_GUID,
  readBoolean,
  readDay,
  readGuid,
  readInstant,
  readInteger,
  readNumber,
} from '../../src/federation/quirks';

const GUID = '25C6CC33-AE3A-447E-A55B-FBE66FBAFC80';

const row = (overrides: Record<string, unknown> = {}) => ({
  guid: GUID,
  nome_torneo: 'Torneo Open di Natale',
  tennisclub: 'Tennis Club Parioli',
  citta: 'Roma',
  sigla_provincia: 'RM',
  data_inizio: '2026-12-12',
  data_fine: '2026-12-21',
  id_disciplina: '4332',
  cod_fonte: 1,
  id_fonte: 'TORNEI FITP',
  tipo_torneo: 'Maschile',
  cat_eta: 'open',
  cat_class: 4,
  iscrizione_online: true,
  torneo_autorizzato: true,
  id_regione: 12,
  id_provincia: 58,
  id_stato: 3,
  montepremi: 1500,
  data_apertura_iscrizioni: '2026-12-01T12:00:00',
  data_chiusura_iscrizioni: '2026-12-09T12:00:00',
  data_modifica: '2026-11-22T08:15:00',
  ...overrides,
});

describe('federation value quirks', () => {
  it('reads numbers given as numbers or strings', () => {
    expect(readInteger(12)).toBe(12);
    expect(readInteger('12')).toBe(12);
    expect(readInteger(' 12 ')).toBe(12);
    expect(readNumber('1500,50')).toBe(1500.5);
    expect(readInteger('12.5')).toBeUndefined();
    expect(readInteger('x')).toBeUndefined();
    expect(readInteger(null)).toBeUndefined();
  });

  it('reads booleans as true, "true", 1 and "1"', () => {
    for (const yes of [true, 'true', 'TRUE', 1, '1']) expect(readBoolean(yes), String(yes)).toBe(true);
    for (const no of [false, 'false', 0, '0']) expect(readBoolean(no), String(no)).toBe(false);
    for (const other of ['yes', 2, null, undefined])
      expect(readBoolean(other), String(other)).toBeUndefined();
  });

  it('reads dates in the three formats, 1900-01-01 as unknown', () => {
    expect(readDay('2026-12-12')).toBe('2026-12-12');
    expect(readDay('2026-12-12T00:00:00')).toBe('2026-12-12');
    expect(readDay('12/12/2026')).toBe('2026-12-12');
    expect(readDay('1/2/2026')).toBe('2026-02-01');
    for (const unknown of ['1900-01-01', '1900-01-01T00:00:00', '01/01/1900'])
      expect(readDay(unknown)).toBeNull();
    for (const bad of ['2026-02-30', '31/13/2026', 'domani', '', 20261212])
      expect(readDay(bad)).toBeUndefined();
  });

  it('reads date-times as Europe/Rome local time unless they carry an offset', () => {
    expect(readInstant('2026-12-09T12:00:00')?.toISOString()).toBe('2026-12-09T11:00:00.000Z');
    expect(readInstant('2026-07-09T12:00:00')?.toISOString()).toBe('2026-07-09T10:00:00.000Z');
    expect(readInstant('09/07/2026 12:00')?.toISOString()).toBe('2026-07-09T10:00:00.000Z');
    expect(readInstant('2026-07-09')?.toISOString()).toBe('2026-07-08T22:00:00.000Z');
    expect(readInstant('2026-07-09T12:00:00Z')?.toISOString()).toBe('2026-07-09T12:00:00.000Z');
    expect(readInstant('2026-07-09T12:00:00+01:00')?.toISOString()).toBe('2026-07-09T11:00:00.000Z');
    expect(readInstant('1900-01-01T00:00:00')).toBeNull();
    expect(formatRomeLocal(new Date('2026-07-09T10:00:00Z'))).toBe('2026-07-09T12:00:00');
  });

  it('reads guids in any case, as upper case', () => {
    expect(readGuid(GUID.toLowerCase())).toBe(GUID);
    expect(readGuid(`{${GUID}}`)).toBe(GUID);
    expect(readGuid('not-a-guid')).toBeUndefined();
  });
});

describe('list rows', () => {
  it('map to the app names, deriving region and province from the sigla', () => {
    const mapped = mapListRow(
      row({ guid: GUID.toLowerCase(), cat_class: '4', montepremi: '1500', id_stato: '3' }),
    );
    expect(mapped).toEqual({
      ok: true,
      value: {
        guid: GUID,
        name: 'Torneo Open di Natale',
        club: 'Tennis Club Parioli',
        city: 'Roma',
        provinceSigla: 'RM',
        provinceId: 58,
        regionId: 12,
        startDate: '2026-12-12',
        endDate: '2026-12-21',
        idDisciplina: '4332',
        codFonte: 1,
        fonteLabel: 'TORNEI FITP',
        mainDraw: { type: 'Maschile', categoryClass: 4, ageCategory: 'open' },
        onlineRegistration: true,
        authorized: true,
        idStato: 3,
        prizeMoney: 1500,
        registrationOpensAt: new Date('2026-12-01T11:00:00Z'),
        registrationClosesAt: new Date('2026-12-09T11:00:00Z'),
        modifiedAt: new Date('2026-11-22T07:15:00Z'),
      },
    });
  });

  it('keep unknown registration dates as unknown and ignore unknown extra fields', () => {
    const mapped = mapListRow(
      row({
        data_chiusura_iscrizioni: '01/01/1900',
        data_apertura_iscrizioni: '1900-01-01',
        note: null,
        flag: '1',
      }),
    );
    expect(mapped.ok && mapped.value.registrationClosesAt).toBeNull();
    expect(mapped.ok && mapped.value.registrationOpensAt).toBeNull();
  });

  it('use the ISTAT codes when the sigla is unknown', () => {
    const mapped = mapListRow(row({ sigla_provincia: '', id_provincia: '15', id_regione: '3' }));
    expect(mapped.ok && [mapped.value.provinceSigla, mapped.value.provinceId, mapped.value.regionId]).toEqual(
      ['MI', 15, 3],
    );
  });

  it('skip placeholders and rows missing a required field, keeping the rest of the page', () => {
    const page = mapListPage({
      record: '6',
      competizioni: [
        row(),
        { ...row({ guid: PLACEHOLDER_GUID, data_inizio: '1900-01-01' }) },
        row({ guid: undefined }),
        row({ guid: GUID.replace('25C6', '35C6'), nome_torneo: '' }),
        row({ guid: GUID.replace('25C6', '45C6'), data_fine: undefined }),
        row({ guid: GUID.replace('25C6', '55C6'), data_inizio: '1900-01-01' }),
      ],
    });
    expect(page?.total).toBe(6);
    expect(page?.rows.map((r) => r.guid)).toEqual([GUID]);
    expect(page?.placeholders).toBe(1);
    expect(page?.skipped).toHaveLength(4);
    expect(mapListPage({ competizioni: [] })).toBeUndefined();
    expect(mapListPage('<html>')).toBeUndefined();
  });

  it('are asked for with every field a string, "" meaning any', () => {
    const body = listRequestBody(
      { regionId: 12, from: '2026-12-01', modifiedSince: new Date('2026-07-09T10:00:00Z') },
      200,
      100,
    );
    expect(body).toMatchObject({
      id_regione: '12',
      id_provincia: '',
      data_inizio: '01/12/2026',
      data_fine: '',
      rowstoskip: '200',
      fetchrows: '100',
      id_disciplina: '4332',
      data_modifica_da: '2026-07-09T12:00:00',
    });
    expect(Object.values(body).every((v) => typeof v === 'string')).toBe(true);
  });
});

describe('detail', () => {
  it('keeps participants without card or subscription date, and skips only the broken rows', () => {
    const mapped = mapDetail({
      Description: 'Torneo',
      From: '12/12/2026',
      To: '2026-12-21T00:00:00',
      PrizeMoney: '1500',
      RulesUrl: 'javascript:alert(1)',
      ExternalUrl: 'https://example.org/torneo',
      Tournaments: [
        {
          TournamentUid: GUID.toLowerCase(),
          TournamentDescription: 'Singolare Femminile 4a categoria',
          Type: 'femminile',
          CategoryClass: '4',
          AgeCategory: 'OPEN',
          IsDoubleTournament: '0',
          NumberOfParticipants: '3',
          MaxParticipants: 32,
          AdmissionType: 'cronologico',
          Participants: [
            {
              Id: 9001,
              Name: 'Giulia',
              Surname: 'Rossi',
              MembershipCard: '123456789',
              Ranking: '4.1',
              SubscriptionDate: '2026-11-21T10:02:00',
            },
            {
              Id: '9002',
              Name: 'Sara',
              Surname: 'Bianchi',
              Ranking: '4.nc',
              SubscriptionDate: '2026-11-21T18:40:00',
            },
            { Id: 9003, Name: 'Anna', Surname: 'Verdi', MembershipCard: '555', Ranking: '4.2' },
            { Name: 'Senza', Surname: 'Id' },
          ],
          Documents: [
            {
              Id: 1,
              Title: 'Programma',
              Url: 'https://example.org/p.pdf',
              PublishedAt: '2026-11-20T09:00:00',
            },
            { Title: 'no id' },
          ],
          OrdersOfPlay: [{ Id: '7', Date: '12/12/2026', Url: 'https://example.org/odg.pdf' }],
          Draws: [{ Id: 3, Title: 'Tabellone finale', PublishedAt: '2026-12-10T20:00:00' }],
        },
        { TournamentDescription: 'no uid' },
      ],
    });
    const t = mapped?.detail.tournaments[0];
    expect(mapped?.detail).toMatchObject({
      startDate: '2026-12-12',
      endDate: '2026-12-21',
      prizeMoney: 1500,
      rulesUrl: null,
    });
    expect(mapped?.detail.tournaments).toHaveLength(1);
    expect(t).toMatchObject({
      uuid: GUID,
      type: 'Femminile',
      categoryClass: 4,
      ageCategory: 'open',
      isDouble: false,
      participantsCount: 3,
      admissionType: 'cronologico',
    });
    expect(
      t?.participants.map((p) => [
        p.id,
        p.membershipCard,
        p.ranking,
        p.subscriptionDate?.toISOString() ?? null,
      ]),
    ).toEqual([
      [9001, '123456789', '4.1', '2026-11-21T09:02:00.000Z'],
      [9002, null, '4.NC', '2026-11-21T17:40:00.000Z'],
      [9003, '555', '4.2', null],
    ]);
    expect(t?.items.map((i) => [i.kind, i.id, i.title, i.date])).toEqual([
      ['document', 1, 'Programma', null],
      ['order_of_play', 7, 'Ordine di gioco', '2026-12-12'],
      ['draw', 3, 'Tabellone finale', null],
    ]);
    expect(mapped?.skipped).toHaveLength(3);
  });
});
