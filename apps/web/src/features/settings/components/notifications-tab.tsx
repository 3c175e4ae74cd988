import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';

/** Settings › Notifications: per-type email and push toggles (they come with the notifications feature). */
export function NotificationsTab() {
  const { t } = useTranslation();
  return (
    <Card aria-labelledby="notifications-title">
      <CardTitle id="notifications-title">{t('settings.notifications.title')}</CardTitle>
      <CardDescription>{t('settings.notifications.description')}</CardDescription>
    </Card>
  );
}
