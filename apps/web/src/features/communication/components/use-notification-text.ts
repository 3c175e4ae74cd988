import { type Language, type Notification, notificationBodyKey, notificationTextValues } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

/** A notification's title and body in the language shown now (the texts of @radar/shared). */
export function useNotificationText() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (notification: Pick<Notification, 'type' | 'params'>) => {
    const values = notificationTextValues(
      notification.params,
      t('notifications.unknownTournament'),
      language,
    );
    return {
      title: t(`notifications.types.${notification.type}.title`, values),
      // An order of play that names the user's match says it (decision 204).
      body:
        notificationBodyKey(notification.type, notification.params) === 'bodyMatch'
          ? t('notifications.types.new_order_of_play.bodyMatch', values)
          : t(`notifications.types.${notification.type}.body`, values),
    };
  };
}

/** Date and time in the language shown now, in Rome time like every instant of the app: "3 nov 2026, 10:15". */
export function useFormatDateTime() {
  const { i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'en' ? 'en' : 'it';
  return (iso: string) => formatInstant(iso, language);
}
