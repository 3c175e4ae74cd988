import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const inputClassName =
  'flex h-11 w-full rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs ' +
  'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-muted aria-invalid:border-destructive sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}
