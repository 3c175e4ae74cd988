/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of the web client (apps/web/README.md, decision 080) are Biome
 * `noRestrictedImports` overrides in apps/web/biome.json. This runs the real Biome on files
 * placed in the folders the rules cover, so a broken glob or a renamed folder cannot switch the
 * rules off silently.
 */
const web = join(import.meta.dirname, '..');
const biome = join(web, '../../node_modules/.bin/biome');
const RULE = 'lint/style/noRestrictedImports';

interface Case {
  /** Where the probe file goes, relative to apps/web/src (`*` is replaced by a unique tag). */
  file: string;
  imports: string[];
  forbidden: boolean;
}

const cases: Case[] = [
  { file: 'features/explore/*.tsx', imports: ['@/features/filters/api/get-filters'], forbidden: true },
  {
    file: 'features/explore/components/*.test.tsx',
    imports: ['@/features/subscriptions/components/follow-controls'],
    forbidden: true,
  },
  { file: 'features/explore/components/*.tsx', imports: ['../../filters/api/get-filters'], forbidden: true },
  { file: 'features/filters/api/*.ts', imports: ['@/app/providers'], forbidden: true },
  { file: 'lib/*.ts', imports: ['@/features/filters/api/local-cache'], forbidden: true },
  { file: 'lib/auth/*.ts', imports: ['../../features/filters/api/local-cache'], forbidden: true },
  {
    file: 'components/*.tsx',
    imports: ['@/features/subscriptions/components/follow-controls'],
    forbidden: true,
  },
  { file: 'components/layouts/*.tsx', imports: ['@/app/app-layout'], forbidden: true },
  { file: 'config/*.ts', imports: ['@/features/auth/api/login'], forbidden: true },
  {
    file: 'features/explore/components/*.tsx',
    imports: [
      '@/features/explore/api/search-competitions',
      '../search-state',
      '@/components/ui/button',
      '@/lib/utils',
    ],
    forbidden: false,
  },
  {
    file: 'app/routes/app/*.tsx',
    imports: ['@/features/filters/components/saved-filters', '@/features/explore/components/filter-panel'],
    forbidden: false,
  },
];

function lint(files: string[]) {
  const run = spawnSync(biome, ['lint', '--reporter=json', ...files], { cwd: web, encoding: 'utf8' });
  if (run.error) throw run.error;
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category?: string; location?: { path?: string } }[];
  };
  return report.diagnostics.filter((d) => d.category === RULE).map((d) => d.location?.path ?? '');
}

describe('web import boundaries (Biome noRestrictedImports)', () => {
  it('forbids a feature importing another feature or the app, and components/lib/config importing a feature', () => {
    const tag = `zz-boundary-probe-${process.pid}`;
    const probes = cases.map((c, index) => {
      const path = join('src', c.file.replace('*', `${tag}-${index}`));
      const names = c.imports.map((_, i) => `m${i}`);
      const source = `${c.imports.map((s, i) => `import * as m${i} from '${s}';`).join('\n')}\n\nexport const all = [${names.join(', ')}];\n`;
      return { ...c, path, source };
    });
    try {
      for (const probe of probes) writeFileSync(join(web, probe.path), probe.source);
      const flagged = new Set(lint(probes.map((p) => p.path)));
      const verdicts = probes.map((p) => ({
        file: p.file,
        imports: p.imports,
        forbidden: flagged.has(p.path),
      }));
      expect(verdicts).toEqual(
        cases.map((c) => ({ file: c.file, imports: c.imports, forbidden: c.forbidden })),
      );
    } finally {
      for (const probe of probes) rmSync(join(web, probe.path), { force: true });
    }
  }, 30_000);

  it('has a rule for every feature folder', () => {
    const config = JSON.parse(readFileSync(join(web, 'biome.json'), 'utf8')) as {
      overrides?: { includes?: string[] }[];
    };
    const covered = new Set((config.overrides ?? []).flatMap((o) => o.includes ?? []));
    const features = readdirSync(join(web, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(5);
    expect(features.filter((f) => !covered.has(`src/features/${f}/**`))).toEqual([]);
  });
});
