import {
  type Language,
  type Notification,
  notificationTextKey,
  notificationTextValues,
  type Translate,
} from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '@/lib/format';

/** A notification's title and body in the language shown now (the texts of @radar/shared). */
export function useNotificationText() {
  const { t } = useTranslation();
  return (notification: Pick<Notification, 'type' | 'params'>) => {
    // The keys are the shared catalogue's, picked at run time (the personal draw notices).
    const translate = t as unknown as Translate;
    const values = notificationTextValues(notification.params, translate);
    const key = notificationTextKey(notification.type, notification.params);
    return { title: translate(`${key}.title`, values), body: translate(`${key}.body`, values) };
  };
}

/** Date and time in the language shown now, in Rome time like every instant of the app: "3 nov 2026, 10:15". */
export function useFormatDateTime() {
  const { i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'en' ? 'en' : 'it';
  return (iso: string) => formatInstant(iso, language);
}
