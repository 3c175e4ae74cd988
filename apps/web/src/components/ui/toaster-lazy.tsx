import { lazy, Suspense, useState } from 'react';
import { useToasts } from '@/lib/toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The Toaster (Radix toast) mounted from the first toast on: a page that raises none never loads
 * its code (decision 161). Stays mounted afterwards, so later toasts show at once.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
