import type { ChoiceMenuProps } from './choice-menu-props';
import { Button } from './ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';

/**
 * The Radix menu behind ChoiceMenu, in its own chunk (Radix menu and Floating UI): loaded on the
 * first hover, focus or press of the button, never for the first paint (decision 161).
 */
export default function ChoiceMenuDropdown<V extends string>({
  label,
  buttonLabel = label,
  trigger,
  size,
  className,
  value,
  choices,
  onChoose,
  defaultOpen = false,
}: ChoiceMenuProps<V> & { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
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
