import type { ComponentProps, ReactNode } from 'react';
import type { Button } from './ui/button';

// The props of ChoiceMenu and of the dropdown it loads lazily, in a file of their own: the lazy
// chunk never imports the module that loads it (no import cycle).

/** One choice of the menu. */
export interface Choice<V extends string> {
  value: V;
  label: string;
  /** The choice's own language (a language's name is said in that language). */
  lang?: string;
  icon?: ReactNode;
}

export type ChoiceMenuProps<V extends string> = {
  label: string;
  /** The button's accessible name, when it must also say what the button shows (WCAG 2.5.3). */
  buttonLabel?: string;
  /** What the button shows (its accessible name is `buttonLabel`, else `label`). */
  trigger: ReactNode;
  size: ComponentProps<typeof Button>['size'];
  className?: string;
  value: V;
  choices: readonly Choice<V>[];
  onChoose: (value: V) => void;
};
