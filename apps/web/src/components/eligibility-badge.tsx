import type { Eligibility } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** "You can enter" / "above your limit", by the card's ranking (docs/decisions/101); nothing without a card. */
export function EligibilityBadge({ eligibility }: { eligibility: Eligibility | null | undefined }) {
  const { t } = useTranslation();
  if (eligibility === 'eligible') return <Badge tone="success">{t('fitp.eligibility.eligible')}</Badge>;
  if (eligibility === 'above_limit') return <Badge tone="muted">{t('fitp.eligibility.above_limit')}</Badge>;
  return null;
}
