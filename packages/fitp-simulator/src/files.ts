/**
 * The files the federation links to: rules, documents, orders of play and draws as small real PDFs,
 * and the competition's external page as HTML, served by the simulator itself under `/files/…` so
 * every link in the app opens something. Paths are relative here; `wire.ts` makes them absolute
 * with the simulator's own address as the caller reached it.
 */
import type { CompetitionDetailView, Federation } from './federation';
import { formatItalianDate, formatRomeDateTime } from './rome-time';
import type { ItemKind } from './timeline';

export const FILES_PREFIX = '/files';

const ITEM_FOLDERS: Record<ItemKind, string> = {
  document: 'documenti',
  draw: 'tabelloni',
  orderOfPlay: 'odg',
};
const KIND_BY_FOLDER = new Map(
  Object.entries(ITEM_FOLDERS).map(([kind, folder]) => [folder, kind as ItemKind]),
);

/** The path of a generated document, order of play or draw. */
export const itemPath = (tournamentUid: string, kind: ItemKind, id: number): string =>
  `${FILES_PREFIX}/tornei/${tournamentUid.toLowerCase()}/${ITEM_FOLDERS[kind]}/${id}.pdf`;

export const competitionPaths = (guid: string): { rulesUrl: string; externalUrl: string } => ({
  rulesUrl: `${FILES_PREFIX}/competizioni/${guid.toLowerCase()}/regolamento.pdf`,
  externalUrl: `${FILES_PREFIX}/competizioni/${guid.toLowerCase()}`,
});

/** A relative link made absolute against the simulator's base URL; absolute links stay as they are. */
export const absoluteUrl = (url: string, baseUrl: string | undefined): string =>
  url.startsWith('/') && baseUrl ? `${baseUrl}${url}` : url;

export interface FileAnswer {
  readonly contentType: string;
  readonly body: Buffer;
}

/** The file at `path` (under {@link FILES_PREFIX}) as it is at `now`, or undefined when there is none. */
export function serveFile(federation: Federation, path: string, now: number): FileAnswer | undefined {
  const item = /^\/files\/tornei\/([0-9a-f-]{36})\/([a-z]+)\/(\d+)\.pdf$/i.exec(path);
  if (item) {
    const [, uid = '', folder = '', id = ''] = item;
    const kind = KIND_BY_FOLDER.get(folder.toLowerCase());
    return kind ? itemPdf(federation, uid, kind, Number(id), now) : undefined;
  }
  const competition = /^\/files\/competizioni\/([0-9a-f-]{36})(?:\/(regolamento\.pdf))?$/i.exec(path);
  if (competition) {
    const [, guid = '', rules] = competition;
    const found = federation.detail(guid, now);
    if (found.kind !== 'found') return undefined;
    return rules ? rulesPdf(found.view) : externalPage(found.view);
  }
  return undefined;
}

function itemPdf(
  federation: Federation,
  uid: string,
  kind: ItemKind,
  id: number,
  now: number,
): FileAnswer | undefined {
  const ref = federation.findTournament(uid);
  if (!ref) return undefined;
  const found = federation.detail(ref.competition.guid, now);
  if (found.kind !== 'found') return undefined;
  const tournament = found.view.tournaments[ref.index];
  const published = tournament?.items.find((i) => i.kind === kind && i.id === id);
  if (!tournament || !published) return undefined;
  const c = found.view.competition;
  const names = tournament.participants.map(
    (p) => `${p.player.surname} ${p.player.firstName} (${p.player.ranking})`,
  );
  const lines: PdfLine[] = [
    { text: 'Federazione Italiana Tennis e Padel - simulatore', size: 9 },
    { text: c.name, size: 16, bold: true },
    { text: `${c.club} - ${c.city} (${c.province.sigla})`, size: 11 },
    { text: tournament.spec.description, size: 11 },
    { text: '' },
    { text: published.title, size: 14, bold: true },
    { text: `Pubblicato il ${formatRomeDateTime(published.publishedAt).replace('T', ' alle ')}`, size: 9 },
    { text: '' },
  ];
  if (kind === 'draw' || kind === 'orderOfPlay') {
    const times = ['09:00', '10:30', '12:00', '14:00', '15:30', '17:00', '18:30', '20:00'];
    for (let i = 0; i + 1 < Math.min(names.length, 32); i += 2) {
      const prefix = kind === 'orderOfPlay' ? `Ore ${times[(i / 2) % times.length]}  ` : `${i / 2 + 1}.  `;
      lines.push({ text: `${prefix}${names[i]}  -  ${names[i + 1]}`, size: 10 });
    }
    if (names.length < 2) lines.push({ text: 'Gli incontri saranno pubblicati a breve.', size: 10 });
  } else {
    lines.push(
      { text: `Date: dal ${formatItalianDate(c.startDay)} al ${formatItalianDate(c.endDay)}`, size: 10 },
      { text: `Superficie: ${tournament.spec.surface}. Palle: ${tournament.spec.balls}.`, size: 10 },
      { text: `Formula: ${tournament.spec.matchFormat}.`, size: 10 },
      {
        text: `Iscritti: ${tournament.participants.length} su ${tournament.spec.maxParticipants}.`,
        size: 10,
      },
    );
  }
  return { contentType: 'application/pdf', body: buildPdf(lines) };
}

function rulesPdf(view: CompetitionDetailView): FileAnswer {
  const c = view.competition;
  const lines: PdfLine[] = [
    { text: 'Federazione Italiana Tennis e Padel - simulatore', size: 9 },
    { text: `Regolamento - ${c.name}`, size: 16, bold: true },
    { text: `${c.club} - ${c.city} (${c.province.sigla})`, size: 11 },
    { text: `Dal ${formatItalianDate(c.startDay)} al ${formatItalianDate(c.endDay)}`, size: 11 },
    { text: '' },
    { text: '1. Il torneo si svolge secondo i regolamenti federali in vigore.', size: 10 },
    {
      text: `2. Iscrizioni entro il ${formatRomeDateTime(c.registrationClosesAt).replace('T', ' alle ')}.`,
      size: 10,
    },
    { text: `3. Montepremi complessivo: ${c.prizeMoney} euro.`, size: 10 },
    { text: '' },
    { text: 'Tabelloni:', size: 11, bold: true },
    ...view.tournaments.map((t) => ({
      text: `- ${t.spec.description}: max ${t.spec.maxParticipants} giocatori, ${t.spec.matchFormat}`,
      size: 10,
    })),
  ];
  return { contentType: 'application/pdf', body: buildPdf(lines) };
}

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

function externalPage(view: CompetitionDetailView): FileAnswer {
  const c = view.competition;
  const rows = view.tournaments
    .map(
      (t) =>
        `<li>${escapeHtml(t.spec.description)}: ${t.participants.length}/${t.spec.maxParticipants} iscritti</li>`,
    )
    .join('');
  const html = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(c.name)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem}</style></head>
<body><p>Federazione Italiana Tennis e Padel - simulatore</p><h1>${escapeHtml(c.name)}</h1>
<p>${escapeHtml(c.club)}, ${escapeHtml(c.city)} (${escapeHtml(c.province.sigla)})</p>
<p>Dal ${formatItalianDate(c.startDay)} al ${formatItalianDate(c.endDay)}</p>
<ul>${rows}</ul></body></html>`;
  return { contentType: 'text/html; charset=utf-8', body: Buffer.from(html, 'utf8') };
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
