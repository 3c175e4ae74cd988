import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { CONTACT_EMAIL } from '@/config/site';

/** `/contact`: how to reach the team. */
export function ContactRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6 md:py-24">
      <DocumentTitle title={t('contact.title')} />
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('contact.title')}</h1>
      <p className="mt-4 text-lg text-pretty text-muted-foreground">{t('contact.description')}</p>
      <div className="mt-10 flex items-center gap-4 rounded-2xl border border-border bg-surface p-6 shadow-sm">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Mail aria-hidden="true" className="size-6" />
        </span>
        <div className="flex min-w-0 flex-col">
          <span className="text-sm text-muted-foreground">{t('contact.emailLabel')}</span>
          <a
            href={`mailto:${CONTACT_EMAIL}`}
            className="truncate text-lg font-semibold text-primary underline-offset-4 hover:underline"
          >
            {CONTACT_EMAIL}
          </a>
        </div>
      </div>
    </div>
  );
}
