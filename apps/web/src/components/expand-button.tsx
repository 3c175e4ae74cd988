import { ChevronDown, ChevronUp } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A ghost button that shows or hides more of a list, saying which with its chevron and `aria-expanded`. */
export function ExpandButton({
  expanded,
  onToggle,
  more,
  less,
  className,
}: {
  expanded: boolean;
  onToggle: () => void;
  /** What pressing it shows ("Mostra tutti gli iscritti (162)"), and what hides it again. */
  more: string;
  less: string;
  className?: string;
}) {
  const Chevron = expanded ? ChevronUp : ChevronDown;
  return (
    <Button variant="ghost" size="sm" className={className} aria-expanded={expanded} onClick={onToggle}>
      <Chevron aria-hidden="true" className="size-4" />
      {expanded ? less : more}
    </Button>
  );
}
