import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { LogoMark } from '@/components/logo';

/** The frame of every authentication screen: a centred card with the screen's title. */
export function AuthShell({
  title,
  description,
  children,
  above,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Above the title (e.g. the sign-in / register switch). */
  above?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <DocumentTitle title={title} />
      {above}
      <div className="flex flex-col gap-6 rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <div className="flex flex-col gap-3">
          <LogoMark className="size-10" />
          <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
          {description && <p className="text-sm text-pretty text-muted-foreground">{description}</p>}
        </div>
        {children}
      </div>
    </div>
  );
}
