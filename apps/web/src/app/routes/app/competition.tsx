import { type CompetitionDetail, competitionGuidSchema, type TournamentDetail } from '@radar/shared';
import { ArrowLeft, ExternalLink, FileText, type LucideIcon, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CompetitionStatusBadge, NewBadge } from '@/components/competition-status-badge';
import { DegradedNotice } from '@/components/degraded-notice';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCompetition } from '@/features/competition/api/get-competition';
import { CompetitionFiles } from '@/features/competition/components/competition-files';
import { venueLine } from '@/features/competition/components/practical-info';
import { TournamentSection } from '@/features/competition/components/tournament-section';
import { isFromExplore, lastExploreHref } from '@/features/explore/search-state';
import { CardEntryPanel } from '@/features/fitp/components/card-entry-panel';
import { FollowControls } from '@/features/subscriptions/components/follow-controls';
import { isApiClientError, isDegraded } from '@/lib/api-client';
import { sourceLabel } from '@/lib/competition-labels';
import { formatDay, formatDayRange, formatEuro, formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

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

/** The subscriptions feature's follow controls for one draw of the competition. */
function TournamentFollowControls({
  competition,
  tournament: t0,
}: {
  competition: { guid: string; name: string };
  tournament: TournamentDetail;
}) {
  return (
    <FollowControls
      className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:px-5"
      target={{
        competitionGuid: competition.guid,
        tournamentUuid: t0.uuid,
        name: `${competition.name} – ${t0.description}`,
        subscription:
          t0.followed && t0.subscriptionId
            ? {
                id: t0.subscriptionId,
                notificationsEnabled: t0.notificationsEnabled ?? false,
                lost: t0.lost,
              }
            : null,
      }}
    />
  );
}

/**
 * "Back to the search": the search the user came from, with its query, filters, tab and page.
 * Opened from the search in this tab, it is the browser's back (which also restores the
 * scroll position); otherwise (a shared link, a notification) the last search of this tab.
 */
function BackToSearch({ className, button = false }: { className?: string; button?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const fromExplore = isFromExplore(location.state);
  const href = lastExploreHref();
  const content = (
    <Link
      to={href}
      onClick={(event) => {
        if (!fromExplore || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className={button ? undefined : className}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('competition.back')}
    </Link>
  );
  return button ? (
    <Button asChild className={className}>
      {content}
    </Button>
  ) : (
    content
  );
}

/** A link that leads nowhere (not a guid, or a competition the federation does not list): no retry. */
function CompetitionNotFound() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-8 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">{t('competition.notFound.description')}</p>
      <BackToSearch button className="mt-2" />
    </div>
  );
}

/** `/competition/:guid` (signed in): one competition and every draw in it. */
export function CompetitionRoute() {
  const { t } = useTranslation();
  const { guid = '' } = useParams();
  const validGuid = competitionGuidSchema.safeParse(guid).success;
  const query = useCompetition(guid, { enabled: validGuid });
  const answer = query.data;
  const competition = answer?.competition;
  const notFound = !validGuid || (isApiClientError(query.error) && query.error.status === 404);

  return (
    <>
      <BackToSearch className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-primary" />
      {notFound ? (
        <PageHeader title={t('competition.notFound.title')} />
      ) : competition ? (
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
      {notFound ? (
        <CompetitionNotFound />
      ) : query.isPending ? (
        <LoadingBlock label={t('competition.loading')} />
      ) : query.isError ? (
        <ErrorBlock error={query.error} title={t('competition.error')} onRetry={() => void query.refetch()} />
      ) : competition ? (
        <>
          <CompetitionFacts competition={competition} />
          {competition.detailPublished && (
            <CompetitionFiles
              documents={competition.documents}
              rules={competition.rules}
              ordersOfPlay={competition.ordersOfPlay}
            />
          )}
          {!competition.detailPublished ? (
            <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
              {t('competition.noDetail')}
            </p>
          ) : competition.tournaments.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
              {t('competition.noTournaments')}
            </p>
          ) : competition.tournaments.length === 1 && competition.tournaments[0] ? (
            <TournamentSection
              tournament={competition.tournaments[0]}
              cardRanking={competition.cardRanking}
              followControls={
                <TournamentFollowControls competition={competition} tournament={competition.tournaments[0]} />
              }
              entryPanel={
                <CardEntryPanel tournament={competition.tournaments[0]} hasCard={competition.hasCard} />
              }
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
                    tournament={tournament}
                    cardRanking={competition.cardRanking}
                    followControls={
                      <TournamentFollowControls competition={competition} tournament={tournament} />
                    }
                    entryPanel={<CardEntryPanel tournament={tournament} hasCard={competition.hasCard} />}
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
