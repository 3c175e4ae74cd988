import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountTab } from '../components/account-tab';
import { FitpTab } from '../components/fitp-tab';
import { NotificationsTab } from '../components/notifications-tab';
import { ProfileTab } from '../components/profile-tab';

export const SETTINGS_TABS = ['profile', 'fitp', 'notifications', 'account'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
const isSettingsTab = (value: string | null): value is SettingsTab =>
  (SETTINGS_TABS as readonly (string | null)[]).includes(value);

const TAB_LABELS = {
  profile: 'settings.tabs.profile',
  fitp: 'settings.tabs.fitp',
  notifications: 'settings.tabs.notifications',
  account: 'settings.tabs.account',
} as const satisfies Record<SettingsTab, string>;

/** `/settings` (signed in): tabs Profile, FITP, Notifications and Account; `?tab=` opens one. */
export function SettingsRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'profile';

  return (
    <div className="flex max-w-3xl flex-col">
      <PageHeader title={t('pages.settings.title')} description={t('pages.settings.description')} />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (isSettingsTab(value))
            setSearchParams(value === 'profile' ? {} : { tab: value }, { replace: true });
        }}
      >
        <TabsList aria-label={t('settings.tabs.label')}>
          {SETTINGS_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(TAB_LABELS[value])}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="fitp">
          <FitpTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
