import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A small dashboard card: an icon in a tinted tile and a title (which names the section),
 * then its content; `DashboardTileLink` is its closing "go there" link.
 */
export function DashboardTile({
  id,
  icon: Icon,
  title,
  children,
}: {
  /** The title's id (the section's `aria-labelledby`). */
  id: string;
  icon: LucideIcon;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

/** The tile's link at the bottom, with an arrow. */
export function DashboardTileLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}
