import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A decorative spinning icon; wrap it in an element with `role="status"` and a label. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-primary', className)} />;
}
