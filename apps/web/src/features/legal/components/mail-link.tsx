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
