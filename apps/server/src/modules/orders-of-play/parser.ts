/**
 * Finds a player's matches in an order of play's words (docs/decisions/204). Pure. The real
 * files' layout is not known, so nothing here assumes one; it reads what any layout keeps:
 *
 * 1. Words on one baseline form a line; words close together on a line form a segment (a table
 *    cell, or a whole list line); a segment continues on the next line when that line starts
 *    where it started, a line-height below (a name wrapped inside its cell).
 * 2. On each line, times (`10:30`, `ore 9.00`), "non prima delle 15.00", "a seguire", courts
 *    (`Campo 3`, `C3`, `Centrale`) and dates (`14/06/2026`, `sabato 14 giugno`) are recognised;
 *    they bound the runs of names between them.
 * 3. The player's name is searched in the runs with case, accents and apostrophes folded
 *    (`NICOLO'` = `Nicolò`), surname then name, name then surname, or surname and initial
 *    (`ROSSI M.`), starting a side (never inside `DE ROSSI`). A doubles partner on the same side
 *    confirms it.
 * 4. The run splits into sides at `-`, `–`, `vs`; the other side is the opponent (`/` splits a pair).
 * 5. The time is the nearest one on the same line, else above (a grid's row label, a list's
 *    heading); the court likewise, a column's heading above counting only when it stands over
 *    the name; the day is the nearest date above, else the file's.
 */
import type { OrderOfPlayMatch, OrderOfPlayTimeKind } from '@radar/shared';
import type { TextWord } from './pdf-text';

export interface PlayerName {
  /** As the federation writes it: `DI GIOVANNI`. */
  surname: string;
  /** `NICOLO'`. */
  name: string;
}

export interface FoundMatch extends OrderOfPlayMatch {
  page: number;
  /** The partner was found on the player's side. */
  withPartner: boolean;
}

/** Case, accents and apostrophes folded: `Nicolò` and `NICOLO'` are `NICOLO`. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[’'`´‘]/g, ' ')
    .replace(/[^\p{L}\p{N}. /&–—-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A name's folded tokens: `D'AMICO` → `D`, `AMICO`. */
const nameTokens = (text: string): string[] =>
  fold(text)
    .replace(/[.\-–—]/g, ' ')
    .split(' ')
    .filter((t) => /^\p{L}+$/u.test(t));

// --- Lines, segments, blocks -----------------------------------------------------------------

interface Line {
  page: number;
  y: number;
  size: number;
  words: TextWord[];
  /** The words joined by single spaces, and where each word starts in it. */
  text: string;
  starts: number[];
}

interface Meta {
  kind: 'time' | 'notBefore' | 'followOn' | 'court' | 'date';
  value: string;
  page: number;
  x: number;
  y: number;
  w: number;
}

function linesOf(words: readonly TextWord[]): Line[] {
  const sorted = [...words].sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  for (const word of sorted) {
    const last = lines.at(-1);
    if (last && last.page === word.page && Math.abs(last.y - word.y) <= Math.max(1, 0.35 * word.size)) {
      last.words.push(word);
      last.size = Math.max(last.size, word.size);
    } else {
      lines.push({ page: word.page, y: word.y, size: word.size, words: [word], text: '', starts: [] });
    }
  }
  for (const line of lines) {
    line.words.sort((a, b) => a.x - b.x);
    let text = '';
    for (const word of line.words) {
      if (text) text += ' ';
      line.starts.push(text.length);
      text += word.text;
    }
    line.text = text;
  }
  return lines;
}

const MONTHS: Record<string, number> = {
  GENNAIO: 1,
  FEBBRAIO: 2,
  MARZO: 3,
  APRILE: 4,
  MAGGIO: 5,
  GIUGNO: 6,
  LUGLIO: 7,
  AGOSTO: 8,
  SETTEMBRE: 9,
  OTTOBRE: 10,
  NOVEMBRE: 11,
  DICEMBRE: 12,
  JANUARY: 1,
  FEBRUARY: 2,
  MARCH: 3,
  APRIL: 4,
  MAY: 5,
  JUNE: 6,
  JULY: 7,
  AUGUST: 8,
  SEPTEMBER: 9,
  OCTOBER: 10,
  NOVEMBER: 11,
  DECEMBER: 12,
};

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (h: string, m: string) => `${pad(Number(h))}:${m}`;

/** Recognisers, in order: a later one skips text an earlier one took (a date is not a time). */
const RECOGNISERS: Array<{
  kind: Meta['kind'];
  pattern: RegExp;
  value: (m: RegExpExecArray, fileYear: number | null) => string | null;
}> = [
  {
    kind: 'date',
    pattern: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/g,
    value: (m) => isoDay(Number(m[3]?.length === 2 ? `20${m[3]}` : m[3]), Number(m[2]), Number(m[1])),
  },
  {
    kind: 'date',
    pattern:
      /\b(\d{1,2})\s+(GENNAIO|FEBBRAIO|MARZO|APRILE|MAGGIO|GIUGNO|LUGLIO|AGOSTO|SETTEMBRE|OTTOBRE|NOVEMBRE|DICEMBRE|JANUARY|FEBRUARY|MARCH|APRIL|MAY|JUNE|JULY|AUGUST|SEPTEMBER|OCTOBER|NOVEMBER|DECEMBER)(?:\s+(\d{4}))?\b/gi,
    value: (m, fileYear) => {
      const year = m[3] ? Number(m[3]) : fileYear;
      return year ? isoDay(year, MONTHS[(m[2] ?? '').toUpperCase()] ?? 0, Number(m[1])) : null;
    },
  },
  {
    kind: 'notBefore',
    pattern:
      /\b(?:NON\s+PRIMA\s+(?:DELLE|DI|ORE)|N\.\s?P\.?(?:\s?D\.?)?|NPD|NOT\s+BEFORE|DALLE)\s*(?:ORE\s*)?(\d{1,2})[:.h](\d{2})\b/gi,
    value: (m) => (Number(m[1]) < 24 ? hhmm(m[1] ?? '', m[2] ?? '') : null),
  },
  { kind: 'followOn', pattern: /\b(?:A\s+SEGUIRE|SEGUE|TO\s+FOLLOW|FOLLOWED\s+BY)\b/gi, value: () => '' },
  {
    kind: 'court',
    pattern:
      /\b(?:CAMPO|COURT|CAMP\.)\s*(?:N\.?\s*|N°\s*|NR\.?\s*)?(\d{1,2}|CENTRALE)\b|\bC\.?(\d{1,2})\b|\b(CENTRALE)\b/gi,
    value: (m) => {
      const raw = m[1] ?? m[2] ?? m[3] ?? '';
      return /^\d+$/.test(raw)
        ? String(Number(raw))
        : raw.charAt(0).toUpperCase() + raw.slice(1).toLowerCase();
    },
  },
  {
    kind: 'time',
    pattern: /\b(?:ORE\s*|H\s*)?([01]?\d|2[0-3])[:.h]([0-5]\d)\b/gi,
    value: (m) => hhmm(m[1] ?? '', m[2] ?? ''),
  },
];

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The meta of a line, and which of its words they took. */
function recognise(line: Line, fileYear: number | null): { metas: Meta[]; taken: Map<number, Meta> } {
  const metas: Meta[] = [];
  const taken = new Map<number, Meta>();
  const used: Array<[number, number]> = [];
  for (const { kind, pattern, value } of RECOGNISERS) {
    pattern.lastIndex = 0;
    for (const m of line.text.matchAll(pattern)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (used.some(([s, e]) => start < e && end > s)) continue;
      const v = value(m as RegExpExecArray, fileYear);
      if (v === null) continue;
      used.push([start, end]);
      const indices = line.starts.flatMap((s, i) =>
        s < end && s + (line.words[i]?.text.length ?? 0) > start ? [i] : [],
      );
      const first = line.words[indices[0] ?? 0] as TextWord;
      const last = line.words[indices.at(-1) ?? 0] as TextWord;
      const meta: Meta = {
        kind,
        value: v,
        page: line.page,
        x: first.x,
        y: line.y,
        w: last.x + last.w - first.x,
      };
      metas.push(meta);
      for (const i of indices) taken.set(i, meta);
    }
  }
  return { metas, taken };
}

/** A token of a run: a name's part, a separator, or a boundary (a time, court, date). */
type Token =
  | { kind: 'name'; value: string; initial: boolean; raw: string; word: TextWord; segment: Segment }
  | { kind: 'side' | 'pair'; raw: string }
  | { kind: 'meta' };

interface Segment {
  line: Line;
  from: number;
  to: number;
  x0: number;
  x1: number;
}

/** Words of a line close together: `gap` under 1.5 font sizes. */
function segmentsOf(line: Line): Segment[] {
  const out: Segment[] = [];
  line.words.forEach((word, i) => {
    const last = out.at(-1);
    if (last && word.x - last.x1 <= 1.5 * Math.max(word.size, line.size * 0.8)) {
      last.to = i;
      last.x1 = word.x + word.w;
    } else out.push({ line, from: i, to: i, x0: word.x, x1: word.x + word.w });
  });
  return out;
}

function tokensOf(segment: Segment, taken: Map<number, Meta>): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  for (let i = segment.from; i <= segment.to; i++) {
    const word = segment.line.words[i] as TextWord;
    if (taken.has(i)) {
      if (tokens.at(-1)?.kind !== 'meta') tokens.push({ kind: 'meta' });
      continue;
    }
    for (const piece of word.text.split(/(\/|&|\(|\))/)) {
      if (piece === '') continue;
      if (piece === '(') depth++;
      else if (piece === ')') depth = Math.max(0, depth - 1);
      else if (depth > 0) continue;
      else if (piece === '/' || piece === '&') tokens.push({ kind: 'pair', raw: piece });
      else if (/^[-–—:]+$/.test(piece) || /^(VS\.?|V\.|CONTRO)$/i.test(piece))
        tokens.push({ kind: 'side', raw: piece });
      else if (/^\d/.test(piece)) continue;
      else {
        const parts = nameTokens(piece);
        const initial = parts.length === 1 && parts[0]?.length === 1;
        parts.forEach((value, k) => {
          tokens.push({ kind: 'name', value, initial, raw: k === 0 ? piece : '', word, segment });
        });
      }
    }
  }
  return tokens;
}

/** Segments chained across lines: a wrapped cell or line is one block of tokens. */
function blocksOf(lines: readonly Line[], taken: ReadonlyMap<Line, Map<number, Meta>>): Token[][] {
  const blocks: Array<{ tokens: Token[]; tail: Segment }> = [];
  let previous: Array<{ tokens: Token[]; tail: Segment }> = [];
  let previousLine: Line | undefined;
  for (const line of lines) {
    const current: Array<{ tokens: Token[]; tail: Segment }> = [];
    const adjacent =
      previousLine !== undefined &&
      previousLine.page === line.page &&
      previousLine.y - line.y <= 1.45 * Math.max(line.size, previousLine.size);
    for (const segment of segmentsOf(line)) {
      const tokens = tokensOf(segment, taken.get(line) ?? new Map());
      const open = adjacent
        ? previous.find((b) => Math.abs(b.tail.x0 - segment.x0) <= Math.max(2, 0.6 * line.size))
        : undefined;
      if (open) {
        open.tokens.push(...tokens);
        open.tail = segment;
        current.push(open);
      } else {
        const block = { tokens, tail: segment };
        blocks.push(block);
        current.push(block);
      }
    }
    previous = current;
    previousLine = line;
  }
  return blocks.map((b) => b.tokens);
}

// --- The player's name -------------------------------------------------------------------------

/** Ways a player can be written, as token lists; `null` stands for the first name's initial. */
function writings(player: PlayerName): Array<Array<string | null>> {
  const surname = nameTokens(player.surname);
  const given = nameTokens(player.name);
  if (surname.length === 0) return [];
  const out: Array<Array<string | null>> = [];
  if (given.length > 0) {
    out.push([...surname, ...given], [...given, ...surname], [...surname, null]);
    if (given.length > 1) out.push([...surname, given[0] as string], [given[0] as string, ...surname]);
  }
  return out;
}

/** Where in a run a writing starts a side: the index of its first and last tokens. */
function findIn(run: readonly Token[], player: PlayerName): Array<[number, number]> {
  const hits: Array<[number, number]> = [];
  const initial = nameTokens(player.name)[0]?.charAt(0);
  for (let start = 0; start < run.length; start++) {
    const before = run[start - 1];
    if (before?.kind === 'name') continue;
    for (const writing of writings(player)) {
      let ok = true;
      for (let k = 0; k < writing.length; k++) {
        const token = run[start + k];
        const want = writing[k];
        if (token?.kind !== 'name') {
          ok = false;
          break;
        }
        if (want === null ? token.value !== initial || !token.initial : token.value !== want) {
          ok = false;
          break;
        }
      }
      if (ok) {
        hits.push([start, start + writing.length - 1]);
        break;
      }
    }
  }
  return hits;
}

/** A side's players as the file writes them (`ROSSI M.`), pairs split at `/`. */
function playersOf(side: readonly Token[]): string[] {
  const players: string[][] = [[]];
  for (const token of side) {
    if (token.kind === 'pair') players.push([]);
    else if (token.kind === 'name' && token.raw) players.at(-1)?.push(token.raw);
  }
  return players
    .map((words) =>
      words
        .join(' ')
        .replace(/[,;:]+$/, '')
        .trim(),
    )
    .filter((p) => p.length > 0)
    .slice(0, 2)
    .map((p) => p.slice(0, 80));
}

// --- Nearest time, court and day ---------------------------------------------------------------

interface Anchor {
  page: number;
  y: number;
  x0: number;
  x1: number;
  size: number;
}

/** How far a meta is from the match: same line first, then above; below only as a last resort. */
function distance(meta: Meta, anchor: Anchor, columnHeading: boolean): number {
  const dy = meta.y - anchor.y;
  const gap = Math.max(0, meta.x - anchor.x1, anchor.x0 - (meta.x + meta.w));
  if (Math.abs(dy) <= 0.5 * anchor.size) return gap * 0.001;
  if (dy > 0) return dy + (columnHeading ? 3 : 0.25) * gap;
  return 10_000 - dy + gap;
}

function nearest(metas: readonly Meta[], anchor: Anchor, kinds: readonly Meta['kind'][], column: boolean) {
  let best: Meta | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const meta of metas) {
    if (meta.page !== anchor.page || !kinds.includes(meta.kind)) continue;
    const score = distance(meta, anchor, column);
    if (score < bestScore) {
      best = meta;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Every match of the player in the file's words, by day and time. `fileDate` (`YYYY-MM-DD`,
 * from the file's name) is the day when the text names none.
 */
export function findMatches(
  words: readonly TextWord[],
  player: PlayerName,
  options: { fileDate?: string | null; partner?: PlayerName | null } = {},
): FoundMatch[] {
  const fileDate = options.fileDate ?? null;
  const fileYear = fileDate ? Number(fileDate.slice(0, 4)) : null;
  const lines = linesOf(words);
  const metas: Meta[] = [];
  const taken = new Map<Line, Map<number, Meta>>();
  for (const line of lines) {
    const found = recognise(line, fileYear);
    metas.push(...found.metas);
    taken.set(line, found.taken);
  }
  const found: FoundMatch[] = [];
  const seen = new Set<string>();
  for (const block of blocksOf(lines, taken)) {
    // Runs: the tokens between two boundaries.
    const runs: Token[][] = [[]];
    for (const token of block) {
      if (token.kind === 'meta') runs.push([]);
      else runs.at(-1)?.push(token);
    }
    for (const run of runs) {
      for (const [start, end] of findIn(run, player)) {
        // Sides: split at side separators; the player's is the one holding the hit.
        const sides: Token[][] = [[]];
        let mine = -1;
        run.forEach((token, i) => {
          if (token.kind === 'side') {
            if ((sides.at(-1)?.length ?? 0) > 0) sides.push([]);
            return;
          }
          sides.at(-1)?.push(token);
          if (i === start) mine = sides.length - 1;
        });
        const ownSide = sides[mine] ?? [];
        const partner = options.partner ?? null;
        const withPartner = partner !== null && findIn(ownSide, partner).length > 0;
        const other = mine > 0 ? sides[mine - 1] : sides[mine + 1];
        const first = run[start];
        const last = run[end];
        if (first?.kind !== 'name' || last?.kind !== 'name') continue;
        // Where the match starts (a cell's first line): its run's first name, and its segment's width.
        const firstName = run.find((t) => t.kind === 'name');
        const lead = firstName?.kind === 'name' ? firstName : first;
        const anchor: Anchor = {
          page: lead.segment.line.page,
          y: lead.segment.line.y,
          x0: Math.min(lead.segment.x0, first.segment.x0),
          x1: Math.max(lead.segment.x1, last.segment.x1),
          size: lead.segment.line.size,
        };
        const time = nearest(metas, anchor, ['time', 'notBefore', 'followOn'], false);
        const court = nearest(metas, anchor, ['court'], true);
        const dated = metas
          .filter((m) => m.kind === 'date' && m.page === anchor.page && m.y >= anchor.y - 0.5 * anchor.size)
          .sort((a, b) => a.y - b.y)[0];
        const timeKind: OrderOfPlayTimeKind | null =
          time?.kind === 'notBefore'
            ? 'notBefore'
            : time?.kind === 'followOn'
              ? 'followOn'
              : time
                ? 'at'
                : null;
        const match: FoundMatch = {
          date: dated?.value ?? fileDate,
          time: time && time.kind !== 'followOn' ? time.value : null,
          timeKind,
          court: court?.value ?? null,
          opponents: other ? playersOf(other) : [],
          page: anchor.page,
          withPartner,
        };
        const key = JSON.stringify(match);
        if (seen.has(key)) continue;
        seen.add(key);
        found.push(match);
      }
    }
  }
  // By day and time; at the same time, a hit with the partner beside it first (a common name).
  return found.sort(
    (a, b) =>
      (a.date ?? '9999').localeCompare(b.date ?? '9999') ||
      (a.time ?? '99:99').localeCompare(b.time ?? '99:99') ||
      Number(b.withPartner) - Number(a.withPartner),
  );
}

/** The player's first match in the file, or null when the file does not name them. */
export function findMatch(
  words: readonly TextWord[],
  player: PlayerName,
  options: { fileDate?: string | null; partner?: PlayerName | null } = {},
): FoundMatch | null {
  return findMatches(words, player, options)[0] ?? null;
}
