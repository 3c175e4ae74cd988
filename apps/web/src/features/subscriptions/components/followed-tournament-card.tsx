import type { FollowedTournament } from '@radar/shared';
import { BellOff, CalendarDays, Clock, MapPin, Medal, Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompetitionStatusBadge } from '@/components/competition-status-badge';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { FollowedCardActions } from '@/features/subscriptions/components/followed-card-actions';
import { drawName } from '@/lib/competition-labels';
import { formatDayRange, formatInstant, formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

/**
 * The user's entry by their card: `28° su 65 · dentro`, or among the reserves, or a position
 * alone when the draw's size is unknown.
 */
function EntryLine({ entry }: { entry: NonNullable<FollowedTournament['myEntry']> }) {
  const { t } = useTranslation();
  const where =
    entry.cutLine === 'inside'
      ? t('subscriptions.card.entryInside')
      : entry.cutLine === 'reserve'
        ? t('subscriptions.card.entryReserve', { count: entry.reservePosition ?? 0 })
        : null;
  return (
    <p
      className={cn(
        'flex items-center gap-2 text-sm font-medium',
        entry.cutLine === 'inside' && 'text-success',
        entry.cutLine === 'reserve' && 'text-destructive',
      )}
    >
      <Medal aria-hidden="true" className="size-4 shrink-0" />
      <span>
        <span className="sr-only">{t('subscriptions.card.entryLabel')} </span>
        {[t('subscriptions.card.entryPosition', { position: entry.position, total: entry.total }), where]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </p>
  );
}

/** One followed tournament: what and where, the user's entry, when registration closes, and its actions. */
export function FollowedTournamentCard({ item }: { item: FollowedTournament }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const { competition: c, tournament } = item;
  const title = c?.name ?? t('subscriptions.card.unavailable');
  const draw = tournament ? drawName(t, language, tournament) : null;
  const name = [c?.name, draw].filter(Boolean).join(' – ') || title;
  const place =
    c &&
    [c.club, c.city && `${c.city}${c.provinceSigla ? ` (${c.provinceSigla})` : ''}`]
      .filter(Boolean)
      .join(' · ');
  const closesAt = c?.registrationClosesAt ?? null;
  const registrationStillAhead = c !== null && (c.status === 3 || c.status === 4);

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-5',
        item.lost && 'border-dashed bg-muted/30',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        {c && <CompetitionStatusBadge status={c.status} />}
        {item.lost && <Badge tone="destructive">{t('competitions.lost')}</Badge>}
        {!item.lost && !item.notificationsEnabled && (
          <Badge>
            <BellOff aria-hidden="true" className="size-3.5" />
            {t('subscriptions.actions.notificationsOff')}
          </Badge>
        )}
      </div>
      <div className="flex flex-col gap-0.5">
        <h3 id={titleId} className="text-lg leading-snug font-semibold text-balance">
          <Link to={paths.competition(item.competitionGuid)} className="hover:text-primary hover:underline">
            {title}
          </Link>
        </h3>
        {draw && <p className="text-sm font-medium">{draw}</p>}
      </div>
      {item.myEntry && <EntryLine entry={item.myEntry} />}
      {c && (
        <dl className="grid gap-y-1.5 text-sm text-muted-foreground">
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t('competition.dates')}</dt>
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            <dd>{formatDayRange(c.startDate, c.endDate, language)}</dd>
          </div>
          {place && (
            <div className="flex min-w-0 items-center gap-2">
              <dt className="sr-only">{t('competition.place')}</dt>
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              <dd className="truncate">{place}</dd>
            </div>
          )}
          {tournament && (
            <div className="flex items-center gap-2">
              <dt className="sr-only">{t('competition.participants')}</dt>
              <Users aria-hidden="true" className="size-4 shrink-0" />
              <dd>
                {tournament.maxParticipants === null
                  ? t('subscriptions.card.participants', {
                      count: formatNumber(tournament.participantsCount, language),
                    })
                  : t(
                      // More entries than places (a waiting list, or a draw still to be cut).
                      tournament.participantsCount > tournament.maxParticipants
                        ? 'subscriptions.card.participantsOver'
                        : 'subscriptions.card.participantsOf',
                      {
                        count: formatNumber(tournament.participantsCount, language),
                        max: formatNumber(tournament.maxParticipants, language),
                      },
                    )}
              </dd>
            </div>
          )}
          {closesAt && registrationStillAhead && (
            <div className="flex items-center gap-2">
              <dt className="sr-only">{t('competition.registration')}</dt>
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              <dd className={cn(c.status === 3 && !item.lost && 'font-medium text-success')}>
                {t(
                  new Date(closesAt).getTime() > Date.now()
                    ? 'subscriptions.card.registrationCloses'
                    : 'subscriptions.card.registrationClosed',
                  { date: formatInstant(closesAt, language) },
                )}
              </dd>
            </div>
          )}
        </dl>
      )}
      <FollowedCardActions
        target={{
          competitionGuid: item.competitionGuid,
          tournamentUuid: item.tournamentUuid,
          name,
          subscription: { id: item.id, notificationsEnabled: item.notificationsEnabled, lost: item.lost },
          status: c?.status ?? null,
        }}
      />
    </article>
  );
}
