import type { ComponentProps, ReactNode } from 'react';
import { Button } from './ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';

export interface Choice<V extends string> {
  value: V;
  label: string;
  /** The choice's own language (a language's name is said in that language). */
  lang?: string;
  icon?: ReactNode;
}

/**
 * A header menu that picks one of a few choices (language, theme): a ghost button named by
 * `label`, the label again on top of the list, one radio item per choice.
 */
export function ChoiceMenu<V extends string>({
  label,
  buttonLabel = label,
  trigger,
  size,
  className,
  value,
  choices,
  onChoose,
}: {
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
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size={size} aria-label={buttonLabel} className={className}>
          {trigger}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value}
          onValueChange={(chosen) => {
            const choice = choices.find((c) => c.value === chosen);
            if (choice) onChoose(choice.value);
          }}
        >
          {choices.map((choice) => (
            <DropdownMenuRadioItem key={choice.value} value={choice.value} lang={choice.lang}>
              {choice.icon}
              {choice.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
