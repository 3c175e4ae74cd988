import { THEMES, type Theme } from '@radar/shared';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/lib/theme-context';
import { ChoiceMenu } from './choice-menu';

const THEME_OPTIONS = {
  light: { label: 'theme.light', Icon: Sun },
  dark: { label: 'theme.dark', Icon: Moon },
  system: { label: 'theme.system', Icon: Monitor },
} as const satisfies Record<Theme, unknown>;

/** Chooses light, dark or the system's theme (spec §4). */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();

  return (
    <ChoiceMenu
      label={t('theme.label')}
      size="icon"
      // The shown theme's icon by CSS (the html element's `dark` class, set before the first
      // paint): the same markup in either theme, so the prerendered header hydrates (decision 205).
      trigger={
        <>
          <Sun aria-hidden="true" className="size-5 dark:hidden" />
          <Moon aria-hidden="true" className="hidden size-5 dark:block" />
        </>
      }
      value={theme}
      choices={THEMES.map((option) => {
        const { label, Icon } = THEME_OPTIONS[option];
        return { value: option, label: t(label), icon: <Icon aria-hidden="true" /> };
      })}
      onChoose={setTheme}
    />
  );
}
