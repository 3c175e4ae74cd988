import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@radar/shared';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '@/lib/i18n';
import { ChoiceMenu } from './choice-menu';

const LANGUAGE_NAMES = { it: 'language.it', en: 'language.en' } as const satisfies Record<Language, string>;

/**
 * Chooses the interface language; the choice is stored and survives reloads (spec §9). Signed
 * in, `onChoose` also saves it as the profile's preferred language (the emails follow it).
 */
export function LanguageSwitcher({ onChoose }: { onChoose?: (language: Language) => void } = {}) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

  return (
    <ChoiceMenu
      label={t('language.label')}
      // The visible code is part of the name (WCAG 2.5.3): "Lingua: IT".
      buttonLabel={t('language.current', { code: current.toUpperCase() })}
      size="sm"
      className="h-10 px-2 sm:px-2.5"
      trigger={
        <>
          <Languages aria-hidden="true" className="hidden size-5 sm:block" />
          <span aria-hidden="true" className="text-xs font-semibold uppercase">
            {current}
          </span>
        </>
      }
      value={current}
      choices={LANGUAGES.map((language) => ({
        value: language,
        label: t(LANGUAGE_NAMES[language]),
        lang: language,
      }))}
      onChoose={(language) => (onChoose ? onChoose(language) : void setLanguage(language))}
    />
  );
}
