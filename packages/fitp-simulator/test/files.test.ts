import { extractText } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../src/files';
import type { SimulatorHandle } from '../src/index';
import { closeAll, defined, type Json, PATHS, post, request, START, startSim } from './helpers';

describe('documents, rules and orders of play', () => {
  let sim: SimulatorHandle;

  beforeAll(async () => {
    sim = await startSim({ quirks: false, competitions: 1500 });
  });
  afterEach(() => {
    sim.script.reset();
    sim.clock.set(START);
  });
  afterAll(closeAll);

  const names = async (path: string, guid: string): Promise<Json> =>
    (await post(sim, path, { competitionId: guid })).body;
  const bytes = async (path: string, guid: string, fileName?: string) => {
    const query = `competitionId=${guid}${fileName === undefined ? '' : `&fileName=${encodeURIComponent(fileName)}`}`;
    const response = await fetch(`${sim.url}${path}?${query}`);
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
  const textOf = async (pdf: Buffer): Promise<string> => {
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    return text;
  };
  const download = (path: string, guid: string, fileName?: string) =>
    request(
      sim,
      'GET',
      `${path}?competitionId=${guid}${fileName === undefined ? '' : `&fileName=${encodeURIComponent(fileName)}`}`,
    );

  it('lists orders of play as <prefix>_<YYYYMMDD>.pdf with two prefixes, in lexical order, not by date', async () => {
    const now = START.getTime();
    let found: string[] | undefined;
    for (const c of sim.federation.published(now).filter((x) => x.codFonte === 1 && x.endsAt < now)) {
      const list: string[] = await names(PATHS.ordersOfPlay, c.guid);
      const prefixes = new Set(list.map((n) => n.split('_')[0]));
      if (prefixes.size === 2) {
        found = list;
        break;
      }
    }
    const list = defined(found, 'a competition with both prefixes');
    expect(list).toEqual([...list].sort());
    const dates = list.map((n) => n.slice(-12, -4));
    expect(dates).not.toEqual([...dates].sort());
    for (const n of list) expect(n).toMatch(/^(orariodigioco|oraridigioco)_\d{8}\.pdf$/);
  });

  it('serves an order of play as a PDF holding the day matches: players, times, courts', async () => {
    const { guid, tournamentUids } = sim.script.addCompetition({
      startDate: '2026-03-21',
      endDate: '2026-03-22',
      registrationClosesAt: '2026-03-19T12:00:00',
    });
    const uid = defined(tournamentUids[0]);
    for (const [i, surname] of ['ALFA', 'BRAVO', 'CHARLIE', 'DELTA'].entries()) {
      sim.script.addEntry({
        tournamentUid: uid,
        surname,
        name: 'TEST',
        cardNumber: `555000000${i}`,
        subscriptionDate: '2026-03-15T09:00:00',
      });
    }
    sim.script.addDraw({ tournamentUid: uid, publishedAt: '2026-03-20T09:00:00' });
    const oop = sim.script.addOrderOfPlay({
      competitionGuid: guid,
      date: '2026-03-21',
      publishedAt: '2026-03-20T19:00:00',
    });
    expect(oop.fileName).toMatch(/^(orariodigioco|oraridigioco)_20260321\.pdf$/);
    expect(await names(PATHS.ordersOfPlay, guid)).toEqual([]);
    expect((await download(PATHS.orderOfPlayDownload, guid, oop.fileName)).status).toBe(404);
    sim.clock.set('2026-03-20T19:30:00Z');
    expect(await names(PATHS.ordersOfPlay, guid)).toEqual([oop.fileName]);
    const pdf = await bytes(PATHS.orderOfPlayDownload, guid, oop.fileName);
    expect(pdf.status).toBe(200);
    expect(pdf.contentType).toBe('application/pdf');
    const text = await textOf(pdf.body);
    expect(text).toContain('ORDINE DI GIOCO - SABATO 21/03/2026');
    // The draw's two first-round matches: full names in a grid, surname and initial in a list.
    for (const surname of ['ALFA', 'BRAVO', 'CHARLIE', 'DELTA'])
      expect(text).toMatch(new RegExp(`${surname} T(EST|\\.)`));
    expect(text).toMatch(/CAMPO 1[\s\S]*09:00|Campo 1 — ore 09\.00/);
  });

  it('writes a scripted order of play in either layout, the same bytes each time', async () => {
    const { guid, tournamentUids } = sim.script.addCompetition({
      startDate: '2026-03-21',
      endDate: '2026-03-22',
    });
    const uid = defined(tournamentUids[0]);
    const cards = ['5550000010', '5550000011', '5550000012', '5550000013'];
    for (const [i, surname] of ['ROSSI', 'BIANCHI', 'VERDI', 'NERI'].entries()) {
      sim.script.addEntry({ tournamentUid: uid, surname, name: 'MARIO', cardNumber: cards[i] });
    }
    const [a, b, c, d] = cards as [string, string, string, string];
    const texts: string[] = [];
    for (const [layout, date] of [
      ['grid', '2026-03-21'],
      ['list', '2026-03-22'],
    ] as const) {
      const oop = sim.script.addOrderOfPlay({
        competitionGuid: guid,
        date,
        layout,
        matches: [
          { time: '10:30', court: 3, top: [a], bottom: [b] },
          { time: '16:00', court: 1, top: [c], bottom: [d] },
        ],
      });
      const first = await bytes(PATHS.orderOfPlayDownload, guid, oop.fileName);
      const again = await bytes(PATHS.orderOfPlayDownload, guid, oop.fileName);
      expect(Buffer.compare(first.body, again.body)).toBe(0);
      texts.push(await textOf(first.body));
    }
    const [grid, list] = texts as [string, string];
    expect(grid).toMatch(/ORA\s+CAMPO 1\s+CAMPO 2\s+CAMPO 3/);
    expect(grid).toContain('ROSSI MARIO - BIANCHI MARIO');
    expect(list).toContain('Campo 3 — ore 10.30 — ROSSI M. - BIANCHI M.');
    expect(list).toContain('Campo 1 — non prima delle 16.00 — VERDI M. - NERI M.');
  });

  it('names a lone scripted order of play by its title (oop.pdf)', async () => {
    const { guid } = sim.script.addCompetition();
    const oop = sim.script.addOrderOfPlay({ competitionGuid: guid, title: 'oop.pdf' });
    expect(oop.fileName).toBe('oop.pdf');
    expect(await names(PATHS.ordersOfPlay, guid)).toEqual(['oop.pdf']);
    expect((await download(PATHS.orderOfPlayDownload, guid)).status).toBe(200);
  });

  it('lists documents by file name ([] when none) and serves them from their publication', async () => {
    const { guid, tournamentUids } = sim.script.addCompetition();
    expect(await names(PATHS.documents, guid)).toEqual([]);
    const doc = sim.script.addDocument({
      tournamentUid: defined(tournamentUids[0]),
      title: 'Regolamento torneo',
      url: 'ignored',
    });
    const later = sim.script.addDocument({
      competitionGuid: guid,
      title: 'Locandina_2026',
      publishedAt: '2026-03-16T10:00:00',
    });
    expect(doc.fileName).toBe('Regolamento torneo.pdf');
    expect(await names(PATHS.documents, guid)).toEqual(['Regolamento torneo.pdf']);
    expect((await download(PATHS.documentDownload, guid, later.fileName)).status).toBe(404);
    sim.clock.set('2026-03-16T12:00:00Z');
    expect(await names(PATHS.documents, guid)).toEqual(['Regolamento torneo.pdf', 'Locandina_2026.pdf']);
    const pdf = await download(PATHS.documentDownload, guid, 'Regolamento torneo.pdf');
    expect(pdf.status).toBe(200);
    expect(String(pdf.body)).toContain('Regolamento torneo');
  });

  it('lists rules for most generated competitions, downloaded without a file name', async () => {
    const now = START.getTime();
    const fitp = sim.federation
      .published(now)
      .filter((c) => c.codFonte === 1)
      .slice(0, 40);
    const lists: string[][] = await Promise.all(fitp.map((c) => names(PATHS.rules, c.guid)));
    expect(lists.some((l) => l.length === 0)).toBe(true);
    const index = lists.findIndex((l) => l.length === 1);
    expect(index).toBeGreaterThanOrEqual(0);
    const guid = defined(fitp[index]).guid;
    expect(lists[index]?.[0]).toMatch(/^Regolamento_\d+\.pdf$/);
    const pdf = await download(PATHS.rulesDownload, guid);
    expect(pdf.status).toBe(200);
    expect(String(pdf.body)).toContain('Regolamento');
  });

  it('answers [] for an unknown competition and 404 for unknown paths', async () => {
    expect(await names(PATHS.documents, '00000000-0000-4000-8000-000000000000')).toEqual([]);
    expect((await post(sim, '/api/v1/tesserati/iscrizioni', { cardNumber: 'MTIz' })).status).toBe(404);
    expect((await request(sim, 'GET', '/files/competizioni/x')).status).toBe(404);
    expect((await post(sim, PATHS.documentDownload, {})).status).toBe(404);
  });

  it('writes a PDF whose cross-reference offsets point at its objects', () => {
    const pdf = buildPdf([{ text: 'Ciao (mondo) — è così', bold: true }]).toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    for (const [i, offset] of offsets.entries())
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
  });
});
