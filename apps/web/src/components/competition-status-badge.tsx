import type { CompetitionStatus } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from './ui/badge';

const TONES: Record<CompetitionStatus, BadgeTone> = { 1: 'muted', 2: 'primary', 3: 'success', 4: 'neutral' };

/** A competition's status (spec §3): concluded, ongoing, open registration, upcoming. */
export function CompetitionStatusBadge({ status }: { status: CompetitionStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`competitions.status.${status}`)}</Badge>;
}

/** The 48-hour "new" badge (spec §9). */
export function NewBadge() {
  const { t } = useTranslation();
  return <Badge tone="accent">{t('competitions.new')}</Badge>;
}
