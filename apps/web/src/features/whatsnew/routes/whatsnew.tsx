import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

/** `/whatsnew` (signed in): what's new. */
export function WhatsNewRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.whatsnew.title')} description={t('pages.whatsnew.description')} />;
}
