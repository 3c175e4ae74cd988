import { lazy, Suspense, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { GO_TO } from '../lib/shortcuts';

const ShortcutsHelp = lazy(() => import('./shortcuts-help'));

/** The search field of the explore screen, focused by the search shortcut. */
const SEARCH_SELECTOR = 'main input[type="search"]';

function focusSearch(attempts = 20) {
  const input = document.querySelector<HTMLInputElement>(SEARCH_SELECTOR);
  if (input) input.focus();
  else if (attempts > 0) setTimeout(() => focusSearch(attempts - 1), 50);
}

/**
 * Spec §2 "Keyboard shortcuts help": `/` search, `g` then a letter for the main screens, `m`
 * opens the menu, `Esc` closes what is open and `?` opens this list. From react-hotkeys-hook,
 * which ignores keys typed in a field (inputs, text areas, selects, editable content).
 */
export function KeyboardShortcuts({ onOpenMenu }: { onOpenMenu: () => void }) {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  // The list's code loads when it is first asked for, and stays.
  const [helpWanted, setHelpWanted] = useState(false);
  if (helpOpen && !helpWanted) setHelpWanted(true);

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

  return helpWanted ? (
    <Suspense fallback={null}>
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
    </Suspense>
  ) : null;
}
