/**
 * A PDF's text as positioned words (docs/decisions/204): unpdf (PDF.js built for servers, no
 * worker, no canvas, no OCR) reads each page's text runs; each run is cut into words whose
 * positions are interpolated along the run. Scanned files have no text: they give no words.
 */
import { getDocumentProxy } from 'unpdf';

/** One word of a page, in PDF points: `x` from the left, `y` (the baseline) from the bottom. */
export interface TextWord {
  page: number;
  x: number;
  y: number;
  /** Width of the word. */
  w: number;
  /** Font size (the run's height). */
  size: number;
  text: string;
}

/** Pages read at most: an order of play is a few pages; a large file is not one. */
export const MAX_PAGES = 20;

const round = (n: number) => Math.round(n * 10) / 10;

/** The words of every page (at most {@link MAX_PAGES}), in the order the file draws them. */
export async function pdfWords(bytes: Uint8Array): Promise<TextWord[]> {
  const pdf = await getDocumentProxy(bytes);
  try {
    const words: TextWord[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES); number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a = 0, b = 0, , d = 0, x = 0, y = 0] = item.transform as number[];
        const size = Math.abs(item.height) || Math.hypot(a, b) || Math.abs(d) || 10;
        const perChar = item.str.length > 0 ? item.width / item.str.length : 0;
        for (const m of item.str.matchAll(/\S+/g)) {
          const start = m.index ?? 0;
          words.push({
            page: number,
            x: round(x + perChar * start),
            y: round(y),
            w: round(perChar * m[0].length),
            size: round(size),
            text: m[0],
          });
        }
      }
      page.cleanup();
    }
    return words;
  } finally {
    await pdf.loadingTask.destroy();
  }
}
