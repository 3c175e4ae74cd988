import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
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

/** A card's heading; with `icon`, the icon (decorative, in the primary colour) before the text. */
export function CardTitle({
  className,
  icon: Icon,
  children,
  ...props
}: ComponentProps<'h2'> & { icon?: LucideIcon }) {
  return (
    <h2
      className={cn('text-lg font-semibold tracking-tight', Icon && 'flex items-center gap-2', className)}
      {...props}
    >
      {Icon && <Icon aria-hidden="true" className="size-5 text-primary" />}
      {children}
    </h2>
  );
}

/**
 * A card's header: its heading, with `titleId` for the card's `aria-labelledby`, and what stands
 * beside or under it (a range, a link, a description). `className` replaces the row's layout.
 */
export function CardHeader({
  titleId,
  icon,
  title,
  className = 'flex items-center justify-between gap-3',
  children,
}: {
  titleId: string;
  icon?: LucideIcon;
  title: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <CardTitle id={titleId} icon={icon}>
        {title}
      </CardTitle>
      {children}
    </div>
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-pretty text-muted-foreground', className)} {...props} />;
}
