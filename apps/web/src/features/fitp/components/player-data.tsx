import type { FitpCard } from '@radar/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** Spec §3 Federation player data, as last read from the federation. */
export function PlayerData({ card }: { card: FitpCard }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { player } = card;
  const none = '—';
  return (
    <dl
      className="grid grid-cols-2 gap-4 rounded-xl border border-border p-4 sm:grid-cols-3"
      data-testid="fitp-player"
    >
      <Row label={t('fitp.player.name')}>
        {player.name} {player.surname}
      </Row>
      <Row label={t('fitp.player.card')}>{card.membershipCard}</Row>
      <Row label={t('fitp.player.club')}>{player.tennisClub ?? none}</Row>
      <Row label={t('fitp.player.place')}>
        {[player.municipality, player.province && `(${player.province})`].filter(Boolean).join(' ') || none}
      </Row>
      <Row label={t('fitp.player.category')}>{player.category ?? none}</Row>
      <Row label={t('fitp.player.ranking')}>{player.ranking ?? none}</Row>
      <Row label={t('fitp.player.maxRank')}>
        {player.maxRank
          ? player.maxRankSeason
            ? t('fitp.player.maxRankSeason', { rank: player.maxRank, season: player.maxRankSeason })
            : player.maxRank
          : none}
      </Row>
      <Row label={t('fitp.player.lastUpdated')}>
        {player.lastUpdated ? formatInstant(player.lastUpdated, language) : none}
      </Row>
      <Row label={t('fitp.player.fetchedAt')}>{formatInstant(card.fetchedAt, language)}</Row>
    </dl>
  );
}
