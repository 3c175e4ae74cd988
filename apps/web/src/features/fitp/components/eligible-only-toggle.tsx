import { useTranslation } from 'react-i18next';
import { SwitchField } from '@/components/ui/switch-field';
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
    <SwitchField
      id="explore-eligible-only"
      className="items-center bg-surface p-3 sm:justify-start"
      textClassName="gap-0"
      label={t('fitp.eligibility.filter')}
      hint={
        // The ranking inside the sentence: appended after its full stop it dangled, "… tessera. (4.5)".
        status.data.ranking
          ? t('fitp.eligibility.filterHintRanking', { ranking: status.data.ranking })
          : t('fitp.eligibility.filterHint')
      }
      checked={checked}
      onCheckedChange={onCheckedChange}
    />
  );
}
