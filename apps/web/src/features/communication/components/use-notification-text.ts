import {
  type Language,
  type Notification,
  notificationTextKeys,
  notificationTextValues,
  type Translate,
} from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

/** A notification's title and body in the language shown now (the texts of @radar/shared). */
export function useNotificationText() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (notification: Pick<Notification, 'type' | 'params'>) => {
    // The keys are the shared catalogue's, picked at run time (personal draw notices, a match).
    const translate = t as unknown as Translate;
    const values = notificationTextValues(notification.params, translate, language);
    const keys = notificationTextKeys(notification.type, notification.params);
    return { title: translate(keys.title, values), body: translate(keys.body, values) };
  };
}

/** Date and time in the language shown now, in Rome time like every instant of the app: "3 nov 2026, 10:15". */
export function useFormatDateTime() {
  const { i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'en' ? 'en' : 'it';
  return (iso: string) => formatInstant(iso, language);
}
