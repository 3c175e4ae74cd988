import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-3 text-lg text-pretty text-muted-foreground">{subtitle}</p>}
    </div>
  );
}

/** A landing section named by its heading (`aria-labelledby`); `className` sets its width. */
export function LandingSection({
  id,
  title,
  subtitle,
  className,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('mx-auto px-4 py-20 sm:px-6', className)}>
      <SectionHeading id={id} title={title} subtitle={subtitle} />
      {children}
    </section>
  );
}
