import { useTranslation } from 'react-i18next';
import { LegalDocument, type LegalSection } from '@/features/legal/components/legal-document';
import { TextWithMail } from '@/features/legal/components/mail-link';

const SECTIONS = [
  'purposes',
  'legalBasis',
  'retention',
  'sharing',
  'cookies',
  'rights',
  'deletion',
  'changes',
] as const;

const DATA_ITEMS = ['account', 'preferences', 'fitp', 'devices', 'technical'] as const;

/** `/privacy`: what data is kept, why, for how long, and the user's rights (GDPR). */
export function PrivacyRoute() {
  const { t } = useTranslation();

  const sections: LegalSection[] = [
    {
      id: 'controller',
      title: t('legal.privacy.controller.title'),
      body: <TextWithMail i18nKey="legal.privacy.controller.body" />,
    },
    {
      id: 'data',
      title: t('legal.privacy.data.title'),
      body: t('legal.privacy.data.body'),
      items: DATA_ITEMS.map((item) => t(`legal.privacy.data.${item}`)),
    },
    ...SECTIONS.map((id) => ({
      id,
      title: t(`legal.privacy.${id}.title`),
      body: t(`legal.privacy.${id}.body`),
    })),
  ];

  return (
    <LegalDocument title={t('legal.privacy.title')} intro={t('legal.privacy.intro')} sections={sections} />
  );
}
