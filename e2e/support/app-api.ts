import { expect, type Page } from '@playwright/test';
import type { CompetitionDetailResponse, SearchCompetitionsResponse } from '@radar/shared';

/** The app's own API, as the signed-in page calls it: for journeys that set a scene quickly. */

export async function search(page: Page, body: object): Promise<SearchCompetitionsResponse> {
  const response = await page.request.post('/api/competitions/search_competitions', { data: body });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as SearchCompetitionsResponse;
}

/** Follows a competition's first tournament through the API, as the follow button does; its name. */
export async function follow(page: Page, guid: string): Promise<string> {
  const detail = (await (
    await page.request.get(`/api/competitions/${guid}`)
  ).json()) as CompetitionDetailResponse;
  const tournamentUuid = detail.competition.tournaments[0]?.uuid ?? '';
  const response = await page.request.post('/api/subscriptions/tournaments/subscribe', {
    data: { competitionGuid: guid, tournamentUuid },
  });
  expect(response.status(), await response.text()).toBe(201);
  return detail.competition.name;
}

/**
 * Waits until a search of the competition's name in its province finds it: the list's row has
 * been read by an ingestion pass (one a minute in the e2e server), not only a visit's detail.
 */
export async function waitUntilSearchable(
  page: Page,
  competition: { guid: string; name: string; provinceId: number },
): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await search(page, {
            search: competition.name,
            filters: { provinceId: competition.provinceId },
            limit: 5,
          })
        ).items.some((item) => item.guid === competition.guid),
      { timeout: 240_000, intervals: [2000] },
    )
    .toBe(true);
}
