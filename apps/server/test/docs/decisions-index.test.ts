import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/README.md indexes every decision with its status (issue 30): each decision
 * file has its row, with the file's own number and title, and a status the index defines.
 */
const decisions = join(import.meta.dirname, '../../../../docs/decisions');
const STATUS = /^(current|amended by .+|superseded( in part)? by .+)$/;

/** `# 001 — Title`, `# 020: Title` and `# 138. Title` are all in use. */
function heading(file: string): { number: string; title: string } {
  const first = readFileSync(join(decisions, file), 'utf8').split('\n', 1)[0] ?? '';
  const match = /^#\s*(\d{3})\s*(?:—|:|\.)\s*(.+)$/.exec(first);
  if (!match?.[1] || !match[2]) throw new Error(`${file}: no '# NNN — Title' heading`);
  return { number: match[1], title: match[2].trim() };
}

/** The index's rows: `| [NNN](file.md) | title | status |`. */
function indexRows(): { number: string; file: string; title: string; status: string }[] {
  const readme = readFileSync(join(decisions, 'README.md'), 'utf8');
  return readme
    .split('\n')
    .map((line) => /^\| \[(\d{3})\]\(([^)]+)\) \| (.+?) \| (.+) \|$/.exec(line))
    .filter((match) => match !== null)
    .map(([, number = '', file = '', title = '', status = '']) => ({ number, file, title, status }));
}

describe('docs/decisions/README.md', () => {
  const files = readdirSync(decisions)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort();
  const rows = indexRows();

  it('lists every decision file once, in order, with its number and title', () => {
    expect(files.length).toBeGreaterThan(70);
    expect(rows.map((row) => ({ number: row.number, file: row.file, title: row.title }))).toEqual(
      files
        .map((file) => ({ file, ...heading(file) }))
        .map(({ file, number, title }) => ({ number, file, title })),
    );
  });

  it('gives each one a status: current, amended by …, or superseded (in part) by …', () => {
    expect(rows.filter((row) => !STATUS.test(row.status))).toEqual([]);
  });

  it('names only decisions that exist in its statuses', () => {
    const numbers = new Set(files.map((file) => file.slice(0, 3)));
    const named = rows.flatMap((row) => [...row.status.matchAll(/\[(\d{3})\]\(([^)]+)\)/g)]);
    expect(
      named.filter(([, number = '', file = '']) => !numbers.has(number) || !files.includes(file)),
    ).toEqual([]);
  });
});
