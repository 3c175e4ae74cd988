import { allPreferencesBody, NOTIFICATION_CHANNELS, type NotificationPreferences } from '@radar/shared';
import { BellRing, Info } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationPreferencesTable } from '@/components/notification-preferences-table';
import { LoadingBlock } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { SwitchField } from '@/components/ui/switch-field';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';
import { useDeactivateAllDevices } from '../api/push-devices';
import { type DevicePushStatus, useDevicePush } from '../lib/device-push';

/** Every switch on screen is on: email always, push only while this device really receives it. */
const allEnabled = (preferences: NotificationPreferences, pushOnDevice: boolean) =>
  preferences.preferences.every((preference) => preference.email && (!pushOnDevice || preference.push));

const PUSH_HINT = {
  unsupported: 'settings.notifications.push.unsupported',
  denied: 'settings.notifications.push.denied',
  checking: 'settings.notifications.push.off',
  off: 'settings.notifications.push.off',
  on: 'settings.notifications.push.enabled',
} as const satisfies Record<DevicePushStatus, string>;

/**
 * Push on this device: one switch showing whether this browser really receives push
 * (docs/decisions/175), and "deactivate on every device".
 */
function PushSection({ push }: { push: ReturnType<typeof useDevicePush> }) {
  const { t } = useTranslation();
  const deactivate = useDeactivateAllDevices();
  const { status, working, failed, activeDevices } = push;

  const disableEverywhere = () =>
    deactivate.mutate(undefined, {
      onSuccess: async () => {
        await push.forget();
        toast({ title: t('settings.notifications.push.disabled') });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('settings.notifications.updateError'),
          description: translateApiError(t, error),
        }),
    });

  return (
    <section
      aria-labelledby="push-title"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
    >
      <div className="flex items-center gap-2">
        <BellRing aria-hidden="true" className="size-5 text-primary" />
        <h3 id="push-title" className="font-semibold">
          {t('settings.notifications.push.title')}
        </h3>
        <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
          {t('settings.notifications.push.preview')}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">{t('settings.notifications.push.description')}</p>
      <SwitchField
        id="push-this-device"
        label={t('settings.notifications.push.thisDevice')}
        hint={working ? t('settings.notifications.push.enabling') : t(PUSH_HINT[status])}
        checked={status === 'on'}
        disabled={working || status === 'unsupported' || status === 'denied' || status === 'checking'}
        onCheckedChange={(on) => void (on ? push.enable() : push.disable())}
      />
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {t(failed === 'off' ? 'settings.notifications.push.offError' : 'settings.notifications.push.error')}
        </p>
      ) : null}
      {activeDevices > 0 ? (
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-3">
          <p className="text-sm text-muted-foreground">
            {t('settings.notifications.push.devices', { count: activeDevices })}
          </p>
          <Button variant="outline" size="sm" onClick={disableEverywhere} disabled={deactivate.isPending}>
            {t('settings.notifications.push.disableAll')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Settings → Notifications: email and push switches per preference group, the enable-all
 * toggle and web push on this device. Self-contained: it loads and saves its own data.
 */
export function NotificationsTab() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const enableAllId = useId();
  const push = useDevicePush(preferences.data?.pushNotifications ?? false);
  const pushOnDevice = push.status === 'on';

  const save = (body: Parameters<typeof update.mutate>[0]) =>
    update.mutate(body, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('settings.notifications.updateError'),
          description: translateApiError(t, error),
        }),
    });

  if (preferences.isPending) {
    return <LoadingBlock label={t('app.loading')} size="section" />;
  }
  if (preferences.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-border p-4 text-sm"
      >
        <p>{t('settings.notifications.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void preferences.refetch()}>
          {t('communication.list.retry')}
        </Button>
      </div>
    );
  }

  const data = preferences.data;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">{t('settings.notifications.description')}</p>
      {!data.emailNotifications ? (
        <p className="flex items-start gap-2 rounded-xl bg-muted p-3 text-sm" role="note">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('settings.notifications.emailOff')}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-4 rounded-2xl border border-border bg-surface p-5">
        <div className="flex flex-col gap-1">
          <label htmlFor={enableAllId} className="font-semibold">
            {t('settings.notifications.enableAll')}
          </label>
          <p className="text-sm text-muted-foreground">{t('settings.notifications.enableAllDescription')}</p>
        </div>
        <Switch
          id={enableAllId}
          checked={allEnabled(data, pushOnDevice)}
          onCheckedChange={(enabled) => save(allPreferencesBody(enabled))}
        />
      </div>
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5">
        {pushOnDevice ? null : (
          <p className="flex items-start gap-2 text-sm text-muted-foreground" role="note">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('settings.notifications.push.columnOff')}
          </p>
        )}
        <NotificationPreferencesTable
          preferences={data.preferences}
          channels={NOTIFICATION_CHANNELS}
          unavailableChannels={pushOnDevice ? [] : ['push']}
          onChange={(change) => save({ preferences: [change] })}
        />
      </div>
      <PushSection push={push} />
    </div>
  );
}
