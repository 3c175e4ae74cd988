/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { featureFolders, webBiomeConfig } from '../scripts/biome-config';

/**
 * The import boundaries of the web client (apps/web/README.md, decision 080) are Biome
 * `noRestrictedImports` overrides in apps/web/biome.json, written from the feature folders by
 * scripts/biome-config.ts (decision 196). This runs the real Biome on files placed in the
 * folders the rules cover, so a broken glob or a renamed folder cannot switch the rules off
 * silently, and fails while biome.json is not what the script writes. The second part walks the import graph of src/ and fails on any cycle.
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

  it('biome.json is the one npm run web:biome-config writes for the feature folders of today', () => {
    const config = JSON.parse(readFileSync(join(web, 'biome.json'), 'utf8')) as unknown;
    const features = featureFolders(web);
    expect(features.length).toBeGreaterThan(5);
    // Stale after a feature folder is added, renamed or removed: run `npm run web:biome-config`.
    expect(config).toEqual(webBiomeConfig(features));
  });
});

/** Every .ts/.tsx file under `dir` (declaration files aside), as paths relative to `root`. */
function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative(root, path)] : [];
  });
}

/**
 * The import graph of a set of files under src/ (paths relative to src/): every static import and
 * re-export, type-only ones included, and every `import()` (a lazily loaded chunk that imports
 * the module that loads it is a cycle too). Imports of packages and virtual modules are left out.
 */
function importGraph(sources: Map<string, string>): Map<string, string[]> {
  const resolve = (from: string, specifier: string): string | undefined => {
    let base: string;
    if (specifier.startsWith('@/')) base = specifier.slice(2);
    else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
    else return undefined;
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) =>
      sources.has(candidate),
    );
  };
  return new Map(
    [...sources].map(([file, source]) => [
      file,
      ts
        .preProcessFile(source, true, true)
        .importedFiles.map((imported) => resolve(file, imported.fileName))
        .filter((target): target is string => target !== undefined),
    ]),
  );
}

/** Every cycle of the graph, as one strongly connected component each (Tarjan), sorted. */
function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, order.get(target) ?? 0));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

describe('web import graph', () => {
  it('has no import cycle in src/ (static, type-only or lazy import())', () => {
    const src = join(web, 'src');
    const sources = new Map(sourceFiles(src).map((file) => [file, readFileSync(join(src, file), 'utf8')]));
    expect(sources.size).toBeGreaterThan(100);
    expect(importCycles(importGraph(sources))).toEqual([]);
  });

  it('finds a cycle through a lazy import, a type-only import, an alias or an index file', () => {
    const sources = new Map([
      ['components/menu.tsx', "const load = () => import('./menu-dropdown');\nexport const menu = load;\n"],
      [
        'components/menu-dropdown.tsx',
        "import type { Props } from '@/components/menu';\nexport default 1;\n",
      ],
      ['features/a/index.ts', "export * from './api/get-a';\n"],
      ['features/a/api/get-a.ts', "import { b } from '../../b/b';\nexport const a = b;\n"],
      ['features/b/b.ts', "import { a } from '@/features/a';\nexport const b = a;\n"],
      ['lib/alone.ts', "import { z } from 'zod';\nimport './missing';\nexport const alone = z;\n"],
    ]);
    expect(importCycles(importGraph(sources))).toEqual([
      ['components/menu-dropdown.tsx', 'components/menu.tsx'],
      ['features/a/api/get-a.ts', 'features/a/index.ts', 'features/b/b.ts'],
    ]);
  });
});
