import { bandOfRanking, type DeadlineBand } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatDayTime } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

/**
 * The registration deadlines by ranking band (contract §3; decision 182): "da 4.NC a 4.1 fino al
 * 28/07 12:00", or "decisa dal giudice arbitro"; the band of the user's card is marked (its
 * deadline is the one their reminders count down to).
 */
export function DeadlineBands({
  deadlines,
  cardRanking,
}: {
  deadlines: DeadlineBand[];
  cardRanking: string | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (deadlines.length === 0) return null;
  const mine = bandOfRanking(deadlines, cardRanking);
  return (
    <section
      aria-label={t('competition.bands.title')}
      className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
    >
      <h3 className="mb-3 font-semibold">{t('competition.bands.title')}</h3>
      <ul className="flex flex-col gap-2 text-sm">
        {deadlines.map((band) => (
          <li
            key={`${band.minRank}-${band.maxRank}`}
            className={cn('flex flex-wrap items-center gap-2', band === mine && 'font-semibold')}
          >
            <span>
              {band.byReferee || !band.closesAt
                ? t('competition.bands.byReferee', { from: band.minRank, to: band.maxRank })
                : t('competition.bands.until', {
                    from: band.minRank,
                    to: band.maxRank,
                    date: formatDayTime(band.closesAt, language),
                  })}
            </span>
            {band === mine && <Badge tone="primary">{t('competition.bands.yours')}</Badge>}
          </li>
        ))}
      </ul>
    </section>
  );
}
