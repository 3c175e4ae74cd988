/**
 * The files behind the federation's list calls (fitp-contract.md §4), as small real PDFs: a
 * competition's documents, its rules and its orders of play. An order of play holds the day's
 * matches of every draw of the competition (time, court, players) as text. Served by the GET
 * download paths; a file not listed (yet) answers 404.
 */
import { buildDraw, type DrawMatch, drawAbbreviation } from './draws';
import type { CompetitionDetailView, CompetitionFile, Federation, Participant } from './federation';
import {
  type OopMatch,
  type OopPlayer,
  ORDER_OF_PLAY_LAYOUTS,
  type OrderOfPlayLayout,
  type OrderOfPlaySheet,
  writeOrderOfPlayPdf,
} from './order-of-play-pdf';
import { hashParts } from './prng';
import { formatItalianDate, formatRomeDateTime } from './rome-time';

export interface FileAnswer {
  readonly contentType: string;
  readonly body: Buffer;
}

export type FileKind = 'document' | 'rules' | 'orderOfPlay';

/** The file a download asks for at `now`, or undefined when the competition does not list it. */
export async function downloadFile(
  federation: Federation,
  kind: FileKind,
  guid: string,
  fileName: string | undefined,
  now: number,
): Promise<FileAnswer | undefined> {
  const view = federation.filesView(guid, now);
  if (!view) return undefined;
  const listed =
    kind === 'document'
      ? federation.documents(guid, now)
      : kind === 'rules'
        ? federation.rules(guid, now)
        : federation.ordersOfPlay(guid, now);
  // Rules download without a file name (one file per competition); a lone order of play too.
  const file =
    fileName === undefined || fileName === ''
      ? kind === 'document' || listed.length !== 1
        ? undefined
        : listed[0]
      : listed.find((f) => f.fileName.toLowerCase() === fileName.toLowerCase());
  if (!file) return undefined;
  if (kind === 'orderOfPlay') {
    return {
      contentType: 'application/pdf',
      body: await writeOrderOfPlayPdf(orderOfPlaySheet(federation, view, file, now)),
    };
  }
  const lines = kind === 'document' ? documentLines(view, file) : rulesLines(view);
  return { contentType: 'application/pdf', body: buildPdf(lines) };
}

const header = (view: CompetitionDetailView): PdfLine[] => {
  const c = view.competition;
  return [
    { text: 'Federazione Italiana Tennis e Padel - simulatore', size: 9 },
    { text: c.name.trim(), size: 14, bold: true },
    { text: `${c.club} - ${c.city} (${c.province.sigla})`, size: 10 },
    { text: `Dal ${formatItalianDate(c.startDay)} al ${formatItalianDate(c.endDay)}`, size: 10 },
    { text: '' },
  ];
};

function documentLines(view: CompetitionDetailView, file: CompetitionFile): PdfLine[] {
  return [
    ...header(view),
    { text: file.title ?? file.fileName, size: 14, bold: true },
    { text: `Pubblicato il ${formatRomeDateTime(file.publishedAt).replace('T', ' alle ')}`, size: 9 },
    { text: '' },
    ...view.tournaments.map((t) => ({
      text: `${t.spec.description}: ${t.spec.surface}, palle ${t.spec.balls}, ${t.spec.matchFormat}`,
      size: 10,
    })),
  ];
}

function rulesLines(view: CompetitionDetailView): PdfLine[] {
  const c = view.competition;
  return [
    ...header(view),
    { text: 'Regolamento', size: 14, bold: true },
    { text: '1. Il torneo si svolge secondo i regolamenti federali in vigore.', size: 10 },
    {
      text: `2. Iscrizioni entro il ${formatRomeDateTime(c.registrationClosesAt).replace('T', ' alle ')}.`,
      size: 10,
    },
    { text: `3. Montepremi complessivo: ${c.prizeMoney} euro.`, size: 10 },
    { text: '' },
    ...view.tournaments.map((t) => ({
      text: `- ${t.spec.description}: max ${t.spec.maxParticipants} giocatori, ${t.spec.matchFormat}`,
      size: 10,
    })),
  ];
}

/** The day's matches of every section, by time then court, as they stood when the file came out. */
export function orderOfPlayMatches(
  federation: Federation,
  view: CompetitionDetailView,
  day: number,
  at: number,
): Array<{ readonly match: DrawMatch; readonly tournament: string; readonly label: string }> {
  const out: Array<{ match: DrawMatch; tournament: string; label: string }> = [];
  for (const t of view.tournaments) {
    if (t.drawPublishedAt === undefined || t.drawPublishedAt > at) continue;
    for (const section of t.sections) {
      const schedule = federation.scheduleOf(view.competition, t, section);
      for (const match of buildDraw(federation.seed, section, schedule, at)) {
        if (match.day === day)
          out.push({ match, tournament: t.spec.description, label: drawAbbreviation(t.spec) });
      }
    }
  }
  return out.sort((a, b) => a.match.minute - b.match.minute || a.match.court - b.match.court);
}

/** The layout a competition's clubs print their orders of play in (stable per competition). */
export const orderOfPlayLayoutOf = (federation: Federation, guid: string): OrderOfPlayLayout =>
  ORDER_OF_PLAY_LAYOUTS[hashParts(federation.seed, 'oop-layout', guid) % ORDER_OF_PLAY_LAYOUTS.length] ??
  'list';

const oopPlayer = (p: Participant['player']): OopPlayer => ({
  surname: p.surname,
  firstName: p.firstName,
  ranking: p.ranking,
});

/** Courts a club's order of play uses at most. */
const MAX_COURTS = 8;

/**
 * The draws' matches on the club's courts: every draw schedules its own courts, so two of them
 * may name the same court at the same time; such a match moves to the next free court, else to
 * the next slot (90 minutes later), as a referee would.
 */
function slotted(matches: readonly OopMatch[]): OopMatch[] {
  const taken = new Set<string>();
  return [...matches]
    .sort((a, b) => a.minute - b.minute || a.court - b.court)
    .map((m) => {
      for (let minute = m.minute; ; minute += 90) {
        for (let k = 0; k < MAX_COURTS; k++) {
          const court = ((Math.min(m.court, MAX_COURTS) - 1 + k) % MAX_COURTS) + 1;
          if (taken.has(`${minute}:${court}`)) continue;
          taken.add(`${minute}:${court}`);
          return { ...m, minute, court };
        }
      }
    });
}

/**
 * What an order of play prints: a scripted file's own matches (players by card), else the day's
 * matches of the published draws as they stood when the file came out.
 */
export function orderOfPlaySheet(
  federation: Federation,
  view: CompetitionDetailView,
  file: CompetitionFile,
  now: number,
): OrderOfPlaySheet {
  const day = file.day ?? 0;
  const c = view.competition;
  const cardPlayers = (cards: readonly string[]): OopPlayer[] =>
    cards.flatMap((card) => {
      const player = federation.findPlayer(card);
      return player ? [oopPlayer(player)] : [];
    });
  const matches: OopMatch[] = file.matches
    ? file.matches.map((m) => ({
        minute: m.minute,
        court: m.court,
        top: cardPlayers(m.top),
        bottom: cardPlayers(m.bottom),
      }))
    : orderOfPlayMatches(federation, view, day, Math.min(now, file.publishedAt)).map(({ match, label }) => ({
        minute: match.minute,
        court: match.court,
        top: match.top?.unit.players.map((p) => oopPlayer(p.player)) ?? [],
        bottom: match.bottom?.unit.players.map((p) => oopPlayer(p.player)) ?? [],
        label: `${label} - ${match.round}° turno`,
      }));
  const placed = file.matches ? matches : slotted(matches);
  const rows = [...new Set(placed.map((m) => m.minute))].sort((a, b) => a - b);
  return {
    layout: file.layout ?? orderOfPlayLayoutOf(federation, c.guid),
    title: c.name.trim(),
    club: c.club,
    place: `${c.city} (${c.province.sigla})`,
    day,
    courts: Math.max(1, ...placed.map((m) => m.court)),
    matches: placed,
    publishedAt: file.publishedAt,
    followOnRows: new Set(
      rows.flatMap((_, row) =>
        hashParts(federation.seed, 'oop-follow', c.guid, day, row) % 4 === 0 ? [row] : [],
      ),
    ),
  };
}

// --- A one-page PDF with text lines ------------------------------------------------------------

export interface PdfLine {
  readonly text: string;
  readonly size?: number;
  readonly bold?: boolean;
}

/** WinAnsiEncoding codes for the few characters outside Latin-1 that Italian text uses. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '—': 0x97,
  '–': 0x96,
  '’': 0x92,
  '‘': 0x91,
  '“': 0x93,
  '”': 0x94,
  '€': 0x80,
};

/** A PDF string literal's content: Latin-1 text with `\`, `(`, `)` and non-ASCII escaped. */
function pdfText(text: string): string {
  let out = '';
  for (const ch of text.slice(0, 95)) {
    const code = ch.codePointAt(0) ?? 63;
    if (ch === '\\' || ch === '(' || ch === ')') out += `\\${ch}`;
    else if (code >= 32 && code < 127) out += ch;
    else {
      const ansi = WIN_ANSI_EXTRA[ch] ?? (code >= 160 && code <= 255 ? code : 63);
      out += `\\${ansi.toString(8).padStart(3, '0')}`;
    }
  }
  return out;
}

/** A valid single-page A4 PDF (Helvetica), with a correct cross-reference table. */
export function buildPdf(lines: readonly PdfLine[]): Buffer {
  let y = 800;
  const commands: string[] = [];
  for (const line of lines) {
    const size = line.size ?? 10;
    y -= Math.round(size * 1.5);
    if (y < 40) break;
    if (line.text === '') continue;
    commands.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf 50 ${y} Td (${pdfText(line.text)}) Tj ET`);
  }
  const stream = commands.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
