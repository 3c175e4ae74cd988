import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
  items?: readonly string[];
}

/** Layout of a legal text: title, introduction and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-pretty text-muted-foreground">{intro}</p>
      <ol className="mt-10 flex flex-col gap-8">
        {sections.map((section, index) => (
          <li key={section.id}>
            <section aria-labelledby={`legal-${section.id}`}>
              <h2 id={`legal-${section.id}`} className="text-xl font-semibold">
                <span className="mr-2 text-muted-foreground">{index + 1}.</span>
                {section.title}
              </h2>
              <p className="mt-2 leading-relaxed text-pretty">{section.body}</p>
              {section.items && (
                <ul className="mt-3 flex list-disc flex-col gap-2 pl-6 leading-relaxed marker:text-primary">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}
