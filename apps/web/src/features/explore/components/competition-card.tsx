import type { CompetitionSummary } from '@radar/shared';
import { CalendarDays, Euro, MapPin, Navigation, Users } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CompetitionStatusBadge, NewBadge } from '@/components/competition-status-badge';
import { EligibilityBadge } from '@/components/eligibility-badge';
import { Badge } from '@/components/ui/badge';
import { drawLabel, sourceLabel } from '@/lib/competition-labels';
import { formatDayRange, formatEuro, formatInstant, formatKm, formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { CompetitionLink } from './competition-link';

/**
 * One result of the search: what, where, when, its state for the user, and why it matches their
 * filters. Memoised: the screen re-renders on every filter or search change, a card only when its
 * result changes (the query cache keeps unchanged results the same objects).
 */
export const CompetitionCard = memo(function CompetitionCard({
  competition: c,
}: {
  competition: CompetitionSummary;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const reasons = c.matchingFilters.reasons.map((reason) => t(`competitions.reason.${reason}`)).join(', ');
  return (
    <article className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <CompetitionStatusBadge status={c.status} />
        {c.isNew && <NewBadge />}
        {c.followed && <Badge tone="primary">{t('competitions.followed')}</Badge>}
        {c.lost && <Badge tone="destructive">{t('competitions.lost')}</Badge>}
        <EligibilityBadge eligibility={c.eligibility} />
        <span className="ml-auto text-xs text-muted-foreground">
          {sourceLabel(t, c.codFonte, c.fonteLabel)}
        </span>
      </div>
      <h3 className="text-lg leading-snug font-semibold break-words text-balance">
        <CompetitionLink guid={c.guid}>{c.name}</CompetitionLink>
      </h3>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm text-muted-foreground sm:grid-cols-2">
        {/* The place in full, wrapping on its own line: a club and town are not cut. */}
        <div className="flex min-w-0 items-start gap-2 sm:col-span-2">
          <dt className="sr-only">{t('competition.place')}</dt>
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <dd className="min-w-0 break-words">
            {[c.club, c.city && `${c.city}${c.provinceSigla ? ` (${c.provinceSigla})` : ''}`]
              .filter(Boolean)
              .join(' · ')}
          </dd>
        </div>
        {c.distanceKm !== null && (
          <div className="flex items-center gap-2 sm:col-span-2">
            <dt className="sr-only">{t('explore.card.distanceLabel')}</dt>
            <Navigation aria-hidden="true" className="size-4 shrink-0" />
            <dd className="font-medium text-foreground">
              {t('explore.card.distance', { km: formatKm(c.distanceKm, language) })}
            </dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('competition.dates')}</dt>
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <dd>{formatDayRange(c.startDate, c.endDate, language)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('competition.participants')}</dt>
          <Users aria-hidden="true" className="size-4 shrink-0" />
          <dd>{t('explore.card.participants', { count: formatNumber(c.participantsCount, language) })}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('competition.prizePool')}</dt>
          <Euro aria-hidden="true" className="size-4 shrink-0" />
          <dd>{c.prizeMoney > 0 ? formatEuro(c.prizeMoney, language) : t('competition.noPrize')}</dd>
        </div>
      </dl>
      <p className="text-sm">{drawLabel(t, c.mainDraw)}</p>
      {c.status === 3 && c.registrationClosesAt && (
        <p className="text-sm font-medium text-success">
          {t('explore.card.registrationCloses', { date: formatInstant(c.registrationClosesAt, language) })}
        </p>
      )}
      {c.matchingFilters.count > 0 && (
        <p className="text-sm text-primary">
          {t('explore.card.matchingFilters', { count: c.matchingFilters.count, reasons })}
        </p>
      )}
    </article>
  );
});
