import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Scripting the journeys' federation simulator (its `/__sim` routes): a competition published, a
 * player entered. Each journey then waits for the event it needs (the app's next ingestion pass
 * reading it, a notification), which differs from journey to journey.
 */

/** What `/__sim/competitions` accepts (packages/fitp-simulator/src/script.ts); the simulator checks it. */
export type SimulatorCompetition = {
  name: string;
  city?: string;
  province?: string;
  startDate?: string;
  endDate?: string;
  /** Instants (ISO, or Rome local time; a deadline already passed makes a closed tournament); by default registration closes the day before the start at noon. */
  registrationOpensAt?: string;
  registrationClosesAt?: string;
  tournaments?: Record<string, unknown>[];
};

/** Publishes a competition on the simulator: its guid and its tournaments' uids. */
export async function simulatorPublish(
  request: APIRequestContext,
  simulatorURL: string,
  competition: SimulatorCompetition,
): Promise<{ guid: string; tournamentUids: string[] }> {
  const created = await request.post(`${simulatorURL}/__sim/competitions`, { data: competition });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { guid: string; tournamentUids: string[] };
}

/** Enters a player (by card, or by name and ranking) in one of the simulator's tournaments. */
export async function simulatorEnter(
  request: APIRequestContext,
  simulatorURL: string,
  tournamentUid: string,
  entry: { cardNumber?: string; name?: string; surname?: string; ranking?: string },
): Promise<void> {
  const entered = await request.post(`${simulatorURL}/__sim/entries`, { data: { tournamentUid, ...entry } });
  expect(entered.ok(), await entered.text()).toBe(true);
}

/** Publishes a tournament's draw (made from its entries now): its draw keys. */
export async function simulatorPublishDraw(
  request: APIRequestContext,
  simulatorURL: string,
  tournamentUid: string,
): Promise<{ tournamentId: number; phaseIds: string[] }> {
  const published = await request.post(`${simulatorURL}/__sim/draws`, { data: { tournamentUid } });
  expect(published.ok(), await published.text()).toBe(true);
  return (await published.json()) as { tournamentId: number; phaseIds: string[] };
}

/** Scores a match of a published draw (its final section unless `phaseId` says), as of now. */
export async function simulatorScore(
  request: APIRequestContext,
  simulatorURL: string,
  score: {
    tournamentUid: string;
    round: number;
    position: number;
    winner: 0 | 1;
    score?: string;
    retired?: boolean;
    phaseId?: string;
  },
): Promise<void> {
  const scored = await request.post(`${simulatorURL}/__sim/draws/score`, { data: score });
  expect(scored.ok(), await scored.text()).toBe(true);
}

/**
 * Registers a player on the simulator (its player sheet answers the app's card call): a card of
 * the journey's own, or one the simulator picks. Its card number.
 */
export async function simulatorPlayer(
  request: APIRequestContext,
  simulatorURL: string,
  player: {
    cardNumber?: string;
    name?: string;
    surname?: string;
    gender?: 'M' | 'F';
    ranking?: string;
    province?: string;
  },
): Promise<string> {
  const created = await request.post(`${simulatorURL}/__sim/players`, { data: player });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { cardNumber: string }).cardNumber;
}

/**
 * Publishes an order of play (`ordine-di-gioco/list`) whose PDF holds the given matches, players
 * by card, in the layout asked for: how a journey puts a player at a time and court. Its file name.
 */
export async function simulatorOrderOfPlay(
  request: APIRequestContext,
  simulatorURL: string,
  orderOfPlay: {
    competitionGuid: string;
    date: string;
    layout?: 'grid' | 'list';
    matches: { time: string; court: number; top: string[]; bottom: string[] }[];
  },
): Promise<string> {
  const created = await request.post(`${simulatorURL}/__sim/orders-of-play`, { data: orderOfPlay });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { fileName: string }).fileName;
}
