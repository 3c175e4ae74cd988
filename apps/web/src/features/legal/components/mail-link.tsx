import { Trans } from 'react-i18next';
import { CONTACT_EMAIL } from '@/config/site';

/** The contact address as a mailto link; used as the `<mail>` tag of translated texts. */
export function MailLink({ children }: { children?: React.ReactNode }) {
  return (
    <a
      href={`mailto:${CONTACT_EMAIL}`}
      className="font-medium text-primary underline underline-offset-4 hover:no-underline"
    >
      {children ?? CONTACT_EMAIL}
    </a>
  );
}

/** A translated text whose `{{email}}` and `<mail>` tag are the contact address, linked. */
export function TextWithMail({
  i18nKey,
}: {
  i18nKey: 'legal.privacy.controller.body' | 'legal.terms.contact.body';
}) {
  return <Trans i18nKey={i18nKey} values={{ email: CONTACT_EMAIL }} components={{ mail: <MailLink /> }} />;
}
