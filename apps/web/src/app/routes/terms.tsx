import { useTranslation } from 'react-i18next';
import { LegalDocument, type LegalSection } from '@/features/legal/components/legal-document';
import { TextWithMail } from '@/features/legal/components/mail-link';

const SECTIONS = [
  'service',
  'information',
  'account',
  'acceptableUse',
  'availability',
  'liability',
  'termination',
  'law',
] as const;

/** `/terms`: the terms of service. */
export function TermsRoute() {
  const { t } = useTranslation();

  const sections: LegalSection[] = [
    ...SECTIONS.map((id) => ({
      id,
      title: t(`legal.terms.${id}.title`),
      body: t(`legal.terms.${id}.body`),
    })),
    {
      id: 'contact',
      title: t('legal.terms.contact.title'),
      body: <TextWithMail i18nKey="legal.terms.contact.body" />,
    },
  ];

  return <LegalDocument title={t('legal.terms.title')} intro={t('legal.terms.intro')} sections={sections} />;
}
