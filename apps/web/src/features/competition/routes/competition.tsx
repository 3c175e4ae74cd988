import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

/** `/competition/:guid` (signed in): one tournament's detail. */
export function CompetitionRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.competition.title')} description={t('pages.competition.description')} />;
}
