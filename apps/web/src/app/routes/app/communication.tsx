import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { NotificationDetail } from '@/features/communication/components/notification-detail';
import { NotificationList } from '@/features/communication/components/notification-list';
import { cn } from '@/lib/utils';

/**
 * `/communication/:notificationId?` (signed in): the inbox beside the selected notification.
 * From 768 px both panes show (with "no notification selected" until one is picked); below,
 * the list or the notification.
 */
export function CommunicationRoute() {
  const { t } = useTranslation();
  const { notificationId } = useParams();

  return (
    <>
      {notificationId ? (
        <PageHeader title={t('pages.communication.detailTitle')} />
      ) : (
        <PageHeader
          title={t('pages.communication.title')}
          description={t('pages.communication.description')}
        />
      )}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className={cn(notificationId && 'hidden md:block')}>
          <NotificationList selectedId={notificationId} />
        </div>
        <div className={cn(!notificationId && 'hidden md:block')}>
          {notificationId ? (
            <NotificationDetail key={notificationId} id={notificationId} />
          ) : (
            <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center text-muted-foreground">
              <BellOff aria-hidden="true" className="size-8" />
              <p>{t('pages.communication.noSelection')}</p>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
