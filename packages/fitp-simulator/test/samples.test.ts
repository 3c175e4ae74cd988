/**
 * The simulator's answers against the anonymised real payloads (test/samples, a copy of
 * shared/design/fitp-samples): for every call, the same keys in the same order and casing, the same
 * JSON type per key, and the quirks the samples show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Competition, SimulatorHandle } from '../src/index';
import { isDoubles } from '../src/model';
import {
  base64,
  closeAll,
  defined,
  detail,
  expectSameShape,
  type Json,
  PATHS,
  post,
  request,
  rowOf,
  START,
  sample,
  startSim,
} from './helpers';

describe('the wire, compared with the real samples', () => {
  let sim: SimulatorHandle;
  let concluded: Competition;
  let detailBody: Json;

  beforeAll(async () => {
    sim = await startSim({ quirks: false });
    const now = START.getTime();
    // A concluded FITP competition with a doubles tournament and entries: every part of the detail.
    concluded = defined(
      sim.federation
        .published(now)
        .find(
          (c) =>
            c.codFonte === 1 &&
            c.endsAt < now &&
            c.tournaments.length > 1 &&
            c.tournaments.some((t) => isDoubles(t.type) && t.targetEntries >= 8),
        ),
      'a concluded competition with doubles',
    );
    detailBody = (await detail(sim, concluded.guid)).body;
  });
  afterAll(closeAll);

  it('list rows: the 18 keys and torneo_autorizzato, in order, with their types (FITP, TPRA, team)', async () => {
    const samples = sample('list-page.json').competizioni;
    const variety = sample('list-page-variety.json').competizioni;
    const fitpRow = await rowOf(sim, concluded.guid);
    expectSameShape(fitpRow, samples[0]);
    expect(fitpRow.cat_class).toMatch(/^(1|[234]\.(\d|NC))(;[1234](\.(\d|NC))?)*;4\.NC$/);
    expect(fitpRow.cat_eta).toMatch(/^[UNO][0-9A-Z]{2}(;[UNO][0-9A-Z]{2})*$/);
    expect(fitpRow.data_inizio).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    const now = START.getTime();
    const tpra = defined(sim.federation.published(now).find((c) => c.codFonte === 2));
    const tpraRow = await rowOf(sim, tpra.guid);
    expectSameShape(tpraRow, samples[5]);
    expect(tpraRow).toMatchObject({
      cod_fonte: 2,
      id_fonte: 'TORNEI TPRA',
      guid: '11111111-1111-1111-1111-111111111111',
      cat_class: null,
      cat_eta: null,
      id_settore: 1,
    });
    expect(tpraRow.id_torneo_digital).toBeGreaterThan(0);

    const team = defined(sim.federation.published(now).find((c) => c.codFonte === 3));
    const teamRow = await rowOf(sim, team.guid);
    expectSameShape(teamRow, variety[8]);
    expect(teamRow).toMatchObject({
      cod_fonte: 3,
      id_fonte: 'CAMPIONATI A SQUADRE',
      data_fine: '01/01/1900',
      citta: null,
      provincia: null,
      sigla_provincia: null,
      tennisclub: null,
      iscrizione_online: null,
      cat_class: null,
      cat_eta: '',
    });
    expect([0, 2]).toContain(teamRow.id_statoPUC);
  });

  it('list envelope: competizioni then record', async () => {
    const { body } = await post(sim, PATHS.list, { fetchrows: 100, rowstoskip: 0 });
    expect(Object.keys(body)).toEqual(Object.keys(sample('list-page.json')));
  });

  it('detail: the sample top level, tournaments, bands, sections and participants', () => {
    const reference = sample('detail-62831.json');
    expectSameShape(detailBody, reference);
    const tournament = detailBody.Tournaments[0];
    expectSameShape(tournament, reference.Tournaments[0]);
    expectSameShape(tournament.EndTimeSubscription[0], reference.Tournaments[0].EndTimeSubscription[0]);
    expectSameShape(tournament.Sections[0], reference.Tournaments[0].Sections[0]);
    expectSameShape(tournament.Participants[0], reference.Tournaments[0].Participants[0]);
    expectSameShape(detailBody.CompetitionOfficer, reference.CompetitionOfficer);
    if (detailBody.impianti.length > 0) {
      expect(Object.keys(detailBody.impianti[0])).toEqual(['Address', 'Cap', 'Municipality', 'Province']);
    }
    expect(detailBody.Ranking).toContain(',');
    expect(detailBody.Ranking).not.toContain(';');
    for (const t of detailBody.Tournaments) {
      for (const p of t.Participants) {
        expect(p.Code).toBe(111111);
        expect(p.MembershipCard).toMatch(/^\d{10}$/);
        expect(p.SubscriptionDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,3}$/);
        expect(p).not.toHaveProperty('Id');
        expect(p).not.toHaveProperty('Club');
      }
    }
    for (const gone of ['RulesUrl', 'ExternalUrl', 'PrizeMoney', 'Documents'])
      expect(detailBody).not.toHaveProperty(gone);
  });

  it('draw: results[0] with torneo, gara, sezione and matches of the sample', async () => {
    const reference = sample('draw-tabellone.json');
    const t = detailBody.Tournaments.find((x: Json) => x.Participants.length >= 4);
    const section = t.Sections.at(-1);
    const answer = await request(
      sim,
      'GET',
      `${PATHS.draw}?tournamentId=${t.TournamentId}&phaseId=${section.SectionCode}`,
    );
    expect(answer.status).toBe(200);
    expectSameShape(answer.body, reference);
    expect(answer.body.results[0].partite.length).toBeGreaterThan(0);
    expectSameShape(answer.body.results[0].partite[0], reference.results[0].partite[0]);
  });

  it('documents and orders of play: arrays of file names', async () => {
    const docs = await post(sim, PATHS.documents, { competitionId: concluded.guid, guid: null });
    const oop = await post(sim, PATHS.ordersOfPlay, { competitionId: concluded.guid });
    expectSameShape(docs.body, sample('documents-list.json'));
    expectSameShape(oop.body, sample('oop-list.json'));
    expect(oop.body.length).toBeGreaterThan(0);
    for (const name of oop.body)
      expect(name).toMatch(/^oraria?o?digioco_\d{8}\.pdf$|^orar[io]+digioco_\d{8}\.pdf$/);
  });

  it('player sheet: the nested lower-case player, and the PascalCase prod twin', async () => {
    const card = sim.federation.pool.at(5).cardNumber;
    const sheet = await post(sim, PATHS.card, { cardNumber: base64(card) });
    expectSameShape(sheet.body, sample('player-sheet.json'));
    expect(sheet.body.player.membershipCard).toBe(`*******${card.slice(-3)}`);
    expect(sheet.body.discipline[0].membershipCard).toBe(base64(card));
    const prod = await post(sim, PATHS.cardProd, { cardNumber: base64(card) });
    expectSameShape(prod.body, sample('player-sheet-prod-v6.json'));
    expect(prod.body.baseStat).toBeNull();
    expect(prod.body.player).not.toHaveProperty('guid');
  });
});
