import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

/** `/filters` (signed in): filters list and wizard. */
export function FiltersRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.filters.title')} description={t('pages.filters.description')} />;
}
