import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

/** `/explore` (signed in): search and browse tournaments. */
export function ExploreRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.explore.title')} description={t('pages.explore.description')} />;
}
