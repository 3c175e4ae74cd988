import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Spec §4 Degraded service: the data shown is what was stored, possibly stale. */
export function DegradedNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm"
    >
      <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div>
        <p className="font-semibold">{t('competitions.degraded.title')}</p>
        <p className="text-muted-foreground">{message}</p>
      </div>
    </div>
  );
}
