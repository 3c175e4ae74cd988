import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

/** `/settings` (signed in): profile, FITP card, notifications and account. */
export function SettingsRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.settings.title')} description={t('pages.settings.description')} />;
}
