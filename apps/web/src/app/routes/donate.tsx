import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { DonatePage } from '@/features/support/components/donate-page';

/** `/donate` (public and signed in): the "buy me a beer" page. */
export function DonateRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('donate.title')} />
      <DonatePage />
    </>
  );
}
