import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

const variants = {
  error: {
    className: 'border-destructive/40 bg-destructive/10 text-foreground',
    Icon: CircleAlert,
    role: 'alert',
  },
  success: {
    className: 'border-success/40 bg-success/10 text-foreground',
    Icon: CircleCheck,
    role: 'status',
  },
  info: { className: 'border-border bg-muted text-foreground', Icon: Info, role: 'status' },
} as const;

/** A message about the whole form or screen; errors are announced at once (role alert). */
export function Alert({
  variant = 'info',
  children,
  className,
}: {
  variant?: keyof typeof variants;
  children: ReactNode;
  className?: string;
}) {
  const { className: variantClassName, Icon, role } = variants[variant];
  return (
    <div role={role} className={cn('flex gap-3 rounded-xl border p-3 text-sm', variantClassName, className)}>
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-4 shrink-0',
          variant === 'error' ? 'text-destructive' : variant === 'success' ? 'text-success' : 'text-primary',
        )}
      />
      <div className="flex min-w-0 flex-col gap-2">{children}</div>
    </div>
  );
}
