import type { Language } from '../constants';
import { en } from './en';
import { it } from './it';
import type { Catalogue } from './types';

export type { Catalogue } from './types';
export const sharedCatalogues: Record<Language, Catalogue> = { it, en };

/** Looks up a dotted key (e.g. `errors.NOT_FOUND`) and fills `{{name}}` placeholders. */
export function translateShared(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  let node: unknown = sharedCatalogues[language];
  for (const part of key.split('.')) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (match, name: string) => String(params[name] ?? match));
}
