import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { useCardStatus } from '../api/get-card-status';

/**
 * Explore's "only tournaments I can enter" (docs/decisions/101): shown only with a connected card,
 * since eligibility comes from the card's ranking.
 */
export function EligibleOnlyToggle({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const status = useCardStatus();
  if (!status.data?.connected) return null;
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-border bg-surface p-3 sm:justify-start">
      <div className="flex flex-col">
        <label htmlFor="explore-eligible-only" className="text-sm font-medium">
          {t('fitp.eligibility.filter')}
        </label>
        <p id="explore-eligible-only-hint" className="text-xs text-muted-foreground">
          {t('fitp.eligibility.filterHint')}
          {status.data.ranking && ` (${status.data.ranking})`}
        </p>
      </div>
      <Switch
        id="explore-eligible-only"
        aria-describedby="explore-eligible-only-hint"
        checked={checked}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
