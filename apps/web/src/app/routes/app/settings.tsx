import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CalendarFeedCard } from '@/features/calendar/components/calendar-feed-card';
import { FitpCardPanel } from '@/features/fitp/components/fitp-card-panel';
import { AccountTab } from '@/features/settings/components/account-tab';
import { NotificationsTab } from '@/features/settings/components/notifications-tab';
import { ProfileTab } from '@/features/settings/components/profile-tab';
import { invalidateFollowState } from '@/features/subscriptions/api/invalidate-follow-state';

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
  const queryClient = useQueryClient();
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
          <FitpCardPanel onFollowsChanged={() => invalidateFollowState(queryClient)} />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
          <div className="mt-6">
            <CalendarFeedCard />
          </div>
        </TabsContent>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
