import type { TournamentDetail } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EligibilityBadge } from '@/components/eligibility-badge';
import { Badge } from '@/components/ui/badge';
import { formatInstant, formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { FITP_SETTINGS_PATH } from './card-status-card';

/** Opponents shown around the user (by ranking), the rest summed up. */
const OPPONENTS_SHOWN = 8;

/**
 * The user's matches and potential opponents on the tournament detail (spec §2), by their card:
 * the position by the draw's admission rule out of the total (spec §4), inside the draw or among
 * the reserves (the cut line), the other entrants by ranking with the user marked, and whether the
 * card may enter. Without a card: a link to Settings › FITP.
 */
export function CardEntryPanel({ tournament, hasCard }: { tournament: TournamentDetail; hasCard: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const entry = tournament.myEntry;
  const byRanking = [...tournament.participants].sort(
    (a, b) => (a.rankingValue ?? 99) - (b.rankingValue ?? 99) || a.position - b.position,
  );
  const me = byRanking.findIndex((p) => p.isMe);
  const from =
    me < 0
      ? 0
      : Math.max(0, Math.min(me - Math.floor(OPPONENTS_SHOWN / 2), byRanking.length - OPPONENTS_SHOWN));
  const shown = byRanking.slice(from, from + OPPONENTS_SHOWN);
  const drawn = tournament.draws.some((d) => d.myDraw !== null);
  return (
    <section
      aria-label={t('fitp.entry.title')}
      data-testid="fitp-entry"
      className={cn(
        'flex flex-col gap-3 rounded-2xl border p-5 shadow-sm',
        entry ? 'border-success/40 bg-success/5' : 'border-border bg-surface',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{t('fitp.entry.title')}</h3>
        <EligibilityBadge eligibility={tournament.eligibility} />
      </div>
      {!hasCard ? (
        <p className="text-sm text-muted-foreground">
          {t('fitp.entry.noCard')}{' '}
          <Link to={FITP_SETTINGS_PATH} className="font-medium text-primary hover:underline">
            {t('fitp.entry.connectCard')}
          </Link>
        </p>
      ) : entry ? (
        <>
          <p className="text-sm">
            <span className="text-base font-semibold">
              {t(
                tournament.admissionType === 'cronologico'
                  ? 'fitp.entry.positionByDate'
                  : 'fitp.entry.positionByRanking',
                {
                  position: formatNumber(entry.position, language),
                  total: formatNumber(entry.total, language),
                },
              )}
            </span>
            {entry.subscriptionDate &&
              ` · ${t('fitp.entry.since', { date: formatInstant(entry.subscriptionDate, language) })}`}
          </p>
          {entry.partner && (
            <p className="text-sm">
              {t('fitp.entry.partner', {
                name: `${entry.partner.surname} ${entry.partner.name}`.trim(),
                ranking: entry.partner.ranking ?? '—',
              })}
            </p>
          )}
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {entry.cutLine === 'inside' ? (
              <Badge tone="success">{t('fitp.entry.inside')}</Badge>
            ) : entry.cutLine === 'reserve' ? (
              <Badge tone="destructive">
                {t('fitp.entry.reserve', { reserve: formatNumber(entry.reservePosition ?? 0, language) })}
              </Badge>
            ) : null}
            <span className="text-muted-foreground">
              {tournament.maxParticipants
                ? t('fitp.entry.cutLine', { max: formatNumber(tournament.maxParticipants, language) })
                : t('fitp.entry.noCutLine')}
            </span>
          </p>
          {drawn ? (
            <p className="text-sm text-muted-foreground">{t('fitp.entry.drawn')}</p>
          ) : (
            byRanking.length > 1 && (
              <div className="flex flex-col gap-1">
                <h4 className="text-sm font-medium">
                  {t('fitp.entry.opponents', { count: byRanking.length - 1 })}
                </h4>
                <ol className="flex flex-col divide-y divide-border rounded-xl border border-border bg-surface text-sm">
                  {shown.map((p) => (
                    <li
                      key={p.id}
                      className={cn(
                        'flex items-center justify-between gap-3 px-3 py-1.5',
                        p.isMe && 'bg-success/10 font-semibold',
                      )}
                    >
                      <span className="min-w-0 truncate">
                        {p.surname} {p.name}
                        {p.isMe && (
                          <Badge tone="success" className="ml-2">
                            {t('fitp.entry.you')}
                          </Badge>
                        )}
                      </span>
                      <span className="tabular-nums text-muted-foreground">{p.ranking ?? '—'}</span>
                    </li>
                  ))}
                </ol>
                {byRanking.length > shown.length && (
                  <p className="text-xs text-muted-foreground">
                    {t('fitp.entry.more', { count: byRanking.length - shown.length })}
                  </p>
                )}
              </div>
            )
          )}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('fitp.entry.notEntered')}</p>
      )}
    </section>
  );
}
