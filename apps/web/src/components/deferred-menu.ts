import { type PointerEvent, useState } from 'react';

/**
 * The trigger of a header menu whose code (Radix menu, Floating UI) is fetched on the first sign
 * of intent — hover, focus, touch — and which opens on the first press, as the Radix trigger
 * does: a primary press, or Enter and Space (a click). Decisions 161 and 164.
 *
 * Spread `triggerProps` on the plain button shown until `open`; then render the lazy menu open.
 */
export function useDeferredMenu(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const triggerProps = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onTouchStart: () => void load(),
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) setOpen(true);
    },
    onClick: () => setOpen(true),
  };
  return { open, triggerProps };
}
