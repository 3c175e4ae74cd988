import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Switch } from './switch';

type SwitchFieldProps = Omit<ComponentProps<typeof Switch>, 'id' | 'className'> & {
  /** The switch's id; the hint gets `${id}-hint` and describes the switch. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Classes of the bordered row (merged over the default). */
  className?: string;
  /** Classes of the label-and-hint column (merged over the default). */
  textClassName?: string;
};

/**
 * A labelled on/off row: label and optional hint on the left, the switch on the right. The
 * label names the switch (`<label htmlFor>`) and the hint describes it (`aria-describedby`).
 */
export function SwitchField({ id, label, hint, className, textClassName, ...switchProps }: SwitchFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div
      className={cn('flex items-start justify-between gap-4 rounded-xl border border-border p-4', className)}
    >
      <div className={cn('flex flex-col gap-1', textClassName)}>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint !== undefined && (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <Switch id={id} aria-describedby={hint !== undefined ? hintId : undefined} {...switchProps} />
    </div>
  );
}
