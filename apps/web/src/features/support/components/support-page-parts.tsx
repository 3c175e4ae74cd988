import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A support page's opening: its icon in a tinted tile, the title and the lead paragraph. */
export function SupportHero({ icon: Icon, title, lead }: { icon: LucideIcon; title: string; lead: string }) {
  return (
    <div className="flex flex-col gap-4">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <p className="text-lg text-pretty text-muted-foreground">{lead}</p>
    </div>
  );
}

/** A section heading with its icon; `id` names the section (`aria-labelledby`). */
export function SupportSectionTitle({
  id,
  icon: Icon,
  children,
}: {
  id: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-xl font-semibold">
      <Icon aria-hidden="true" className="size-5 text-primary" />
      {children}
    </h2>
  );
}

/** A button-styled link to another site (a store, the community, the donation page), in a new tab. */
export function ExternalLinkButton({
  href,
  icon: Icon,
  iconClassName = 'size-4',
  children,
  ...button
}: {
  href: string;
  icon?: LucideIcon;
  iconClassName?: string;
  children: ReactNode;
  variant?: 'outline';
  size?: 'lg';
  className?: string;
}) {
  return (
    <Button asChild {...button}>
      <a href={href} target="_blank" rel="noopener noreferrer" data-external="">
        {Icon && <Icon aria-hidden="true" className={iconClassName} />}
        {children}
      </a>
    </Button>
  );
}
