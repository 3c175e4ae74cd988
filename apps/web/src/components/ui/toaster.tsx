import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToasts } from '@/lib/toast';
import { cn } from '@/lib/utils';

const variantClassName = {
  default: 'border-border bg-surface text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
} as const;

/** Renders the toasts raised with `toast()`; mounted once by the app providers. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();

  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, variant = 'default', open }) => (
        <Toast.Root
          key={id}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-toast-in data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
            variantClassName[variant],
          )}
        >
          <div className="grid flex-1 gap-1">
            {title && <Toast.Title className="text-sm font-semibold">{title}</Toast.Title>}
            {description && (
              <Toast.Description className="text-sm opacity-90">{description}</Toast.Description>
            )}
          </div>
          {action && (
            <Toast.Action
              altText={action.altText}
              onClick={action.onClick}
              className="inline-flex h-8 shrink-0 items-center rounded-md border border-current/30 px-3 text-sm font-medium hover:bg-current/10"
            >
              {action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label={t('common.close')}
            className="absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={t('toast.notifications')}
        className="fixed right-0 bottom-[var(--bottom-nav-height,0px)] z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </Toast.Provider>
  );
}
