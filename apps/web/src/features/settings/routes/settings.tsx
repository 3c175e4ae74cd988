import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { NotificationsTab } from '../components/notifications-tab';

/** `/settings` (signed in): profile, FITP card, notifications and account. */
export function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.settings.title')} description={t('pages.settings.description')} />
      {/* The tabs (Profile, FITP, Notifications, Account) come with the accounts work; this is the Notifications tab's content. */}
      <section aria-labelledby="settings-notifications" className="flex max-w-3xl flex-col gap-4">
        <h2 id="settings-notifications" className="text-xl font-semibold tracking-tight">
          {t('settings.notifications.title')}
        </h2>
        <NotificationsTab />
      </section>
    </>
  );
}
