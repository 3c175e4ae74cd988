import type { ReactNode } from 'react';

/** One block of the unsubscribe page. */
export function UnsubscribeCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={`flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5 ${className ?? ''}`}>
      {children}
    </div>
  );
}
