import { type FollowedTournament, MY_TOURNAMENT_SECTIONS, type MyTournamentSection } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { CalendarFeedCard } from '@/features/calendar/components/calendar-feed-card';
import { useMyTournaments } from '@/features/subscriptions/api/get-my-tournaments';
import { FollowedTournamentCard } from '@/features/subscriptions/components/followed-tournament-card';
import { NothingFollowed } from '@/features/subscriptions/components/nothing-followed';
import { cn } from '@/lib/utils';

const sectionId = (section: MyTournamentSection) => `section-${section}`;

/** Followed tournaments by the section the server gave each, in the spec's order. */
function bySection(items: FollowedTournament[]): Record<MyTournamentSection, FollowedTournament[]> {
  const groups = Object.fromEntries(
    MY_TOURNAMENT_SECTIONS.map((s) => [s, [] as FollowedTournament[]]),
  ) as Record<MyTournamentSection, FollowedTournament[]>;
  for (const item of items) groups[item.section].push(item);
  return groups;
}

/** `/subscriptions` (signed in): my tournaments, by section, lost ones apart (spec §2). */
export function SubscriptionsRoute() {
  const { t } = useTranslation();
  const query = useMyTournaments();
  const items = query.data?.items;
  const groups = items ? bySection(items) : null;

  return (
    <>
      <PageHeader title={t('pages.subscriptions.title')} description={t('pages.subscriptions.description')} />
      {query.isPending ? (
        <LoadingBlock label={t('subscriptions.loading')} />
      ) : query.isError ? (
        <ErrorBlock
          error={query.error}
          title={t('subscriptions.loadError')}
          onRetry={() => void query.refetch()}
        />
      ) : !groups || items?.length === 0 ? (
        <NothingFollowed />
      ) : (
        <div className="flex flex-col gap-10">
          <CalendarFeedCard compact />
          <nav aria-label={t('subscriptions.summary')}>
            <ul className="flex flex-wrap gap-2">
              {MY_TOURNAMENT_SECTIONS.map((section) => {
                const count = groups[section].length;
                const label = (
                  <>
                    {t(`subscriptions.sections.${section}`)}
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                        count > 0 ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground',
                      )}
                    >
                      {count}
                    </span>
                  </>
                );
                return (
                  <li key={section}>
                    {count > 0 ? (
                      <a
                        href={`#${sectionId(section)}`}
                        onClick={(event) => {
                          // Scrolls without a navigation (which would reset the scroll position).
                          event.preventDefault();
                          document.getElementById(sectionId(section))?.scrollIntoView({ behavior: 'smooth' });
                        }}
                        className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1.5 text-sm font-medium shadow-sm transition-colors hover:border-primary/50 hover:text-primary"
                      >
                        {label}
                      </a>
                    ) : (
                      <span className="inline-flex items-center gap-2 rounded-full border border-dashed border-border px-3 py-1.5 text-sm text-muted-foreground">
                        {label}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
          {MY_TOURNAMENT_SECTIONS.filter((section) => groups[section].length > 0).map((section) => (
            <section
              key={section}
              id={sectionId(section)}
              aria-labelledby={`${sectionId(section)}-title`}
              className="flex scroll-mt-20 flex-col gap-4"
            >
              <div className="flex flex-col gap-1">
                <h2
                  id={`${sectionId(section)}-title`}
                  className="flex items-center gap-2 text-xl font-semibold"
                >
                  {t(`subscriptions.sections.${section}`)}
                  <span className="rounded-full bg-muted px-2.5 py-0.5 text-sm font-semibold text-muted-foreground tabular-nums">
                    {groups[section].length}
                  </span>
                </h2>
                {section === 'lost' && (
                  <p className="text-sm text-muted-foreground">{t('subscriptions.sectionHints.lost')}</p>
                )}
              </div>
              <div className="grid gap-4 lg:grid-cols-2">
                {groups[section].map((item) => (
                  <FollowedTournamentCard key={item.id} item={item} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
