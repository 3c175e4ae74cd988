import {
  type Catalogue,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  STORAGE_KEYS,
  sharedCatalogues,
} from '@radar/shared';
import i18next, { type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import it from '@/locales/it.json';
import { elideItalian } from './format';
import { readStorage, writeStorage } from './storage';

/** The web client's texts (src/locales) plus the ones it shares with the server. */
export type AppCatalogue = typeof it & Catalogue;

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

function buildCatalogue(language: Language, web: typeof it): AppCatalogue {
  return mergeCatalogues(
    sharedCatalogues[language] as unknown as Tree,
    web as unknown as Tree,
  ) as AppCatalogue;
}

export const resources = {
  it: { translation: buildCatalogue('it', it) },
  en: { translation: buildCatalogue('en', en satisfies typeof it) },
} as const;

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

/** The app's i18next instance, initialised synchronously: both catalogues are bundled. */
export const i18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(italianElision)
  .init({
    postProcess: ['italianElision'],
    resources,
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

/** The user chose a language: remember it and switch (which also updates `<html lang>`). */
export async function setLanguage(language: Language): Promise<void> {
  writeStorage(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}
