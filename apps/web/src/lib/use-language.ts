import type { Language } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { isLanguage } from './i18n';

/** The interface's language, for formatting dates and numbers; it re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'it';
}
