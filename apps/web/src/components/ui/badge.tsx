import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const tones = {
  neutral: 'bg-muted text-foreground',
  primary: 'bg-primary/10 text-primary',
  accent: 'bg-accent text-accent-foreground',
  success: 'bg-success/10 text-success',
  muted: 'bg-muted text-muted-foreground',
  destructive: 'bg-destructive/10 text-destructive',
} as const;

export type BadgeTone = keyof typeof tones;

/** A short label: a status, "new", a count. */
export function Badge({
  tone = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
