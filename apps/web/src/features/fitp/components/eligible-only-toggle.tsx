import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SwitchField } from '@/components/ui/switch-field';
import { useCardStatus } from '../api/get-card-status';
import { FITP_SETTINGS_PATH } from './card-status-card';

/**
 * Explore's "only tournaments I can enter" (docs/decisions/206): shown only with a connected card.
 * It keeps the competitions with a draw the card may enter now, by the badges' rule; without the
 * player's gender and birth year gendered and age draws are left out, so the hint asks for them.
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
        <>
          {
            // The ranking inside the sentence: appended after its full stop it dangled, "… tessera. (4.5)".
            status.data.ranking
              ? t('fitp.eligibility.filterHintRanking', { ranking: status.data.ranking })
              : t('fitp.eligibility.filterHint')
          }
          {status.data.profileComplete === false && (
            <>
              {' '}
              <Link to={FITP_SETTINGS_PATH} className="font-medium text-primary hover:underline">
                {t('fitp.eligibility.profile')}
              </Link>
            </>
          )}
        </>
      }
      checked={checked}
      onCheckedChange={onCheckedChange}
    />
  );
}
