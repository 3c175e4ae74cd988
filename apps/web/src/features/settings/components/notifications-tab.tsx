import { allPreferencesBody, NOTIFICATION_CHANNELS, type NotificationPreferences } from '@radar/shared';
import { BellRing, Info } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationPreferencesTable } from '@/components/notification-preferences-table';
import { LoadingBlock } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { collectDeviceInfo } from '@/lib/device-info';
import { writeStorage } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';
import {
  getVapidPublicKey,
  registerDeviceToken,
  useDeactivateAllDevices,
  useDeviceTokens,
  useRefreshPushState,
} from '../api/push-devices';
import {
  currentPushSubscription,
  isPushSupported,
  PUSH_STORAGE_KEYS,
  subscribeToPush,
  unsubscribeFromPush,
} from '../lib/web-push';

const allEnabled = (preferences: NotificationPreferences) =>
  preferences.preferences.every((preference) => preference.email && preference.push);

type PushState = 'idle' | 'working' | 'enabled' | 'denied' | 'error';

/** "Enable push notifications" on this device, and "deactivate on every device". */
function PushSection({ pushOn }: { pushOn: boolean }) {
  const { t } = useTranslation();
  const supported = isPushSupported();
  const [state, setState] = useState<PushState>('idle');
  const devices = useDeviceTokens();
  const refresh = useRefreshPushState();
  const deactivate = useDeactivateAllDevices();
  const refreshed = useRef(false);
  const activeDevices = devices.data?.tokens.filter((token) => token.active).length ?? 0;

  // Spec §4: with permission already granted, the subscription is registered again (it may
  // have changed, or been deactivated by the push service).
  useEffect(() => {
    if (!supported || !pushOn || refreshed.current) return;
    refreshed.current = true;
    void currentPushSubscription()
      .then(async (subscription) => {
        if (!subscription) return;
        await registerDeviceToken(JSON.stringify(subscription), collectDeviceInfo());
        setState('enabled');
        await refresh();
      })
      .catch((error: unknown) => {
        writeStorage(PUSH_STORAGE_KEYS.debugError, `API Error on Startup: ${String(error)}`);
      });
  }, [supported, pushOn, refresh]);

  const enable = async () => {
    setState('working');
    try {
      const { publicKey } = await getVapidPublicKey();
      const result = await subscribeToPush(publicKey);
      if (result.status !== 'subscribed') {
        setState(result.status === 'denied' ? 'denied' : 'error');
        return;
      }
      await registerDeviceToken(JSON.stringify(result.subscription), collectDeviceInfo());
      setState('enabled');
      await refresh();
    } catch (error) {
      writeStorage(PUSH_STORAGE_KEYS.debugError, `API Error: ${String(error)}`);
      setState('error');
    }
  };

  const disableEverywhere = () =>
    deactivate.mutate(undefined, {
      onSuccess: async () => {
        await unsubscribeFromPush();
        setState('idle');
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
      {!supported ? (
        <p className="text-sm">{t('settings.notifications.push.unsupported')}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          {state === 'enabled' ? (
            <p className="text-sm font-medium text-success" role="status">
              {t('settings.notifications.push.enabled')}
            </p>
          ) : (
            <Button onClick={() => void enable()} disabled={state === 'working'}>
              {state === 'working'
                ? t('settings.notifications.push.enabling')
                : t('settings.notifications.push.enable')}
            </Button>
          )}
          {state === 'denied' ? (
            <p role="alert" className="text-sm text-destructive">
              {t('settings.notifications.push.denied')}
            </p>
          ) : null}
          {state === 'error' ? (
            <p role="alert" className="text-sm text-destructive">
              {t('settings.notifications.push.error')}
            </p>
          ) : null}
        </div>
      )}
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
          checked={allEnabled(data)}
          onCheckedChange={(enabled) => save(allPreferencesBody(enabled))}
        />
      </div>
      <div className="rounded-2xl border border-border bg-surface p-5">
        <NotificationPreferencesTable
          preferences={data.preferences}
          channels={NOTIFICATION_CHANNELS}
          onChange={(change) => save({ preferences: [change] })}
        />
      </div>
      <PushSection pushOn={data.pushNotifications} />
    </div>
  );
}
