import type { EntryVerdict } from '@radar/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths, withQuery } from '@/config/paths';

/** Settings › FITP, where gender and birth year are given. */
const FITP_SETTINGS = withQuery(paths.settings, { tab: 'fitp' });

/** `U14` → "Under 14", `O45` → "Over 45"; other codes as written. */
function ageClassName(t: TFunction, ageClass: string | null): string {
  const match = ageClass ? /^([UO])(\d+)$/.exec(ageClass) : null;
  if (!match) return ageClass ?? '';
  const years = Number(match[2]);
  return match[1] === 'U' ? t('fitp.eligibility.under', { years }) : t('fitp.eligibility.over', { years });
}

/** What the verdict says, in words; null when there is nothing to say (an unknown ranking). */
export function verdictText(t: TFunction, eligibility: EntryVerdict): string | null {
  switch (eligibility.verdict) {
    case 'eligible':
      return t('fitp.eligibility.eligible');
    case 'entered':
      return t('fitp.eligibility.entered');
    case 'closed':
      return t('fitp.eligibility.closed');
    case 'gender':
      return t(eligibility.detail === 'F' ? 'fitp.eligibility.genderF' : 'fitp.eligibility.genderM');
    case 'age':
      return t('fitp.eligibility.age', { ageClass: ageClassName(t, eligibility.detail) });
    case 'ranking':
      return t('fitp.eligibility.ranking', { limit: eligibility.detail ?? '' });
    case 'unknown':
      return eligibility.detail === 'profile' ? t('fitp.eligibility.profile') : null;
  }
}

/**
 * Whether the card may enter now, else the first reason why not (docs/decisions/206): "Puoi
 * iscriverti", "Sei già iscritto", "Iscrizioni chiuse", "Tabellone femminile", "Fuori età (Under
 * 14)", "Classifica oltre il limite 4.3"; what it cannot tell without the player's gender or birth
 * year is a link to Settings › FITP, never a guess. Nothing without a card.
 */
export function EligibilityBadge({ eligibility }: { eligibility: EntryVerdict | null | undefined }) {
  const { t } = useTranslation();
  if (!eligibility) return null;
  const text = verdictText(t, eligibility);
  if (text === null) return null;
  if (eligibility.verdict === 'unknown')
    return (
      <Link
        to={FITP_SETTINGS}
        data-verdict="unknown"
        className="text-xs font-medium text-primary underline-offset-2 hover:underline"
      >
        {text}
      </Link>
    );
  const tone =
    eligibility.verdict === 'eligible' ? 'success' : eligibility.verdict === 'entered' ? 'primary' : 'muted';
  return (
    <Badge tone={tone} data-verdict={eligibility.verdict}>
      {text}
    </Badge>
  );
}
