import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@radar/shared';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '@/lib/i18n';
import { Button } from './ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';

const LANGUAGE_NAMES = { it: 'language.it', en: 'language.en' } as const satisfies Record<Language, string>;

/** Chooses the interface language; the choice is stored and survives reloads (spec §9). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('language.label')} className="h-10 px-2.5">
          <Languages aria-hidden="true" className="size-5" />
          <span aria-hidden="true" className="text-xs font-semibold uppercase">
            {current}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={current}
          onValueChange={(value) => {
            if (isLanguage(value)) void setLanguage(value);
          }}
        >
          {LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language}>
              {t(LANGUAGE_NAMES[language])}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
