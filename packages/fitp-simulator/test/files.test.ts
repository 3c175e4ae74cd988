import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../src/files';
import type { SimulatorHandle } from '../src/index';
import { closeAll, defined, detail, type Json, listAll, startSim } from './helpers';

const PLACEHOLDER = '11111111-1111-1111-1111-111111111111';

describe('linked files', () => {
  let sim: SimulatorHandle;
  let withItems: Json;

  beforeAll(async () => {
    sim = await startSim();
    // An ongoing competition has documents, draws and orders of play.
    const rows = (await listAll(sim, { id_stato: '2' })).filter((r: Json) => r.guid !== PLACEHOLDER);
    for (const row of rows) {
      const answer = await detail(sim, row.guid);
      const t = answer.body?.Tournaments?.[0];
      if (t?.Documents.length && t.Draws.length && t.OrdersOfPlay.length) {
        withItems = answer.body;
        break;
      }
    }
  });
  afterAll(closeAll);

  it('links documents, orders of play, draws and rules to PDFs the simulator serves itself', async () => {
    const t = defined(withItems, 'an ongoing competition with items').Tournaments[0];
    const urls: string[] = [withItems.RulesUrl, t.Documents[0].Url, t.OrdersOfPlay[0].Url, t.Draws[0].Url];
    for (const url of urls) {
      expect(url.startsWith(`${sim.url}/files/`), url).toBe(true);
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.toString('latin1')).toContain('%%EOF');
    }
    const draw = Buffer.from(await (await fetch(t.Draws[0].Url)).arrayBuffer()).toString('latin1');
    expect(draw).toContain(t.Draws[0].Title.slice(0, 10).replace(/[()\\]/g, ''));
  });

  it('serves the external page as HTML and answers 404 for a file that does not exist', async () => {
    const page = await fetch(withItems.ExternalUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<h1>');
    const missing = await fetch(`${sim.url}/files/tornei/${PLACEHOLDER}/documenti/1.pdf`);
    expect(missing.status).toBe(404);
  });

  it('writes a PDF whose cross-reference offsets point at its objects', () => {
    const pdf = buildPdf([{ text: 'Àncora (più) — prova', size: 12, bold: true }]).toString('latin1');
    const start = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(start, start + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, i) => {
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    });
    expect(pdf).toContain('(\\300ncora \\(pi\\371\\) \\227 prova)');
  });
});
