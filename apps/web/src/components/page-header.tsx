import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

/** The title block every screen starts with; also names the browser tab. */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-2">
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      {description && <p className="max-w-2xl text-pretty text-muted-foreground">{description}</p>}
      {children}
    </div>
  );
}
