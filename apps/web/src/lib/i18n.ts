import { type Catalogue, DEFAULT_LANGUAGE, LANGUAGES, type Language, STORAGE_KEYS } from '@radar/shared';
import i18next, { type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { CataloguePart } from '@/locales/parts';
import { elideItalian } from './format';
import { readStorage, writeStorage } from './storage';

/** The web client's texts (src/locales/it.json, the reference) plus the ones it shares with the server. */
type WebCatalogue = typeof import('@/locales/it.json');
export type AppCatalogue = WebCatalogue & Catalogue;

type Tree = { [key: string]: string | Tree };

/**
 * Deep-merges the web catalogue over the shared one (@radar/shared: error and success codes
 * and the generic validation texts, also used by the server for its messages), so every text
 * exists once. A test checks the web catalogue never redefines a shared key.
 */
export function mergeCatalogues(shared: Tree, web: Tree): Tree {
  const merged: Tree = { ...shared };
  for (const [key, value] of Object.entries(web)) {
    const base = merged[key];
    merged[key] =
      typeof value === 'object' && typeof base === 'object' ? mergeCatalogues(base, value) : value;
  }
  return merged;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to start with (spec §9): the stored choice, else the first browser language
 * we support ('en-GB' → en, 'it-IT' → it), else Italian.
 */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

export function getInitialLanguage(): Language {
  return detectLanguage(readStorage(STORAGE_KEYS.language), browserLanguages());
}

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Italian elision before the numbers a text receives ("entro il {{date}}" with 8 dic → "entro
 * l’8 dic"): once for every text, rather than a variant per string.
 */
export const italianElision: PostProcessorModule = {
  type: 'postProcessor',
  name: 'italianElision',
  process: (value: string, _key: string | string[], _options: unknown, translator: { language?: string }) =>
    translator.language === 'it' ? elideItalian(value) : value,
};

/**
 * The app's i18next instance, initialised synchronously with the texts shared with the server;
 * the web catalogue's parts are added as they load (loadCataloguePart): the `public` part of the
 * starting language before the first render (main.tsx), the `app` part with the routes that
 * need it (decision 162).
 */
export const i18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(italianElision)
  .init({
    postProcess: ['italianElision'],
    resources: {},
    partialBundledLanguages: true,
    lng: getInitialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // No vendor notice in our users' consoles.
    showSupportNotice: false,
  });

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** The language currently shown, narrowed to the ones we support. */
export function getLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** One module per language and part, cut by the build (build/catalogue-parts.ts). */
type PartModule = { default: Tree; shared?: Tree | undefined };
const PART_LOADERS: Record<Language, Record<CataloguePart, () => Promise<PartModule>>> = {
  it: {
    public: () => import('virtual:catalogue/it/public'),
    app: () => import('virtual:catalogue/it/app'),
  },
  en: {
    public: () => import('virtual:catalogue/en/public'),
    app: () => import('virtual:catalogue/en/app'),
  },
};

const loadedParts = new Map<string, Promise<void>>();
/** The parts the screens asked for so far: a language switch loads them in the new language first. */
const wantedParts = new Set<CataloguePart>(['public']);

/**
 * Adds a part of the web catalogue to i18next, over the texts shared with the server when it
 * brings them (the public part).
 */
export function addCataloguePart(language: Language, web: Tree, shared: Tree = {}): void {
  i18n.addResourceBundle(language, 'translation', mergeCatalogues(shared, web), true, true);
}

/**
 * Loads a part of the web catalogue in `language` (the current one by default), once; resolves
 * when its texts are in i18next. Routes await it before they render.
 */
export function loadCataloguePart(
  part: CataloguePart,
  // The language asked for, not the resolved one: before its first part it resolves to the fallback.
  language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE,
): Promise<void> {
  wantedParts.add(part);
  const key = `${language}/${part}`;
  let loading = loadedParts.get(key);
  if (!loading) {
    loading = PART_LOADERS[language][part]().then(async (module) => {
      addCataloguePart(language, module.default, module.shared);
      // The current language had no texts yet and resolved to the fallback: resolve it again.
      if (i18n.language === language && i18n.resolvedLanguage !== language)
        await i18n.changeLanguage(language);
    });
    loading.catch(() => loadedParts.delete(key));
    loadedParts.set(key, loading);
  }
  return loading;
}

/** Adds a whole web catalogue at once and counts every part as loaded (the unit tests). */
export function addWholeCatalogue(language: Language, web: Tree, shared: Tree): void {
  addCataloguePart(language, web, shared);
  for (const part of ['public', 'app'] as const) loadedParts.set(`${language}/${part}`, Promise.resolve());
}

/** The user chose a language: remember it and switch (which also updates `<html lang>`). */
export async function setLanguage(language: Language): Promise<void> {
  writeStorage(STORAGE_KEYS.language, language);
  await Promise.all([...wantedParts].map((part) => loadCataloguePart(part, language)));
  await i18n.changeLanguage(language);
}
