import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';

/** Settings › FITP: the federation card (its contents come with the FITP card feature). */
export function FitpTab() {
  const { t } = useTranslation();
  return (
    <Card aria-labelledby="fitp-title">
      <CardTitle id="fitp-title">{t('settings.fitp.title')}</CardTitle>
      <CardDescription>{t('settings.fitp.description')}</CardDescription>
    </Card>
  );
}
