/**
 * Builds `src/modules/places/italian-places.json` from the source CSV of
 * gnekt/geolocalizzazione-comuni-italiani (`comuni_geocoded.csv`, MIT licence): one row per
 * (comune, CAP) with the comune's ISTAT code, province sigla and coordinates.
 *
 *   npx tsx apps/server/scripts/build-italian-places.ts path/to/comuni_geocoded.csv
 *
 * See `src/modules/places/README.md` for the source, its commit and its licence.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [source] = process.argv.slice(2);
if (!source) {
  console.error('usage: build-italian-places.ts <comuni_geocoded.csv>');
  process.exit(1);
}

const lines = readFileSync(source, 'utf8').split(/\r?\n/).filter(Boolean);
const header = lines.shift()?.split(';') ?? [];
const column = (name: string) => {
  const index = header.indexOf(name);
  if (index < 0) throw new Error(`column ${name} missing`);
  return index;
};
const at = {
  name: column('nome'),
  istat: column('codiceComune'),
  sigla: column('sigla'),
  cap: column('cap'),
  lat: column('latitudine'),
  lng: column('longitudine'),
};

type Row = [string, string, string, string, number | null, number | null];
const rows: Row[] = [];
for (const line of lines) {
  const cells = line.split(';');
  const cap = cells[at.cap]?.trim() ?? '';
  const lat = Number(cells[at.lat]);
  const lng = Number(cells[at.lng]);
  if (!/^\d{5}$/.test(cap) || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
  rows.push([
    cap,
    cells[at.name]?.trim() ?? '',
    cells[at.istat]?.trim() ?? '',
    cells[at.sigla]?.trim() ?? '',
    Math.round(lat * 1e4) / 1e4,
    Math.round(lng * 1e4) / 1e4,
  ]);
}
// The geocoded coordinates are not validated upstream: a few land in another part of Italy
// (same name elsewhere). Those farther than OUTLIER_KM from their province's median point are
// dropped (null), so that comune falls back to the province/region rule of "near you".
const OUTLIER_KM = 90;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const bySigla = new Map<string, Row[]>();
for (const row of rows) bySigla.set(row[3], [...(bySigla.get(row[3]) ?? []), row]);
let dropped = 0;
for (const group of bySigla.values()) {
  const mLat = median(group.map((r) => r[4] ?? 0));
  const mLng = median(group.map((r) => r[5] ?? 0));
  for (const row of group) {
    const dLat = ((row[4] ?? 0) - mLat) * 111;
    const dLng = ((row[5] ?? 0) - mLng) * 111 * Math.cos((mLat * Math.PI) / 180);
    if (Math.hypot(dLat, dLng) > OUTLIER_KM) {
      row[4] = null;
      row[5] = null;
      dropped += 1;
    }
  }
}
console.log(`${dropped} coordinates dropped as outliers`);

rows.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1], 'it'));

const target = fileURLToPath(new URL('../src/modules/places/italian-places.json', import.meta.url));
writeFileSync(
  target,
  `${JSON.stringify({ columns: ['cap', 'comune', 'istat', 'sigla', 'lat', 'lng'], rows }).replace(
    /\],\[/g,
    '],\n[',
  )}\n`,
);
console.log(`${rows.length} rows written to ${target}`);
