import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { AmbassadorPage } from '@/features/support/components/ambassador-page';

/** `/ambassador` (public and signed in): share the app, the community, the mobile apps. */
export function AmbassadorRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('ambassador.title')} />
      <AmbassadorPage />
    </>
  );
}
