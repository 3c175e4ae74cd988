import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { CATALOGUE_PARTS, type CataloguePart, pickPart } from '../src/locales/parts.ts';

const PREFIX = 'virtual:catalogue/';
const LANGUAGES = ['it', 'en'] as const;

/**
 * `import('virtual:catalogue/<language>/<part>')` → that language's catalogue (src/locales),
 * only the namespaces of the part (src/locales/parts.ts), as its own small module: the client
 * loads the texts of the screens it shows, in the language it shows (decision 162). The public
 * part also exports `shared`: the texts shared with the server (packages/shared/src/i18n), in
 * that language.
 */
export function catalogueParts(): Plugin {
  let localesDir = '';
  return {
    name: 'radar:catalogue-parts',
    configResolved(config) {
      localesDir = path.resolve(config.root, 'src/locales');
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [language, part] = id.slice(PREFIX.length + 1).split('/');
      if (
        !LANGUAGES.includes(language as (typeof LANGUAGES)[number]) ||
        !CATALOGUE_PARTS.includes(part as CataloguePart)
      ) {
        this.error(`unknown catalogue part ${id.slice(1)}`);
      }
      const file = path.join(localesDir, `${language}.json`);
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const texts = `export default ${JSON.stringify(pickPart(catalogue, part as CataloguePart))};`;
      if (part !== 'public') return texts;
      // The public part also brings the texts shared with the server, in its language only.
      const shared = await this.resolve('@radar/shared');
      if (!shared) this.error('cannot resolve @radar/shared');
      const sharedTexts = path.join(path.dirname(shared.id), 'i18n', `${language}.ts`);
      return `export { ${language} as shared } from ${JSON.stringify(sharedTexts)};\n${texts}`;
    },
  };
}
