import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The small × that closes a bar or banner; `label` says what it closes. */
export function DismissButton({
  label,
  onClick,
  className,
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-8', className)}
      aria-label={label}
      onClick={onClick}
    >
      <X aria-hidden="true" className="size-4" />
    </Button>
  );
}
