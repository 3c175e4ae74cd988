/**
 * The card on the real federation's data (issue 27 point 5, decision 182): validation through
 * the player sheet (an unknown card is "Numero di tessera non valido", never "service down"), the
 * player data it gives, the card's entries found in the stored entry lists (no entries call) with
 * the doubles partner, and positions by admission type (by ranking when the detail does not say).
 */
import type { CompetitionDetail } from '@radar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { radarDifferences } from '../../../src/modules/fitp/fitp.repository';
import { storeCard, storeCompetition } from '../../helpers/detail-factories';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import {
  aPlayer,
  asAppFederation,
  type MemoryFederation,
  memoryFederation,
} from '../../helpers/memory-federation';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('the card on real data', () => {
  let t: TestApp;
  let fed: MemoryFederation;
  let clock = new Date('2026-08-20T10:00:00Z');
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * 60_000);
  };

  beforeAll(async () => {
    fed = memoryFederation();
    t = await createTestApp({ federation: asAppFederation(fed), now: () => clock });
  });
  afterAll(() => t.close());

  const account = async (fitpCardNumber: string | null = null) => {
    const user = await createUser(t.database.db, { fitpCardNumber });
    return { user, cookie: await signIn(t.database.db, user) };
  };

  it('says an unknown card is not valid (never service down), and a down federation is service down', async () => {
    const { cookie } = await account();
    const unknown = await call(t.app, 'POST', '/api/fitp/validate', {
      cookie,
      body: { membershipCard: '099999999' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'FITP_CARD_NOT_FOUND',
      message: 'Numero di tessera non valido. Controlla e riprova.',
    });
    expect(unknown.json().serviceDown).toBeUndefined();
    expect(fed.calls).toContain('playerSheet');

    fed.down = true;
    try {
      const down = await call(t.app, 'POST', '/api/fitp/validate', {
        cookie,
        body: { membershipCard: '099999999' },
      });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'FEDERATION_UNAVAILABLE', serviceDown: true });
    } finally {
      fed.down = false;
      later(5); // past the pause after a failure
    }
  });

  it('connects a known card (leading zeros kept) with its player data: name, club, category, ranking, best ranking and season', async () => {
    const { cookie } = await account();
    fed.players.set('001234567', aPlayer('001234567'));
    const connected = await call(t.app, 'POST', '/api/fitp/validate', {
      cookie,
      body: { membershipCard: '001 234 567' },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json().card).toMatchObject({
      membershipCard: '001234567',
      player: {
        name: 'Giulia',
        surname: 'Bianchi',
        tennisClub: 'TC Parioli',
        municipality: 'Roma',
        province: 'RM',
        category: 'Terza',
        ranking: '3.2',
        maxRank: '2.8',
        maxRankSeason: '2024',
      },
    });
    // A minute later the sheet is read again: a new ranking shows.
    fed.players.set('001234567', aPlayer('001234567', { ranking: '3.1' }));
    later(2);
    const data = await call(t.app, 'GET', '/api/fitp/data', { cookie });
    expect(data.statusCode).toBe(200);
    expect(data.json().card.player.ranking).toBe('3.1');
  });

  it('finds the card’s entries in the stored entry lists, singles and doubles, with the partner and the position', async () => {
    const card = '005550001';
    const { user, cookie } = await account(card);
    await storeCard(t.database.db, user.id, card, '4.1');
    const callsBefore = fed.calls.length;
    const { guid, uuids } = await storeCompetition(
      t.database.db,
      { name: 'Open di Ostia', detailSyncedAt: clock, detailStatus: 'found' },
      [
        {
          description: 'Singolare maschile 4a',
          // Admission type unknown (the real detail never says): by ranking.
          entries: [
            { card: '000000011', ranking: '4.NC' },
            { card, ranking: '4.1', surname: 'Bianchi' },
            { card: '000000012', ranking: '3.5' },
          ],
        },
        {
          description: 'Doppio maschile',
          isDouble: true,
          entries: [
            { card: '000000021', ranking: '3.1', pair: 0 },
            { card: '000000022', ranking: '3.2', pair: 0 },
            { card, ranking: '4.1', pair: 1 },
            { card: '000000023', ranking: '4.2', name: 'Marco', surname: 'Verdi', pair: 1 },
            { card: '000000024', ranking: '2.8', pair: 2 },
            { card: '000000025', ranking: '2.7', pair: 2 },
          ],
        },
        {
          description: 'Singolare chronologico',
          admissionType: 'cronologico',
          entries: [
            { card: '000000031', ranking: '2.1', subscriptionDate: new Date('2026-08-03T10:00:00Z') },
            { card, ranking: '4.1', subscriptionDate: new Date('2026-08-01T10:00:00Z') },
          ],
        },
        { description: 'Singolare femminile', entries: [{ card: '000000041', ranking: '4.1' }] },
      ],
    );

    // The sync dialog: the three tournaments holding the card, from the database alone.
    const sync = await call(t.app, 'GET', '/api/fitp/sync', { cookie });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(
      sync
        .json()
        .toAdd.map((i: { tournamentUuid: string }) => i.tournamentUuid)
        .sort(),
    ).toEqual([uuids[0], uuids[1], uuids[2]].sort());
    expect(sync.json().toRemove).toEqual([]);
    // No federation call: the same answer while it is down.
    expect(fed.calls.length).toBe(callsBefore);
    fed.down = true;
    try {
      const whileDown = await call(t.app, 'GET', '/api/fitp/sync', { cookie });
      expect(whileDown.statusCode).toBe(200);
      expect(whileDown.json()).toEqual(sync.json());
    } finally {
      fed.down = false;
    }

    // The detail: positions and the partner.
    const detail = await call(t.app, 'GET', `/api/competitions/${guid}`, { cookie });
    expect(detail.statusCode, detail.body).toBe(200);
    const competition: CompetitionDetail = detail.json().competition;
    const [singles, doubles, chrono, other] = competition.tournaments;
    expect(singles?.myEntry).toMatchObject({ position: 2, total: 3, partner: null });
    expect(singles?.participants.map((p) => [p.ranking, p.position, p.isMe])).toEqual([
      ['3.5', 1, false],
      ['4.1', 2, true],
      ['4.NC', 3, false],
    ]);
    // Pairs by the sum of their values: 2.8+2.7 < 3.1+3.2 < 4.1+4.2.
    expect(doubles?.myEntry).toMatchObject({
      position: 3,
      total: 3,
      partner: { name: 'Marco', surname: 'Verdi', membershipCard: '000000023', ranking: '4.2' },
    });
    expect(chrono?.myEntry).toMatchObject({ position: 1, total: 2 });
    expect(other?.myEntry).toBeNull();

    // The card radar scans the same lists.
    const { appeared } = await radarDifferences(t.database.db);
    expect(
      appeared
        .filter((a) => a.userId === user.id)
        .map((a) => a.tournamentUuid)
        .sort(),
    ).toEqual([uuids[0], uuids[1], uuids[2]].sort());
  });
});
