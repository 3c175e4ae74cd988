import { lazy, type ReactNode, Suspense } from 'react';
import type { ChoiceMenuProps } from './choice-menu-props';
import { useDeferredMenu } from './deferred-menu';
import { Button } from './ui/button';

const loadDropdown = () => import('./choice-menu-dropdown');
// React.lazy loses the generic: the dropdown takes the same props as ChoiceMenu.
const ChoiceMenuDropdown = lazy(loadDropdown) as unknown as <V extends string>(
  props: ChoiceMenuProps<V> & { defaultOpen?: boolean },
) => ReactNode;

/**
 * A header menu that picks one of a few choices (language, theme): a ghost button named by
 * `label`, the label again on top of the list, one radio item per choice.
 *
 * The first paint shows the button alone; the menu's code (Radix menu, Floating UI) is fetched
 * when the button is hovered, focused or touched, and the menu opens on the first press
 * (decision 161).
 */
export function ChoiceMenu<V extends string>(props: ChoiceMenuProps<V>) {
  const { open, triggerProps } = useDeferredMenu(loadDropdown);
  const { buttonLabel = props.label, size, className, trigger } = props;
  const button = (
    <Button variant="ghost" size={size} aria-label={buttonLabel} className={className} {...triggerProps}>
      {trigger}
    </Button>
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <ChoiceMenuDropdown {...props} defaultOpen />
    </Suspense>
  );
}
