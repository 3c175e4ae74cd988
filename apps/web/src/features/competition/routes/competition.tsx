import type { CompetitionDetail } from '@radar/shared';
import { ArrowLeft, ExternalLink, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CompetitionStatusBadge, NewBadge } from '@/components/competition-status-badge';
import { DegradedNotice } from '@/components/degraded-notice';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { isDegraded } from '@/lib/api-client';
import { sourceLabel } from '@/lib/competition-labels';
import { formatDayRange, formatEuro, formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { useCompetition } from '../api/get-competition';
import { TournamentSection } from '../components/tournament-section';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function CompetitionFacts({ competition: c }: { competition: CompetitionDetail }) {
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
        <Fact label={t('competition.dates')}>{formatDayRange(c.startDate, c.endDate, language)}</Fact>
        <Fact label={t('competition.place')}>
          {[c.city && `${c.city}${c.provinceSigla ? ` (${c.provinceSigla})` : ''}`]
            .filter(Boolean)
            .join('') || unknown}
        </Fact>
        <Fact label={t('competition.club')}>{c.club ?? unknown}</Fact>
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
            <a
              href={c.rulesUrl}
              target="_blank"
              rel="noopener noreferrer external"
              className="inline-flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm font-medium hover:bg-muted"
            >
              <FileText aria-hidden="true" className="size-4" />
              {t('competition.rules')}
            </a>
          )}
          {c.externalUrl && (
            <a
              href={c.externalUrl}
              target="_blank"
              rel="noopener noreferrer external"
              className="inline-flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm font-medium hover:bg-muted"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('competition.external')}
            </a>
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

/** `/competition/:guid` (signed in): one competition and every draw in it. */
export function CompetitionRoute() {
  const { t } = useTranslation();
  const { guid = '' } = useParams();
  const query = useCompetition(guid);
  const answer = query.data;
  const competition = answer?.competition;

  return (
    <>
      <Link
        to={paths.explore}
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-primary"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('competition.back')}
      </Link>
      {competition ? (
        <PageHeader title={competition.name}>
          <div className="flex flex-wrap items-center gap-2">
            <CompetitionStatusBadge status={competition.status} />
            {competition.isNew && <NewBadge />}
            {competition.followed && <Badge tone="primary">{t('competitions.followed')}</Badge>}
          </div>
        </PageHeader>
      ) : (
        <PageHeader title={t('pages.competition.title')} description={t('pages.competition.description')} />
      )}

      {answer && isDegraded(answer) && <DegradedNotice message={answer.message} />}
      {query.isPending ? (
        <LoadingBlock label={t('competition.loading')} />
      ) : query.isError ? (
        <ErrorBlock error={query.error} title={t('competition.error')} onRetry={() => void query.refetch()} />
      ) : competition ? (
        <>
          <CompetitionFacts competition={competition} />
          {competition.tournaments.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
              {t('competition.noTournaments')}
            </p>
          ) : competition.tournaments.length === 1 && competition.tournaments[0] ? (
            <TournamentSection
              competition={competition}
              tournament={competition.tournaments[0]}
              hasCard={competition.hasCard}
            />
          ) : (
            <Tabs defaultValue={competition.tournaments[0]?.uuid}>
              <TabsList aria-label={t('competition.tournaments')}>
                {competition.tournaments.map((tournament) => (
                  <TabsTrigger key={tournament.uuid} value={tournament.uuid}>
                    {tournament.description}
                  </TabsTrigger>
                ))}
              </TabsList>
              {competition.tournaments.map((tournament) => (
                <TabsContent key={tournament.uuid} value={tournament.uuid}>
                  <TournamentSection
                    competition={competition}
                    tournament={tournament}
                    hasCard={competition.hasCard}
                  />
                </TabsContent>
              ))}
            </Tabs>
          )}
        </>
      ) : null}
    </>
  );
}
