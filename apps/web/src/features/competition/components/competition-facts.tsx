import type { CompetitionDetail } from '@radar/shared';
import { ExternalLink, FileText, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { sourceLabel } from '@/lib/competition-labels';
import { formatDay, formatDayRange, formatEuro, formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { venueLine } from './practical-info';

/** A link out of the app (the rules document, the organiser's page), opened in a new tab. */
function OutLink({ href, icon: Icon, children }: { href: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer external"
      className="inline-flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm font-medium hover:bg-muted"
    >
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The competition's dates, place, club, venues, source, prize pool, registration and links. */
export function CompetitionFacts({ competition: c }: { competition: CompetitionDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const unknown = t('competitions.unknown');
  const registration =
    c.registrationOpensAt && c.registrationClosesAt
      ? t('competition.registrationWindow', {
          from: formatInstant(c.registrationOpensAt, language),
          to: formatInstant(c.registrationClosesAt, language),
        })
      : c.registrationClosesAt
        ? t('competition.registrationCloses', { date: formatInstant(c.registrationClosesAt, language) })
        : unknown;
  return (
    <section className="mb-8 flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label={t('competition.dates')}>
          {c.endDateKnown
            ? formatDayRange(c.startDate, c.endDate, language)
            : t('competition.fromDay', { date: formatDay(c.startDate, language) })}
        </Fact>
        <Fact label={t('competition.place')}>
          {[c.city && `${c.city}${c.provinceSigla ? ` (${c.provinceSigla})` : ''}`]
            .filter(Boolean)
            .join('') || unknown}
        </Fact>
        <Fact label={t('competition.club')}>{c.club ?? unknown}</Fact>
        {c.venues.length > 0 && (
          <Fact label={t('competition.venues')}>
            {c.venues.map((venue) => (
              <span key={venueLine(venue)} className="block">
                {venueLine(venue)}
              </span>
            ))}
          </Fact>
        )}
        <Fact label={t('competition.source')}>{sourceLabel(t, c.codFonte, c.fonteLabel)}</Fact>
        <Fact label={t('competition.prizePool')}>
          {c.prizeMoney > 0 ? formatEuro(c.prizeMoney, language) : t('competition.noPrize')}
        </Fact>
        <Fact label={t('competition.registration')}>
          {registration}
          {c.onlineRegistration && (
            <Badge tone="muted" className="ml-2">
              {t('competition.onlineRegistration')}
            </Badge>
          )}
        </Fact>
      </dl>
      {(c.rulesUrl || c.externalUrl) && (
        <div className="flex flex-wrap gap-3">
          {c.rulesUrl && (
            <OutLink href={c.rulesUrl} icon={FileText}>
              {t('competition.rules')}
            </OutLink>
          )}
          {c.externalUrl && (
            <OutLink href={c.externalUrl} icon={ExternalLink}>
              {t('competition.external')}
            </OutLink>
          )}
        </div>
      )}
      {c.detailUpdatedAt && (
        <p className="text-xs text-muted-foreground">
          {t('competition.updatedAt', { date: formatInstant(c.detailUpdatedAt, language) })}
        </p>
      )}
    </section>
  );
}
