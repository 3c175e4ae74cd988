/// <reference types="node" />
/**
 * Writes apps/web/biome.json: the web client's import boundaries (decision 080) as Biome
 * `noRestrictedImports` overrides, two per feature folder, generated from the folders in
 * src/features (decision 196). Run `npm run web:biome-config` after adding, renaming or removing
 * a feature; test/import-boundaries.test.ts fails while the file is stale.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const web = join(import.meta.dirname, '..');

/** The feature folders of src/features, sorted. */
export function featureFolders(root = web): string[] {
  return readdirSync(join(root, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

interface Pattern {
  group: string[];
  message: string;
}

const restrict = (includes: string[], patterns: Pattern[]) => ({
  includes,
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});

const TESTS = ['!**/*.test.ts', '!**/*.test.tsx'];

const otherFeature = (feature: string): Pattern => ({
  group: ['@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`],
  message: `A feature never imports another feature (this is '${feature}'): compose features in src/app/routes, or move a feature-free piece to src/components or src/lib.`,
});

const appOrOutside: Pattern = {
  group: ['../../**', '@/app', '@/app/**'],
  message:
    "A feature never imports the app layer, nor leaves its folder by a relative path: import src/components, src/lib and src/config through '@/'.",
};

const FEATURE_FREE_MESSAGE =
  'src/components, src/lib and src/config are feature-free: they never import a feature (nor, outside tests, the app layer); let src/app pass feature pieces in as props.';

/**
 * The whole of apps/web/biome.json. Biome's `patterns` are gitignore-style with `!` exceptions
 * and have no "any feature but this one", hence one override per feature: its code may import
 * neither another feature, nor `@/app`, nor leave its folder by `../../`; its tests only the
 * first (they may render `AppProviders`). components/, lib/ and config/ import no feature (nor,
 * outside tests, the app).
 */
export function webBiomeConfig(features: readonly string[]) {
  return {
    $schema: '../../node_modules/@biomejs/biome/configuration_schema.json',
    root: false,
    extends: '//',
    css: { parser: { tailwindDirectives: true } },
    overrides: [
      ...features.flatMap((feature) => [
        restrict([`src/features/${feature}/**`, ...TESTS], [otherFeature(feature), appOrOutside]),
        restrict(
          [`src/features/${feature}/**/*.test.ts`, `src/features/${feature}/**/*.test.tsx`],
          [otherFeature(feature)],
        ),
      ]),
      restrict(
        ['src/components/**', 'src/lib/**', 'src/config/**', ...TESTS],
        [
          {
            group: ['@/features', '@/features/**', '**/features/**', '@/app', '@/app/**', '**/app/**'],
            message: FEATURE_FREE_MESSAGE,
          },
        ],
      ),
      restrict(
        [
          'src/components/**/*.test.ts',
          'src/components/**/*.test.tsx',
          'src/lib/**/*.test.ts',
          'src/lib/**/*.test.tsx',
        ],
        [{ group: ['@/features', '@/features/**', '**/features/**'], message: FEATURE_FREE_MESSAGE }],
      ),
    ],
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = join(web, 'biome.json');
  writeFileSync(file, `${JSON.stringify(webBiomeConfig(featureFolders()), null, 2)}\n`);
  // Biome's own layout, so `npm run lint` finds nothing to reformat.
  const format = spawnSync(join(web, '../../node_modules/.bin/biome'), ['format', '--write', file], {
    stdio: 'inherit',
  });
  process.exit(format.status ?? 1);
}
