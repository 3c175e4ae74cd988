import type { LucideIcon } from 'lucide-react';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const variants = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
  secondary: 'bg-muted text-foreground hover:bg-muted/70',
  outline: 'border border-border bg-surface text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const sizes = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-sm',
  md: 'h-10 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
  icon: 'size-10 rounded-lg',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string | undefined;
} = {}): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the single child (e.g. a router `Link`) with the button's look instead of a `<button>`. */
  asChild?: boolean;
  /** A decorative icon before the label. */
  icon?: LucideIcon | undefined;
}

export function Button({
  variant,
  size,
  asChild = false,
  className,
  type,
  icon: Icon,
  children,
  ...props
}: ButtonProps) {
  const classes = buttonClassName({ variant, size, className });
  const icon = Icon ? <Icon aria-hidden="true" className="size-4" /> : null;
  if (asChild) {
    if (!icon)
      return (
        <Slot.Root className={classes} {...props}>
          {children}
        </Slot.Root>
      );
    // The icon goes inside the child (e.g. a link), before its own content.
    return (
      <Slot.Root className={classes} {...props}>
        {icon}
        <Slot.Slottable>{children}</Slot.Slottable>
      </Slot.Root>
    );
  }
  return (
    <button type={type ?? 'button'} className={classes} {...props}>
      {icon}
      {children}
    </button>
  );
}
