/**
 * A published draw as a bracket, and one player's way through it (issue 29 point 1;
 * docs/decisions/203). Pure: the server runs it on the stored matches (with cards) for the
 * detail's "my draw" and the personal draw notifications, the web on the detail's matches (no
 * cards) to draw the bracket.
 *
 * The federation's rules (contract §5): match (T, P) is fed by (T−1, 2P−1) and (T−1, 2P); a slot
 * or a whole match that is absent is a bye; the score is written from the winner's side. A match
 * the federation has not filled yet is derived from its feeders: its player is the winner of the
 * feeding match, or, while that is unplayed, one of the feeding positions' players (the potential
 * opponents), recursively down the sub-bracket.
 */

import { normalizeCardNumber } from './positions';

export interface BracketPlayer {
  name: string;
  ranking: string | null;
  /** The card, where the caller has it (the server); never sent to the browser for others. */
  card?: string | null;
}

export interface BracketSide {
  players: readonly BracketPlayer[];
  seed: number | null;
  retired: boolean;
  absent: boolean;
}

export interface BracketMatch<S extends BracketSide = BracketSide> {
  round: number;
  position: number;
  sides: readonly [S | null, S | null];
  score: string | null;
  winner: 0 | 1 | null;
}

/** What stands in a slot of the bracket. */
export type BracketSlot<S> =
  | { kind: 'side'; side: S }
  /** Nobody will: an empty slot of the draw. */
  | { kind: 'bye' }
  /** Not known yet: one of `potential` (the feeding positions' players). */
  | { kind: 'pending'; potential: S[] };

export interface BracketCell<S extends BracketSide> {
  round: number;
  position: number;
  /** The federation's match; null when absent (a bye, or a later round not filled yet). */
  match: BracketMatch<S> | null;
  slots: [BracketSlot<S>, BracketSlot<S>];
  /** Who goes through: the federation's winner, or the one side facing a bye. */
  winner: 0 | 1 | null;
  score: string | null;
}

export interface DrawBracket<S extends BracketSide> {
  /** How many rounds the draw has (the last is the final). */
  rounds: number;
  cell(round: number, position: number): BracketCell<S>;
  /** A round's cells, positions 1 … 2^(rounds − round). */
  cells(round: number): BracketCell<S>[];
}

/** The two positions of the previous round that feed (round, position). */
export function feedingPositions(round: number, position: number): [[number, number], [number, number]] {
  return [
    [round - 1, 2 * position - 1],
    [round - 1, 2 * position],
  ];
}

/** How many rounds: each match (T, P) needs P ≤ 2^(rounds − T); a missing final still counts. */
export function drawRoundsCount(matches: readonly Pick<BracketMatch, 'round' | 'position'>[]): number {
  let rounds = 0;
  for (const m of matches) {
    if (m.round < 1 || m.position < 1) continue;
    rounds = Math.max(rounds, m.round + Math.ceil(Math.log2(m.position)));
  }
  return rounds;
}

type Winner<S> = { kind: 'side'; side: S } | { kind: 'bye' } | { kind: 'pending' };

/** The bracket of a draw's matches, every cell derived once. */
export function drawBracket<S extends BracketSide>(matches: readonly BracketMatch<S>[]): DrawBracket<S> {
  const rounds = drawRoundsCount(matches);
  const byKey = new Map<string, BracketMatch<S>>();
  for (const m of matches) byKey.set(`${m.round}:${m.position}`, m);
  const matchAt = (round: number, position: number) => byKey.get(`${round}:${position}`) ?? null;
  const cache = new Map<string, BracketCell<S>>();

  function slotOf(round: number, position: number, index: 0 | 1): BracketSlot<S> {
    const match = matchAt(round, position);
    const side = match?.sides[index];
    if (side) return { kind: 'side', side };
    if (round === 1) {
      // An absent first-round match: the player the next round names came through it on a bye.
      if (match === null && index === 0 && rounds > 1) {
        const next = matchAt(2, Math.ceil(position / 2))?.sides[(position - 1) % 2];
        if (next) return { kind: 'side', side: next };
      }
      return { kind: 'bye' };
    }
    const [feeder] = feedingPositions(round, position).slice(index);
    const [fr, fp] = feeder as [number, number];
    const through = winnerOf(fr, fp);
    if (through.kind !== 'pending') return through;
    return { kind: 'pending', potential: potentialOf(fr, fp) };
  }

  function winnerOf(round: number, position: number): Winner<S> {
    const c = cell(round, position);
    if (c.winner !== null) {
      const slot = c.slots[c.winner];
      if (slot.kind === 'side') return slot;
    }
    if (c.slots[0].kind === 'bye' && c.slots[1].kind === 'bye') return { kind: 'bye' };
    return { kind: 'pending' };
  }

  /** Everyone who may still come out of (round, position). */
  function potentialOf(round: number, position: number): S[] {
    const c = cell(round, position);
    if (c.winner !== null) {
      const slot = c.slots[c.winner];
      if (slot.kind === 'side') return [slot.side];
    }
    return c.slots.flatMap((slot) =>
      slot.kind === 'side' ? [slot.side] : slot.kind === 'pending' ? slot.potential : [],
    );
  }

  function cell(round: number, position: number): BracketCell<S> {
    const key = `${round}:${position}`;
    const known = cache.get(key);
    if (known) return known;
    const match = matchAt(round, position);
    const slots: [BracketSlot<S>, BracketSlot<S>] = [slotOf(round, position, 0), slotOf(round, position, 1)];
    let winner: 0 | 1 | null = null;
    if (match && match.winner !== null && match.sides[match.winner]) winner = match.winner;
    else if (slots[0].kind === 'side' && slots[1].kind === 'bye') winner = 0;
    else if (slots[1].kind === 'side' && slots[0].kind === 'bye') winner = 1;
    const made: BracketCell<S> = {
      round,
      position,
      match,
      slots,
      winner,
      score: match?.score?.trim() || null,
    };
    cache.set(key, made);
    return made;
  }

  return {
    rounds,
    cell,
    cells: (round) =>
      round < 1 || round > rounds
        ? []
        : Array.from({ length: 2 ** (rounds - round) }, (_, i) => cell(round, i + 1)),
  };
}

/** One match of the player's path. */
export interface DrawPathStep<S> {
  round: number;
  position: number;
  /** The player's slot in it (0 top, 1 bottom). */
  slot: 0 | 1;
  outcome: 'won' | 'lost' | 'bye';
  opponent: S | null;
  /** As written, from the winner's side; null for a bye or a walkover. */
  score: string | null;
  /** Who retired during the match. */
  retired: 'me' | 'opponent' | null;
  /** Won or lost without playing (a side absent). */
  walkover: boolean;
}

export interface DrawNextMatch<S> {
  round: number;
  position: number;
  slot: 0 | 1;
  /** Known once the feeding match is played. */
  opponent: S | null;
  /** Until then: the players of the feeding positions who may still come through. */
  potential: S[];
}

export interface PlayerDraw<S> {
  /** The player's side: alone, or their pair in doubles. */
  side: S;
  rounds: number;
  steps: DrawPathStep<S>[];
  next: DrawNextMatch<S> | null;
  status: 'playing' | 'out' | 'champion';
}

/** Whether a card (normalised digits) is among a side's players. */
export function sideHasCard(side: BracketSide, card: string | null | undefined): boolean {
  const wanted = normalizeCardNumber(card);
  return wanted !== '' && side.players.some((p) => normalizeCardNumber(p.card) === wanted);
}

/**
 * The player's way through the draw: the side `isMine` picks (their card's, or their pair's),
 * the matches played (won, lost, byes, retirements, walkovers), the next match and its opponent
 * or potential opponents; null when the side is not in the draw.
 */
export function playerDraw<S extends BracketSide>(
  matches: readonly BracketMatch<S>[],
  isMine: (side: S) => boolean,
): PlayerDraw<S> | null {
  const bracket = drawBracket(matches);
  const steps: DrawPathStep<S>[] = [];
  let side: S | null = null;
  let next: DrawNextMatch<S> | null = null;
  for (let round = 1; round <= bracket.rounds; round++) {
    let found: { c: BracketCell<S>; slot: 0 | 1 } | null = null;
    for (const c of bracket.cells(round)) {
      const slot = c.slots.findIndex((s) => s.kind === 'side' && isMine(s.side));
      if (slot === 0 || slot === 1) {
        found = { c, slot };
        break;
      }
    }
    if (found === null) {
      // Not in this round: not yet entered (a later section start), or the path is over.
      if (side !== null) break;
      continue;
    }
    const { c, slot } = found;
    const mine = c.slots[slot] as { kind: 'side'; side: S };
    const other = c.slots[1 - slot] as BracketSlot<S>;
    side ??= mine.side;
    const opponent = other.kind === 'side' ? other.side : null;
    if (c.winner === null) {
      next = {
        round,
        position: c.position,
        slot,
        opponent,
        potential: other.kind === 'pending' ? other.potential : [],
      };
      break;
    }
    if (other.kind === 'bye') {
      steps.push({ ...stepBase(round, c.position, slot), outcome: 'bye' });
      continue;
    }
    const outcome = c.winner === slot ? 'won' : 'lost';
    steps.push({
      ...stepBase(round, c.position, slot),
      outcome,
      opponent,
      score: c.score,
      retired: mine.side.retired ? 'me' : opponent?.retired ? 'opponent' : null,
      walkover: mine.side.absent || opponent?.absent === true,
    });
    if (outcome === 'lost') break;
  }
  if (side === null) return null;
  const last = steps.at(-1);
  const status =
    last?.outcome === 'lost'
      ? 'out'
      : next === null && last !== undefined && last.round === bracket.rounds
        ? 'champion'
        : 'playing';
  return { side, rounds: bracket.rounds, steps, next, status };
}

function stepBase(round: number, position: number, slot: 0 | 1) {
  return { round, position, slot, opponent: null, score: null, retired: null, walkover: false } as const;
}

/** "ROSSI MARIO (4.2)", a pair as "ROSSI MARIO (4.2) / BIANCHI LUCA (4.3)". */
export function drawSideLabel(side: Pick<BracketSide, 'players'>): string {
  return side.players.map((p) => (p.ranking ? `${p.name} (${p.ranking})` : p.name)).join(' / ');
}
