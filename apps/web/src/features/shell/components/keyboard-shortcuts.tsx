import { useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { paths } from '@/config/paths';

/** The screens reached with `g` then a letter. */
const GO_TO = [
  { keys: 'g>h', label: 'nav.home', to: paths.home },
  { keys: 'g>e', label: 'nav.explore', to: paths.explore },
  { keys: 'g>t', label: 'nav.subscriptions', to: paths.subscriptions },
  { keys: 'g>f', label: 'nav.filters', to: paths.filters },
  { keys: 'g>n', label: 'nav.communication', to: paths.communication },
  { keys: 'g>s', label: 'nav.settings', to: paths.settings },
  { keys: 'g>w', label: 'nav.whatsnew', to: paths.whatsnew },
] as const;

/** The search field of the explore screen, focused by the search shortcut. */
const SEARCH_SELECTOR = 'main input[type="search"]';

function focusSearch(attempts = 20) {
  const input = document.querySelector<HTMLInputElement>(SEARCH_SELECTOR);
  if (input) input.focus();
  else if (attempts > 0) setTimeout(() => focusSearch(attempts - 1), 50);
}

function Keys({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-1">
      {keys.map((key, index) => (
        // A sequence's keys are fixed and distinct in position: the position is the identity.
        <span key={keys.slice(0, index + 1).join('>')} className="flex items-center gap-1">
          {index > 0 && <span className="text-xs text-muted-foreground">{t('shell.shortcuts.then')}</span>}
          <kbd className="min-w-7 rounded-md border border-border bg-muted px-1.5 py-0.5 text-center font-mono text-xs">
            {key}
          </kbd>
        </span>
      ))}
    </span>
  );
}

/**
 * Spec §2 "Keyboard shortcuts help": `/` search, `g` then a letter for the main screens, `m`
 * opens the menu, `Esc` closes what is open and `?` opens this list. From react-hotkeys-hook,
 * which ignores keys typed in a field (inputs, text areas, selects, editable content).
 */
export function KeyboardShortcuts({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);

  useHotkeys('?', () => setHelpOpen(true), { useKey: true, preventDefault: true });
  useHotkeys(
    '/',
    () => {
      void navigate(paths.explore);
      focusSearch();
    },
    { useKey: true, preventDefault: true },
  );
  useHotkeys('m', () => onOpenMenu(), { preventDefault: true }, [onOpenMenu]);
  useHotkeys(
    GO_TO.map((item) => item.keys),
    (_event, hotkey) => {
      const target = GO_TO.find((item) => item.keys.endsWith(hotkey.keys?.at(-1) ?? ''));
      if (target) void navigate(target.to);
    },
    { preventDefault: true },
  );

  const rows: { keys: readonly string[]; label: string }[] = [
    { keys: ['/'], label: t('shell.shortcuts.search') },
    ...GO_TO.map((item) => ({
      keys: item.keys.split('>'),
      label: t('shell.shortcuts.goTo', { screen: t(item.label) }),
    })),
    { keys: ['m'], label: t('shell.shortcuts.openMenu') },
    { keys: ['Esc'], label: t('shell.shortcuts.close') },
    { keys: ['?'], label: t('shell.shortcuts.help') },
  ];

  return (
    <Dialog open={helpOpen} onOpenChange={setHelpOpen}>
      <DialogContent>
        <DialogTitle>{t('shell.shortcuts.title')}</DialogTitle>
        <DialogDescription>{t('shell.shortcuts.description')}</DialogDescription>
        <dl className="flex flex-col divide-y divide-border">
          {rows.map((row) => (
            <div key={row.keys.join('>')} className="flex items-center justify-between gap-4 py-2 text-sm">
              <dt>{row.label}</dt>
              <dd>
                <Keys keys={row.keys} />
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
