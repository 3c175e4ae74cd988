import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

const placements = {
  center:
    'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl p-6 ' +
    'data-[state=open]:animate-dialog-in',
  left: 'inset-y-0 left-0 h-full w-[min(20rem,85vw)] border-r p-5 data-[state=open]:animate-sheet-in',
  bottom:
    'inset-x-0 bottom-0 mx-auto max-h-[90dvh] w-full max-w-lg overflow-y-auto rounded-t-2xl border-t p-6 ' +
    'data-[state=open]:animate-fade-in',
} as const;

export interface DialogContentProps extends ComponentProps<typeof Primitive.Content> {
  /** `left` slides in from the side, as a navigation sheet on small screens; `bottom` is a bottom sheet. */
  placement?: keyof typeof placements;
}

export function DialogContent({ className, children, placement = 'center', ...props }: DialogContentProps) {
  const { t } = useTranslation();
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm data-[state=open]:animate-fade-in" />
      <Primitive.Content
        className={cn(
          'fixed z-50 flex flex-col gap-4 border-border bg-surface text-foreground shadow-xl focus:outline-none',
          placements[placement],
          className,
        )}
        {...props}
      >
        {children}
        <Primitive.Close
          className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={t('common.close')}
        >
          <X aria-hidden="true" className="size-5" />
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
