import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A raised surface grouping one subject (a form, a setting, a dashboard card). */
export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn(
        'flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-6',
        className,
      )}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-semibold tracking-tight', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-pretty text-muted-foreground', className)} {...props} />;
}
