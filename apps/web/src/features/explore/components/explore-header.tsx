import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

/** The screen's title block; also the first paint of index.html's signed-in frame (decision 178). */
export function ExploreHeader() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.explore.title')} description={t('pages.explore.description')} />;
}
