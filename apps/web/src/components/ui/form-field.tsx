import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/**
 * A labelled input with its hint and error: the error is linked with aria-describedby and
 * marks the input aria-invalid, so screen readers read it with the field.
 */
export function FormField({
  label,
  error,
  hint,
  className,
  action,
  ...inputProps
}: ComponentProps<typeof Input> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown beside the label (e.g. a "Forgot password?" link). */
  action?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {action}
      </div>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
