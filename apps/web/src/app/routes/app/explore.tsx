import { type FilterCriteria, SEARCH_VIEWS, type SearchView } from '@radar/shared';
import { useCallback, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DegradedNotice } from '@/components/degraded-notice';
import { LazyItalyMap } from '@/components/italy-map-lazy';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSearchCompetitions } from '@/features/explore/api/search-competitions';
import { CompetitionCard } from '@/features/explore/components/competition-card';
import { DocumentsList } from '@/features/explore/components/documents-list';
import { ExploreHeader } from '@/features/explore/components/explore-header';
import { FilterPanel } from '@/features/explore/components/filter-panel';
import { OverviewPanel } from '@/features/explore/components/overview-panel';
import { Pagination } from '@/features/explore/components/pagination';
import { ScheduleList } from '@/features/explore/components/schedule-list';
import { SearchBox } from '@/features/explore/components/search-box';
import { SortSelect } from '@/features/explore/components/sort-select';
import {
  type ExploreState,
  PAGE_SIZE,
  readExploreState,
  rememberExploreSearch,
  searchBody,
  writeExploreState,
} from '@/features/explore/search-state';
import { SavedFilters } from '@/features/filters/components/saved-filters';
import { EligibleOnlyToggle } from '@/features/fitp/components/eligible-only-toggle';
import { isDegraded } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { readRememberedPostal } from '@/lib/remembered-postal';
import { useLanguage } from '@/lib/use-language';

/** `/explore` (signed in): search and browse tournaments, as a list, an overview, an agenda or their documents. */
export function ExploreRoute() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const state = readExploreState(params);
  const search = useSearchCompetitions(searchBody(state));
  // A detail's "back to the search" returns to this very search.
  const query = params.toString();
  useEffect(() => rememberExploreSearch(query ? `?${query}` : ''), [query]);

  const update = useCallback(
    (patch: Partial<ExploreState>) => {
      setParams(
        (current) => {
          const previous = readExploreState(current);
          // A new search starts from its first page.
          const page =
            patch.page ??
            (patch.q !== undefined ||
            patch.filters ||
            patch.tab ||
            patch.sort ||
            patch.eligibleOnly !== undefined
              ? 1
              : previous.page);
          return writeExploreState({ ...previous, ...patch, page });
        },
        { replace: patch.q !== undefined },
      );
    },
    [setParams],
  );
  const changeFilters = (change: Partial<FilterCriteria>) =>
    update({ filters: { ...state.filters, ...change } });
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  // Where distances are measured from: the postal code in the criteria, else the dashboard's.
  const centre = state.filters.nearPostalCode ?? readRememberedPostal();

  // While another tab's answer is on screen, wait for this tab's. The results render in the
  // background (interruptible, in slices) once they arrive: the page stays responsive meanwhile.
  const answer = useDeferredValue(search.data);
  const data = answer?.view === state.tab ? answer : undefined;
  const isDocuments = state.tab === 'documents';
  const empty = data && (isDocuments ? data.documents.length === 0 : data.items.length === 0);

  return (
    <>
      <ExploreHeader />
      {/* On a desktop the search and its filters are a column beside the results (scrolling on
          their own), so an open filter panel never pushes the results off the first screen. */}
      <div className="lg:grid lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start lg:gap-6">
        <div className="flex flex-col gap-4 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:p-1">
          <SearchBox value={state.q} onSearch={onSearch} />
          <SavedFilters
            criteria={state.filters}
            onApply={(filters) => update({ filters })}
            className="lg:flex-col lg:items-stretch"
          />
          <FilterPanel
            filters={state.filters}
            onChange={changeFilters}
            onReset={() => update({ filters: readExploreState(new URLSearchParams()).filters })}
          />
          <EligibleOnlyToggle
            checked={state.eligibleOnly}
            onCheckedChange={(eligibleOnly) => update({ eligibleOnly })}
          />
        </div>

        <Tabs
          value={state.tab}
          onValueChange={(tab) => update({ tab: tab as SearchView })}
          className="mt-6 lg:mt-0"
          activationMode="manual"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <TabsList aria-label={t('explore.tabs.label')}>
              {SEARCH_VIEWS.map((view) => (
                <TabsTrigger key={view} value={view}>
                  {t(`explore.tabs.${view}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            {state.tab === 'tournaments' && (
              <SortSelect
                value={state.sort}
                withDistance={centre !== null}
                onChange={(sort) =>
                  // By distance from the postal code given, else the one the dashboard remembers.
                  sort === 'distance' && state.filters.nearPostalCode === null
                    ? update({ sort, filters: { ...state.filters, nearPostalCode: centre } })
                    : update({ sort })
                }
              />
            )}
            {data && (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t(isDocuments ? 'explore.documentsCount' : 'explore.resultsCount', {
                  count: formatNumber(data.total, language),
                })}
              </p>
            )}
          </div>

          {SEARCH_VIEWS.map((view) => (
            <TabsContent key={view} value={view} aria-busy={search.isFetching}>
              {data && isDegraded(data) && <DegradedNotice message={data.message} />}
              {search.isError && !data ? (
                <ErrorBlock
                  error={search.error}
                  title={t('explore.error')}
                  onRetry={() => void search.refetch()}
                />
              ) : empty ? (
                <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
                  {t(isDocuments ? 'explore.emptyDocuments' : 'explore.empty')}
                </p>
              ) : !data ? (
                <LoadingBlock label={t('explore.loading')} />
              ) : view === state.tab ? (
                <>
                  {/* The results' heading, between the page's h1 and the cards' or days' h3. */}
                  <h2 className="sr-only">{t(`explore.tabs.${view}`)}</h2>
                  {view === 'tournaments' && (
                    <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2">
                      {data.items.map((competition) => (
                        <li key={competition.guid} className="contents">
                          <CompetitionCard competition={competition} />
                        </li>
                      ))}
                    </ul>
                  )}
                  {view === 'overview' && data.overview && (
                    <>
                      <section
                        aria-labelledby="explore-map-title"
                        className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-5 shadow-sm"
                      >
                        <h2
                          id="explore-map-title"
                          className="self-start text-lg font-semibold tracking-tight"
                        >
                          {t('map.title')}
                        </h2>
                        <p className="self-start text-sm text-muted-foreground">{t('map.hint')}</p>
                        <LazyItalyMap
                          eager
                          counts={
                            new Map(
                              data.overview.byRegion.flatMap((r) =>
                                r.regionId === null ? [] : [[r.regionId, r.count] as const],
                              ),
                            )
                          }
                          selectedRegionId={state.filters.regionId}
                          onSelect={(regionId) =>
                            changeFilters({
                              regionId: state.filters.regionId === regionId ? null : regionId,
                              provinceId: null,
                            })
                          }
                        />
                      </section>
                      <OverviewPanel overview={data.overview} total={data.total} />
                    </>
                  )}
                  {view === 'schedule' && <ScheduleList items={data.items} />}
                  {view === 'documents' && <DocumentsList documents={data.documents} />}
                  {view !== 'overview' && (
                    <Pagination
                      page={state.page}
                      total={data.total}
                      limit={PAGE_SIZE}
                      onPage={(page) => {
                        update({ page });
                        window.scrollTo(0, 0);
                      }}
                    />
                  )}
                </>
              ) : null}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </>
  );
}
