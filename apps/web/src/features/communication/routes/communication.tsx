import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';

/** `/communication/:notificationId?` (signed in): the notifications list and one notification. */
export function CommunicationRoute() {
  const { t } = useTranslation();
  const { notificationId } = useParams();

  if (notificationId) {
    return (
      <PageHeader
        title={t('pages.communication.detailTitle')}
        description={t('pages.communication.detailDescription')}
      />
    );
  }

  return (
    <>
      <PageHeader title={t('pages.communication.title')} description={t('pages.communication.description')} />
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center text-muted-foreground">
        <BellOff aria-hidden="true" className="size-8" />
        <p>{t('pages.communication.noSelection')}</p>
      </div>
    </>
  );
}
