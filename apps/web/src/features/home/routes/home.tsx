import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

/** `/home` (signed in): the dashboard. */
export function HomeRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.home.title')} description={t('pages.home.description')} />;
}
