import { competitionGuidSchema } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CompetitionStatusBadge, NewBadge } from '@/components/competition-status-badge';
import { DegradedNotice } from '@/components/degraded-notice';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCompetition } from '@/features/competition/api/get-competition';
import { CompetitionFacts } from '@/features/competition/components/competition-facts';
import { CompetitionFiles } from '@/features/competition/components/competition-files';
import { CompetitionNotFound } from '@/features/competition/components/competition-not-found';
import { TournamentSection } from '@/features/competition/components/tournament-section';
import { defaultDraw } from '@/features/competition/lib/default-draw';
import { BackToSearch } from '@/features/explore/components/back-to-search';
import { CardEntryPanel } from '@/features/fitp/components/card-entry-panel';
import { TournamentFollowControls } from '@/features/subscriptions/components/tournament-follow-controls';
import { isApiClientError, isDegraded } from '@/lib/api-client';
import { drawName } from '@/lib/competition-labels';
import { useLanguage } from '@/lib/use-language';

/** `/competition/:guid` (signed in): one competition and every draw in it. */
export function CompetitionRoute() {
  const { t } = useTranslation();
  const language = useLanguage();
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
        <CompetitionNotFound>
          <BackToSearch button className="mt-2" />
        </CompetitionNotFound>
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
              myMatch={competition.myMatch}
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
            <Tabs defaultValue={defaultDraw(competition.tournaments)}>
              <TabsList aria-label={t('competition.tournaments')}>
                {competition.tournaments.map((tournament) => (
                  <TabsTrigger key={tournament.uuid} value={tournament.uuid}>
                    {drawName(t, language, tournament)}
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
