import {
  NOTIFICATION_GROUPS,
  type NotificationChannel,
  type NotificationGroup,
  type NotificationPreference,
} from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { Switch } from './ui/switch';

const REMINDER_GROUPS = ['reminder_1w', 'reminder_3d', 'reminder_1d', 'reminder_5h'] as const;
const isReminder = (group: NotificationGroup) => (REMINDER_GROUPS as readonly string[]).includes(group);

export type PreferenceChange = { group: NotificationGroup; channel: NotificationChannel; enabled: boolean };

/**
 * The grid of preference groups × channels (spec §3), one switch per cell. Used by the
 * Settings → Notifications tab (both channels) and the unsubscribe page (email only).
 * `unavailableChannels` show off and disabled whatever is saved (push while this device
 * cannot receive it).
 */
export function NotificationPreferencesTable({
  preferences,
  channels,
  onChange,
  disabled = false,
  unavailableChannels = [],
}: {
  preferences: readonly NotificationPreference[];
  channels: readonly NotificationChannel[];
  onChange: (change: PreferenceChange) => void;
  disabled?: boolean;
  unavailableChannels?: readonly NotificationChannel[];
}) {
  const { t } = useTranslation();
  const byGroup = new Map(preferences.map((preference) => [preference.group, preference]));
  const rows = (groups: readonly NotificationGroup[]) =>
    groups.map((group) => {
      const preference = byGroup.get(group);
      if (!preference) return null;
      const name = t(`notifications.groups.${group}`);
      return (
        <tr key={group} className="border-t border-border">
          <th scope="row" className="py-3 pr-4 text-left text-sm font-medium">
            {name}
          </th>
          {channels.map((channel) => (
            <td key={channel} className="py-3 text-center">
              <Switch
                checked={preference[channel] && !unavailableChannels.includes(channel)}
                disabled={disabled || unavailableChannels.includes(channel)}
                aria-label={t('notificationPreferences.toggleLabel', {
                  channel: t(`notifications.channels.${channel}`),
                  group: name,
                })}
                onCheckedChange={(enabled) => onChange({ group, channel, enabled })}
              />
            </td>
          ))}
        </tr>
      );
    });

  return (
    <table className="w-full border-collapse">
      <thead>
        <tr>
          <th scope="col" className="pb-2 text-left text-sm font-semibold text-muted-foreground">
            {t('notificationPreferences.group')}
          </th>
          {channels.map((channel) => (
            <th
              key={channel}
              scope="col"
              className="w-20 pb-2 text-center text-sm font-semibold text-muted-foreground"
            >
              {t(`notifications.channels.${channel}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows(NOTIFICATION_GROUPS.filter((group) => !isReminder(group)))}</tbody>
      <tbody>
        <tr className="border-t border-border">
          <th
            scope="rowgroup"
            colSpan={channels.length + 1}
            className="pt-4 pb-1 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {t('notificationPreferences.reminders')}
          </th>
        </tr>
        {rows(REMINDER_GROUPS)}
      </tbody>
    </table>
  );
}
