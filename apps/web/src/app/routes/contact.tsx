import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { CONTACT_EMAIL } from '@/config/site';
import { ContactForm } from '@/features/contact/components/contact-form';
import { useAuth } from '@/lib/auth/auth-provider';

/** `/contact`: the contact form (a signed-in user's name and email filled in) and the team's address. */
export function ContactRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-16 sm:px-6 md:py-24">
      <DocumentTitle title={t('contact.title')} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('contact.title')}</h1>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">{t('contact.description')}</p>
      </div>
      <ContactForm defaults={{ name: user?.username ?? '', email: user?.email ?? '' }} />
      <div className="flex items-center gap-4 text-sm">
        <Mail aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <span className="text-muted-foreground">{t('contact.emailLabel')}</span>
        <a
          href={`mailto:${CONTACT_EMAIL}`}
          className="truncate font-semibold text-primary underline-offset-4 hover:underline"
        >
          {CONTACT_EMAIL}
        </a>
      </div>
    </div>
  );
}
