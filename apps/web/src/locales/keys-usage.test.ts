import { describe, expect, it } from 'vitest';
import { resources } from '@/lib/i18n-resources';

type Tree = { [key: string]: string | Tree };

function leafKeys(tree: unknown, prefix = ''): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(tree as Tree)) {
    if (typeof value === 'string') keys.add(`${prefix}${key}`);
    else for (const nested of leafKeys(value, `${prefix}${key}.`)) keys.add(nested);
  }
  return keys;
}

/** Literal keys passed to `t(…)` / `i18n.t(…)` and to `<Trans i18nKey=…>`; template keys are skipped. */
const KEY_PATTERNS = [/\bt\(\s*(['"`])([\w.-]+)\1/g, /\bi18nKey=\{?\s*(['"`])([\w.-]+)\1/g];

export function extractKeys(source: string): string[] {
  return KEY_PATTERNS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[2] ?? ''));
}

// Every source file of the app, as text (this file excluded: its examples are not real keys).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.d.ts', '!./keys-usage.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('translation keys used in the code', () => {
  it('are recognised by the scanner', () => {
    expect(extractKeys(`t('a.b'); i18n.t("c.d", { x }); <Trans i18nKey="e.f" />; t(\`g.\${id}\`)`)).toEqual([
      'a.b',
      'c.d',
      'e.f',
    ]);
  });

  it('all exist in both catalogues', () => {
    const catalogues = { it: leafKeys(resources.it.translation), en: leafKeys(resources.en.translation) };
    const files = Object.entries(sources);
    expect(files.length).toBeGreaterThan(40);

    const missing: string[] = [];
    let used = 0;
    for (const [file, source] of files) {
      for (const key of extractKeys(source)) {
        used += 1;
        for (const language of ['it', 'en'] as const) {
          // A plural key (`t('x', { count })`) lives as i18next's `x_one` and `x_other`.
          const has = (k: string) => catalogues[language].has(k);
          if (!has(key) && !(has(`${key}_one`) && has(`${key}_other`)))
            missing.push(`${language}: ${key} (${file})`);
        }
      }
    }

    expect(used).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
