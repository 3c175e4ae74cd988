import type { SearchCompetitionsBody } from '@radar/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  geo,
  json,
  LAZIO_PROVINCE_OPTIONS,
  searchResponse,
  stubApi,
  summary,
} from '../../../../test/fixtures/competitions';
import { openExploreFilters, renderApp } from '../../../../test/test-utils';

const SEARCH = '/api/competitions/search_competitions';
/** The first screen loads its route chunk first. */

describe('/explore', () => {
  it('lists the results with their status, new badge, dates and why they match the user’s filters', async () => {
    stubApi({
      '/api/reference/geo': () => json(geo),
      [SEARCH]: () =>
        json(
          searchResponse({
            total: 1234,
            items: [
              summary({
                isNew: true,
                followed: true,
                matchingFilters: { count: 2, reasons: ['region', 'type'] },
              }),
            ],
          }),
        ),
    });
    renderApp('/explore');
    const card = (await screen.findByRole('link', { name: 'Torneo Open di Natale' })).closest('article');
    if (!card) throw new Error('card expected');
    expect(within(card).getByText('Iscrizioni aperte')).toBeTruthy();
    expect(within(card).getByText('Nuovo')).toBeTruthy();
    expect(within(card).getByText('Seguito')).toBeTruthy();
    expect(within(card).getByText(/^12\s?–\s?21 dic 2026$/)).toBeTruthy();
    expect(within(card).getByText(/^1\.500\s€$/)).toBeTruthy();
    expect(within(card).getByText('Iscrizioni entro il 9 dic 2026, 12:00')).toBeTruthy();
    expect(within(card).getByText('Corrisponde ai tuoi filtri (2): regione, tipo')).toBeTruthy();
    expect(screen.getByText('Tornei trovati: 1.234')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Torneo Open di Natale' }).getAttribute('href')).toBe(
      '/competition/25C6CC33-AE3A-447E-A55B-FBE66FBAFC80',
    );
  });

  it('keeps the headings in order on every tab: the page h1, the results h2, then the h3 of cards or days', async () => {
    stubApi({
      '/api/reference/geo': () => json(geo),
      [SEARCH]: (body) => json(searchResponse({ view: (body as SearchCompetitionsBody).view })),
    });
    /** Each heading's level may go at most one deeper than the one before it (axe's heading-order). */
    const skipped = () => {
      const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) =>
        Number(h.tagName[1]),
      );
      return levels.filter((level, i) => i > 0 && level > (levels[i - 1] ?? 0) + 1);
    };
    renderApp('/explore');
    await screen.findByRole('link', { name: 'Torneo Open di Natale' });
    expect(screen.getByRole('heading', { level: 2, name: 'Tornei' })).toBeTruthy();
    expect(skipped()).toEqual([]);

    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Calendario' }), { button: 0 });
      fireEvent.click(screen.getByRole('tab', { name: 'Calendario' }));
    });
    await screen.findByRole('heading', { level: 2, name: 'Calendario' });
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0);
    expect(skipped()).toEqual([]);
  });

  it('offers the provinces of the chosen region only, and searches with both', async () => {
    const calls = stubApi({
      '/api/reference/geo': () => json(geo),
      [SEARCH]: () => json(searchResponse()),
    });
    const { router } = renderApp('/explore');
    await screen.findByRole('link', { name: 'Torneo Open di Natale' });
    // The closed panel holds no fields: they render when it opens (decision 178).
    expect(screen.queryByLabelText('Regione')).toBeNull();
    await openExploreFilters();
    const province = screen.getByLabelText('Provincia') as HTMLSelectElement;
    expect(province.disabled).toBe(true);
    const region = screen.getByLabelText('Regione') as HTMLSelectElement;
    await waitFor(() => expect(region.disabled).toBe(false));

    await act(async () => {
      fireEvent.change(region, { target: { value: '12' } });
    });
    expect(province.disabled).toBe(false);
    const names = [...province.options].map((o) => o.textContent);
    expect(names).toEqual(LAZIO_PROVINCE_OPTIONS);
    await act(async () => {
      fireEvent.change(province, { target: { value: '58' } });
    });
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        path: SEARCH,
        body: {
          page: 1,
          limit: 20,
          search: '',
          filters: { regionId: 12, provinceId: 58 },
          view: 'tournaments',
        },
      }),
    );
    expect(router.state.location.search).toBe('?regionId=12&provinceId=58');

    // Another region drops a province that is not in it.
    await act(async () => {
      fireEvent.change(region, { target: { value: '3' } });
    });
    await waitFor(() =>
      expect((calls.at(-1)?.body as { filters?: unknown } | undefined)?.filters).toEqual({ regionId: 3 }),
    );
  });

  it('reads the search from the address and pages through the results', async () => {
    const calls = stubApi({
      '/api/reference/geo': () => json(geo),
      [SEARCH]: (body) => json(searchResponse({ total: 45, page: (body as { page: number }).page })),
    });
    renderApp('/explore?q=roma&catClass=4&timePeriod=next_week');
    await screen.findByText('Pagina 1 di 3');
    expect(calls.find((c) => c.path === SEARCH)?.body).toEqual({
      page: 1,
      limit: 20,
      search: 'roma',
      filters: { catClass: 4, timePeriod: 'next_week' },
      view: 'tournaments',
    });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('roma');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    });
    expect(await screen.findByText('Pagina 2 di 3')).toBeTruthy();
    expect((calls.at(-1)?.body as { page?: number } | undefined)?.page).toBe(2);
  });

  it('orders the list by registration deadline when asked, from the first page, kept in the address', async () => {
    const calls = stubApi({
      '/api/reference/geo': () => json(geo),
      [SEARCH]: (body) => json(searchResponse({ total: 45, page: (body as { page: number }).page })),
    });
    const { router } = renderApp('/explore?page=2');
    await screen.findByText('Pagina 2 di 3');
    const sort = screen.getByLabelText('Ordina per') as HTMLSelectElement;
    expect(sort.value).toBe('start');
    expect([...sort.options].map((o) => o.textContent)).toEqual(['Data di inizio', 'Scadenza iscrizioni']);
    await act(async () => {
      fireEvent.change(sort, { target: { value: 'deadline' } });
    });
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({
        page: 1,
        limit: 20,
        search: '',
        filters: {},
        view: 'tournaments',
        sort: 'deadline',
      }),
    );
    expect(router.state.location.search).toBe('?sort=deadline');
    // The other views have their own order: no choice there.
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Calendario' }));
      fireEvent.click(screen.getByRole('tab', { name: 'Calendario' }));
    });
    await waitFor(() => expect(screen.queryByLabelText('Ordina per')).toBeNull());
  });

  it('offers the order by distance once a postal code is known, and shows each result’s km', async () => {
    const calls = stubApi({
      '/api/reference/geo': () => json(geo),
      [SEARCH]: (body) => {
        const near = (body as SearchCompetitionsBody).filters?.nearPostalCode;
        return json(searchResponse({ items: [summary({ distanceKm: near ? 12.4 : null })] }));
      },
    });
    // No postal code anywhere: no distance to sort by, no km on the cards.
    const first = renderApp('/explore');
    await screen.findByRole('link', { name: 'Torneo Open di Natale' });
    const plain = screen.getByLabelText('Ordina per') as HTMLSelectElement;
    expect([...plain.options].map((o) => o.value)).toEqual(['start', 'deadline']);
    expect(screen.queryByText(/km$/)).toBeNull();
    first.unmount();

    // The postal code the dashboard remembers: "Distanza" is offered and measures from it.
    window.localStorage.setItem('home-postal', '20121');
    const { router } = renderApp('/explore');
    await screen.findByRole('link', { name: 'Torneo Open di Natale' });
    const sort = screen.getByLabelText('Ordina per') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.textContent)).toEqual([
      'Data di inizio',
      'Scadenza iscrizioni',
      'Distanza',
    ]);
    await act(async () => {
      fireEvent.change(sort, { target: { value: 'distance' } });
    });
    await waitFor(() =>
      expect(calls.at(-1)?.body).toMatchObject({ sort: 'distance', filters: { nearPostalCode: '20121' } }),
    );
    expect(router.state.location.search).toBe('?nearPostalCode=20121&sort=distance');
    expect(await screen.findByText('a 12 km')).toBeTruthy();

    // "Within 30 km" among the filters, from that postal code, counted as one filter.
    await openExploreFilters();
    const postal = screen.getByLabelText('CAP da cui misurare') as HTMLInputElement;
    expect(postal.value).toBe('20121');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Distanza'), { target: { value: '30' } });
    });
    await waitFor(() =>
      expect(calls.at(-1)?.body).toMatchObject({ filters: { withinKm: 30, nearPostalCode: '20121' } }),
    );
    expect(screen.getByText('Attivi: 1')).toBeTruthy();
    // Another postal code is asked for once it has its five digits.
    await act(async () => {
      fireEvent.change(postal, { target: { value: '2705' } });
    });
    expect((calls.at(-1)?.body as SearchCompetitionsBody | undefined)?.filters?.nearPostalCode).toBe('20121');
    await act(async () => {
      fireEvent.change(postal, { target: { value: '27050' } });
    });
    await waitFor(() =>
      expect(calls.at(-1)?.body).toMatchObject({ filters: { withinKm: 30, nearPostalCode: '27050' } }),
    );
    window.localStorage.removeItem('home-postal');
  });

  it('shows the stored data marked as possibly stale when the federation is down', async () => {
    stubApi({
      '/api/reference/geo': () => json(geo),
      [SEARCH]: () =>
        json(
          {
            serviceDown: true,
            data: searchResponse(),
            message: 'Il servizio della federazione non è raggiungibile.',
          },
          207,
        ),
    });
    renderApp('/explore');
    expect(await screen.findByText('Dati forse non aggiornati')).toBeTruthy();
    expect(screen.getByText('Il servizio della federazione non è raggiungibile.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Torneo Open di Natale' })).toBeTruthy();
  });

  it('switches to the documents tab and lists them with their links', async () => {
    stubApi({
      '/api/reference/geo': () => json(geo),
      [SEARCH]: (body) =>
        (body as { view: string }).view === 'documents'
          ? json(
              searchResponse({
                view: 'documents',
                items: [],
                total: 2,
                documents: [
                  {
                    // A competition's own file: no tournament.
                    id: 4,
                    kind: 'order_of_play',
                    title: 'odg_20261212.pdf',
                    url: '/api/competitions/25C6CC33-AE3A-447E-A55B-FBE66FBAFC80/files/order_of_play/odg_20261212.pdf',
                    date: '2026-12-12',
                    publishedAt: '2026-12-11T19:00:00.000Z',
                    competitionGuid: '25C6CC33-AE3A-447E-A55B-FBE66FBAFC80',
                    competitionName: 'Torneo Open di Natale',
                    city: 'Roma',
                    provinceSigla: 'RM',
                    tournamentUuid: '',
                    tournamentDescription: '',
                    tournamentDraw: null,
                  },
                  {
                    id: 3,
                    kind: 'draw',
                    title: 'Tabellone finale',
                    url: 'https://example.org/tab.pdf',
                    date: null,
                    publishedAt: '2026-12-10T19:00:00.000Z',
                    competitionGuid: '25C6CC33-AE3A-447E-A55B-FBE66FBAFC80',
                    competitionName: 'Torneo Open di Natale',
                    city: 'Roma',
                    provinceSigla: 'RM',
                    tournamentUuid: 'A1E2C3D4-0000-4000-8000-000000000002',
                    tournamentDescription: 'Singolare Femminile 4a categoria',
                    tournamentDraw: { type: 'Femminile', categoryClass: 4, ageCategory: null },
                  },
                ],
              }),
            )
          : json(searchResponse()),
    });
    const { router } = renderApp('/explore');
    await screen.findByRole('link', { name: 'Torneo Open di Natale' });
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Documenti' }), { button: 0 });
      fireEvent.click(screen.getByRole('tab', { name: 'Documenti' }));
    });
    const link = await screen.findByRole('link', { name: 'Tabellone finale' });
    expect(link.getAttribute('href')).toBe('https://example.org/tab.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Pubblicato il 10 dic 2026, 20:00')).toBeTruthy();
    expect(link.closest('li')?.textContent).toContain(
      'Torneo Open di Natale · Singolare Femminile 4a categoria · Roma',
    );
    // The competition's own file, served by our server, names no tournament.
    const file = screen.getByRole('link', { name: 'odg_20261212.pdf' });
    expect(file.getAttribute('href')).toBe(
      '/api/competitions/25C6CC33-AE3A-447E-A55B-FBE66FBAFC80/files/order_of_play/odg_20261212.pdf',
    );
    expect(file.closest('li')?.textContent).toContain('Torneo Open di Natale · Roma');
    expect(router.state.location.search).toBe('?tab=documents');
  });
});
