/**
 * Orders of play as clubs print them (fitp-contract.md §4: times and courts are only inside the
 * PDF), written with pdfkit in two layouts, because the real files' layout is not captured:
 *
 * - `grid`: a table, the courts as columns and the times as rows; each cell holds the match
 *   (`ROSSI MARIO - BIANCHI LUCA`), wrapped inside its narrow column, so names split across
 *   lines; a later row may read `a seguire` instead of a time.
 * - `list`: one line per match, by court: `Campo 1 — ore 9.00 — ROSSI M. - BIANCHI L.`, the
 *   afternoon as `non prima delle 15.00`, the draw's label in a column of its own.
 *
 * Doubles pairs are written `ROSSI M. / VERDI L.`. Deterministic: the same input writes the same
 * bytes (the creation date is the file's publication).
 */
import PDFDocument from 'pdfkit';
import { WEEKDAYS_IT } from './names';
import { type EpochDay, formatItalianDate, romeInstant, weekdayOf } from './rome-time';

export type OrderOfPlayLayout = 'grid' | 'list';
export const ORDER_OF_PLAY_LAYOUTS = ['grid', 'list'] as const satisfies readonly OrderOfPlayLayout[];

export interface OopPlayer {
  readonly surname: string;
  readonly firstName: string;
  readonly ranking?: string | undefined;
}

/** One match of the day: a side is one player, or a pair. */
export interface OopMatch {
  /** Rome minute of the day it is called. */
  readonly minute: number;
  readonly court: number;
  readonly top: readonly OopPlayer[];
  readonly bottom: readonly OopPlayer[];
  /** `SM4 - 1° turno`. */
  readonly label?: string | undefined;
}

export interface OrderOfPlaySheet {
  readonly layout: OrderOfPlayLayout;
  readonly title: string;
  readonly club: string;
  readonly place: string;
  readonly day: EpochDay;
  readonly courts: number;
  readonly matches: readonly OopMatch[];
  /** The file's publication: its creation date. */
  readonly publishedAt: number;
  /** Grid rows (after the first) that read `a seguire`: by row index. */
  readonly followOnRows?: ReadonlySet<number>;
}

const clock = (minute: number, separator = ':'): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}${separator}${String(minute % 60).padStart(2, '0')}`;

/** `SABATO 14/06/2026`. */
const dayHeading = (day: EpochDay): string =>
  `${(WEEKDAYS_IT[weekdayOf(day)] ?? '').toUpperCase()} ${formatItalianDate(day)}`;

const fullName = (p: OopPlayer): string => `${p.surname} ${p.firstName}`.toUpperCase();
const shortName = (p: OopPlayer): string =>
  `${p.surname.toUpperCase()} ${p.firstName.charAt(0).toUpperCase()}.`;

const side = (players: readonly OopPlayer[], name: (p: OopPlayer) => string): string =>
  players.length === 0 ? 'DA DEFINIRE' : players.map(name).join(' / ');

/** The PDF of an order of play. */
export async function writeOrderOfPlayPdf(sheet: OrderOfPlaySheet): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    compress: true,
    info: {
      Title: sheet.title,
      Author: sheet.club,
      Creator: 'FITP simulator',
      Producer: 'pdfkit',
      CreationDate: new Date(sheet.publishedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(8).text('Federazione Italiana Tennis e Padel', { align: 'right' });
  doc.font('Helvetica-Bold').fontSize(13).text(sheet.title);
  doc.font('Helvetica').fontSize(9).text(`${sheet.club} - ${sheet.place}`);
  doc.moveDown(0.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`ORDINE DI GIOCO - ${dayHeading(sheet.day)}`);
  doc.moveDown(0.8);
  if (sheet.matches.length === 0) {
    doc.font('Helvetica').fontSize(10).text('Gli incontri saranno pubblicati a breve.');
  } else if (sheet.layout === 'grid') {
    grid(doc, sheet);
  } else {
    list(doc, sheet);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Courts as columns, times as rows; a match's text wraps inside its cell. */
function grid(doc: PDFKit.PDFDocument, sheet: OrderOfPlaySheet): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const timeWidth = 52;
  const courts = Math.max(1, Math.min(8, sheet.courts, Math.max(...sheet.matches.map((m) => m.court))));
  const columnWidth = (width - timeWidth) / courts;
  const pad = 3;
  let y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9);
  doc.text('ORA', left + pad, y + pad, { width: timeWidth - 2 * pad, lineBreak: false });
  for (let c = 1; c <= courts; c++) {
    doc.text(`CAMPO ${c}`, left + timeWidth + (c - 1) * columnWidth + pad, y + pad, {
      width: columnWidth - 2 * pad,
      align: 'center',
      lineBreak: false,
    });
  }
  y += 16;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  const minutes = [...new Set(sheet.matches.map((m) => m.minute))].sort((a, b) => a - b);
  doc.font('Helvetica').fontSize(8);
  minutes.forEach((minute, row) => {
    const cells = sheet.matches.filter((m) => m.minute === minute && m.court <= courts);
    const texts = cells.map((m) => `${side(m.top, fullName)} - ${side(m.bottom, fullName)}`);
    const height =
      Math.max(10, ...texts.map((t) => doc.heightOfString(t, { width: columnWidth - 2 * pad }))) + 2 * pad;
    if (y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    const label = row > 0 && sheet.followOnRows?.has(row) ? 'a seguire' : clock(minute);
    doc.text(label, left + pad, y + pad, { width: timeWidth - 2 * pad, lineBreak: false });
    cells.forEach((m, i) => {
      doc.text(texts[i] ?? '', left + timeWidth + (m.court - 1) * columnWidth + pad, y + pad, {
        width: columnWidth - 2 * pad,
      });
    });
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
  });
}

/** One line per match, by court then time; the label in a right-hand column. */
function list(doc: PDFKit.PDFDocument, sheet: OrderOfPlaySheet): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = 90;
  const mainWidth = width - labelWidth - 10;
  const sorted = [...sheet.matches].sort((a, b) => a.court - b.court || a.minute - b.minute);
  doc.font('Helvetica').fontSize(9);
  for (const m of sorted) {
    const when =
      m.minute >= 15 * 60 ? `non prima delle ${clock(m.minute, '.')}` : `ore ${clock(m.minute, '.')}`;
    const text = `Campo ${m.court} — ${when} — ${side(m.top, shortName)} - ${side(m.bottom, shortName)}`;
    const height = doc.heightOfString(text, { width: mainWidth });
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    if (m.label) doc.text(m.label, left + mainWidth + 10, y, { width: labelWidth, lineBreak: false });
    doc.text(text, left, y, { width: mainWidth });
    doc.moveDown(0.4);
  }
}

/** When a match is called, as an instant (for tests and ordering). */
export const matchInstant = (day: EpochDay, m: Pick<OopMatch, 'minute'>): number =>
  romeInstant(day, m.minute);
