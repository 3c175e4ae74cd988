import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

/** `/subscriptions` (signed in): my tournaments. */
export function SubscriptionsRoute() {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('pages.subscriptions.title')} description={t('pages.subscriptions.description')} />
  );
}
