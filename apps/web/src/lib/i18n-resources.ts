import { type Language, sharedCatalogues } from '@radar/shared';
import en from '@/locales/en.json';
import it from '@/locales/it.json';
import { type AppCatalogue, addWholeCatalogue, mergeCatalogues } from './i18n';

type Tree = Parameters<typeof mergeCatalogues>[0];

/**
 * Both whole catalogues, bundled: for the unit tests and the catalogue checks only. The app
 * loads them in parts (lib/i18n.ts, decision 162); nothing the app ships imports this module.
 */
const web: Record<Language, Tree> = {
  it: it as unknown as Tree,
  en: en satisfies typeof it as unknown as Tree,
};

export const resources = {
  it: { translation: mergeCatalogues(sharedCatalogues.it as unknown as Tree, web.it) as AppCatalogue },
  en: { translation: mergeCatalogues(sharedCatalogues.en as unknown as Tree, web.en) as AppCatalogue },
} as const;

/** Puts both whole catalogues into the app's i18next instance. */
export function installAllCatalogues(): void {
  addWholeCatalogue('it', web.it, sharedCatalogues.it as unknown as Tree);
  addWholeCatalogue('en', web.en, sharedCatalogues.en as unknown as Tree);
}
