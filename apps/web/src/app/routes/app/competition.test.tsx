import type { TournamentDetail } from '@radar/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { FROM_EXPLORE, rememberExploreSearch } from '@/features/explore/search-state';
import { createQueryClient } from '@/lib/query-client';
import { apiError, stubFetch, testUser } from '../../../../test/api-stub';
import { detail, json, stubApi, tournament } from '../../../../test/fixtures/competitions';
import { renderApp } from '../../../../test/test-utils';

const GUID = '25C6CC33-AE3A-447E-A55B-FBE66FBAFC80';

const participants = [
  { id: 1, name: 'Sara', surname: 'Bianchi', ranking: '3.4', rankingValue: 3.04, position: 1 },
  { id: 2, name: 'Giulia', surname: 'Rossi', ranking: '4.1', rankingValue: 4.01, position: 2 },
  { id: 3, name: 'Anna', surname: 'Verdi', ranking: '4.NC', rankingValue: 4.99, position: 3 },
].map((p) => ({
  ...p,
  membershipCard: null,
  subscriptionDate: '2026-11-21T09:02:00.000Z',
  club: 'Circolo della Vittoria',
  isMe: p.id === 2,
}));

describe('/competition/:guid', () => {
  it('opens on the draw the card is entered in, leads with the entry, and lists the first entrants and the user’s row until "show all"', async () => {
    const many = Array.from({ length: 15 }, (_, i) => ({
      id: i + 1,
      name: `Nome${i + 1}`,
      surname: `Cognome${i + 1}`,
      ranking: '4.1',
      rankingValue: 4.01,
      position: i + 1,
      membershipCard: null,
      subscriptionDate: null,
      club: null,
      isMe: i + 1 === 13,
    }));
    stubApi({
      [`/api/competitions/${GUID}`]: () =>
        json({
          competition: detail({
            tournaments: [
              tournament({ description: 'Singolare Femminile 4a categoria', followed: false }),
              tournament({
                uuid: 'B1E2C3D4-0000-4000-8000-000000000003',
                description: 'Singolare Maschile 4a categoria',
                participants: many,
                participantsCount: 15,
                myEntry: {
                  participantId: 13,
                  position: 13,
                  total: 15,
                  subscriptionDate: null,
                  cutLine: 'inside',
                  reservePosition: null,
                  partner: null,
                },
              }),
            ],
          }),
        }),
    });
    renderApp(`/competition/${GUID}`);
    const tab = await screen.findByRole('tab', { name: 'Singolare Maschile 4a categoria' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    // The entry comes before the entrants.
    const entry = within(panel).getByTestId('fitp-entry');
    const entrants = within(panel).getByRole('region', { name: 'Iscritti' });
    expect(entry.compareDocumentPosition(entrants) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const names = () =>
      within(within(entrants).getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '13']);
    fireEvent.click(within(entrants).getByRole('button', { name: 'Mostra tutti gli iscritti (15)' }));
    expect(names()).toHaveLength(15);
    fireEvent.click(within(entrants).getByRole('button', { name: 'Mostra meno iscritti' }));
    expect(names()).toHaveLength(11);
  });

  it('shows the competition, each draw’s settings, participants with positions, the user’s entry and the items', async () => {
    stubApi({
      [`/api/competitions/${GUID}`]: () =>
        json({
          competition: detail({
            documents: [
              {
                kind: 'document',
                fileName: 'p.pdf',
                title: 'Programma',
                url: `/api/competitions/${GUID}/files/document/p.pdf`,
                date: null,
                publishedAt: '2026-11-20T08:00:00.000Z',
              },
            ],
            ordersOfPlay: [
              {
                kind: 'order_of_play',
                fileName: 'odg_20261212.pdf',
                title: 'OdG sabato',
                url: `/api/competitions/${GUID}/files/order_of_play/odg_20261212.pdf`,
                date: '2026-12-12',
                publishedAt: null,
              },
            ],
            myMatch: {
              date: '2026-12-12',
              time: '10:30',
              timeKind: 'at',
              court: '3',
              opponents: ['ROSSI M.'],
            },
            tournaments: [
              tournament({
                participants,
                participantsCount: 3,
                myEntry: {
                  participantId: 2,
                  position: 2,
                  total: 3,
                  subscriptionDate: '2026-11-21T09:02:00.000Z',
                  cutLine: 'inside',
                  reservePosition: null,
                  partner: null,
                },
              }),
              tournament({
                uuid: 'B1E2C3D4-0000-4000-8000-000000000003',
                description: 'Singolare Maschile 3a categoria',
              }),
            ],
          }),
        }),
    });
    renderApp(`/competition/${GUID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Torneo Open di Natale' })).toBeTruthy();
    expect(screen.getByText('Tennis Club Parioli')).toBeTruthy();
    // The card holder's match, found in the orders of play, above their files.
    const orders = screen.getByRole('region', { name: 'Ordine di gioco' });
    expect(
      within(orders).getByText(
        'Il tuo prossimo incontro: sabato 12 dicembre, 10:30, campo 3, contro ROSSI M.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Roma (RM)')).toBeTruthy();
    // "il" before an instant (not "al"), elided before 1, 8 and 11.
    expect(screen.getByText('Dati della federazione aggiornati il 22 nov 2026, 09:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Regolamento' }).getAttribute('href')).toBe(
      'https://example.org/regolamento.pdf',
    );
    expect(screen.getByRole('link', { name: 'Pagina del torneo' })).toBeTruthy();

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Terra battuta')).toBeTruthy();
    expect(within(panel).getByText('Dunlop Fort Clay Court')).toBeTruthy();
    expect(within(panel).getByText('Due set su tre con tie-break')).toBeTruthy();
    expect(within(panel).getByText('Per classifica')).toBeTruthy();
    expect(within(panel).getByText('32')).toBeTruthy();
    const entry = within(panel).getByTestId('fitp-entry');
    expect(within(entry).getByText('2° su 3 per classifica')).toBeTruthy();
    expect(entry.textContent).toContain('iscritto il 21 nov 2026, 10:02');
    expect(within(entry).getByText('Dentro il tabellone')).toBeTruthy();
    expect(within(entry).getByText('Linea di taglio: 32 posti')).toBeTruthy();

    const rows = within(within(panel).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'Bianchi Sara', '3.4'],
      ['2', 'Rossi GiuliaTu', '4.1'],
      ['3', 'Verdi Anna', '4.NC'],
    ]);
    // Files are the competition's, linked to our server (the federation blocks browsers).
    expect(screen.getByRole('link', { name: 'Programma' }).getAttribute('href')).toBe(
      `/api/competitions/${GUID}/files/document/p.pdf`,
    );
    expect(screen.getByText(/Giornata di sabato 12 dicembre 2026/)).toBeTruthy();
    expect(within(panel).getByText('Nessun tabellone pubblicato.')).toBeTruthy();

    // The second draw, in its own tab.
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Singolare Maschile 3a categoria' }), {
        button: 0,
      });
    });
    expect(
      within(screen.getByRole('tabpanel')).getByText(
        'La tua tessera non è tra gli iscritti di questo tabellone.',
      ),
    ).toBeTruthy();
  });

  it('says a competition without a published detail (team championship, TPRA) is shown from the calendar, not as an error', async () => {
    stubApi({
      [`/api/competitions/${GUID}`]: () =>
        json({ competition: detail({ detailPublished: false, endDateKnown: false, tournaments: [] }) }),
    });
    renderApp(`/competition/${GUID}`);
    expect(
      await screen.findByText(
        'La federazione non pubblica il dettaglio di questa competizione: qui trovi i dati del calendario.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/data di fine non indicata/)).toBeTruthy();
    expect(screen.queryByText('Non è stato possibile caricare il torneo')).toBeNull();
  });

  it('invites a user without a card to connect one', async () => {
    stubApi({ [`/api/competitions/${GUID}`]: () => json({ competition: detail({ hasCard: false }) }) });
    renderApp(`/competition/${GUID}`);
    expect(
      await screen.findByText(
        'Collega la tua tessera FITP per vedere la tua posizione, la linea di taglio e i possibili avversari.',
        {},
      ),
    ).toBeTruthy();
    // The deep link opens Settings › FITP.
    expect(screen.getByRole('link', { name: 'Collega la tessera' }).getAttribute('href')).toBe(
      '/settings?tab=fitp',
    );
  });

  it('marks the stored data as possibly stale when the federation is down', async () => {
    stubApi({
      [`/api/competitions/${GUID}`]: () =>
        json(
          { serviceDown: true, data: { competition: detail() }, message: 'Federazione non raggiungibile.' },
          207,
        ),
    });
    renderApp(`/competition/${GUID}`);
    expect(await screen.findByText('Dati forse non aggiornati')).toBeTruthy();
    expect(screen.getByText('Federazione non raggiungibile.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Torneo Open di Natale' })).toBeTruthy();
  });

  it('says a missing tournament is not found, with the way back and no pointless retry', async () => {
    rememberExploreSearch('?q=natale&regionId=12&page=2');
    stubApi({
      [`/api/competitions/${GUID}`]: () =>
        json({ code: 'TOURNAMENT_NOT_FOUND', message: 'Torneo non trovato.', status: 404 }, 404),
    });
    renderApp(`/competition/${GUID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Torneo non trovato' })).toBeTruthy();
    expect(screen.getByText(/Il link non porta a nessun torneo/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
    // Both ways back lead to the last search, query, filters and page kept.
    for (const link of screen.getAllByRole('link', { name: 'Torna alla ricerca' })) {
      expect(link.getAttribute('href')).toBe('/explore?q=natale&regionId=12&page=2');
    }
  });

  it('treats a link that is not a tournament id as not found, without asking the server', async () => {
    const calls = stubApi({});
    renderApp('/competition/not-a-guid');
    expect(await screen.findByRole('heading', { level: 1, name: 'Torneo non trovato' })).toBeTruthy();
    expect(screen.queryByText(/Alcuni dati non sono validi/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/competitions/'))).toBe(false);
  });

  it('goes back to the very search it was opened from, as the browser’s back does', async () => {
    stubApi({ [`/api/competitions/${GUID}`]: () => json({ competition: detail() }) });
    const router = createMemoryRouter(routes, {
      initialEntries: ['/explore?q=natale&page=3', { pathname: `/competition/${GUID}`, state: FROM_EXPLORE }],
      initialIndex: 1,
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Torneo Open di Natale' });
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Torna alla ricerca' }));
    });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/explore?q=natale&page=3',
      ),
    );
    expect(router.state.historyAction).toBe('POP');
  });
});

describe('/competition/:guid follow actions', () => {
  const SUBSCRIPTION = '5b1f0c2e-0000-4000-8000-000000000077';
  const UUID = 'A1E2C3D4-0000-4000-8000-000000000002';
  const NAME = 'Torneo Open di Natale – Singolare Femminile 4a categoria';

  /** The competition detail and the subscriptions calls on one follow state, as the server keeps it. */
  function followApi(
    options: { followed?: boolean; subscribeAnswer?: 'conflict'; status?: 1 | 2 | 3 | 4 } = {},
  ) {
    type FollowState = Pick<
      TournamentDetail,
      'followed' | 'subscriptionId' | 'lost' | 'notificationsEnabled'
    >;
    const notFollowed: FollowState = {
      followed: false,
      subscriptionId: null,
      lost: false,
      notificationsEnabled: null,
    };
    const justFollowed: FollowState = {
      followed: true,
      subscriptionId: SUBSCRIPTION,
      lost: false,
      notificationsEnabled: true,
    };
    let state: FollowState = options.followed ? justFollowed : notFollowed;
    let previousNotifications = true;
    const calls: { method: string; path: string; body: unknown }[] = [];
    const light = () => ({
      id: SUBSCRIPTION,
      competitionGuid: GUID,
      tournamentUuid: UUID,
      notificationsEnabled: state.notificationsEnabled ?? false,
      lost: state.lost,
      createdAt: '2026-11-22T08:00:00.000Z',
    });
    stubFetch(({ method, url, body }) => {
      const path = url.pathname;
      calls.push({ method, path, body });
      if (path === '/api/user') return testUser();
      if (method === 'GET' && path === `/api/competitions/${GUID}`)
        return json({
          competition: detail({
            followed: state.followed,
            tournaments: [tournament(state)],
            ...(options.status ? { status: options.status } : {}),
          }),
        });
      if (method === 'POST' && path === '/api/subscriptions/tournaments/subscribe') {
        state = justFollowed;
        if (options.subscribeAnswer === 'conflict') return apiError('ALREADY_SUBSCRIBED', 409);
        return json(light(), 201);
      }
      if (method === 'DELETE' && path === `/api/subscriptions/tournaments/unsubscribe/${SUBSCRIPTION}`) {
        state = notFollowed;
        return null;
      }
      if (method === 'PATCH' && path.endsWith(`${SUBSCRIPTION}/notifications`)) {
        state = { ...state, notificationsEnabled: (body as { enabled: boolean }).enabled };
        return light();
      }
      if (method === 'PATCH' && path.endsWith(`${SUBSCRIPTION}/lost`)) {
        const { lost } = body as { lost: boolean };
        if (lost) previousNotifications = state.notificationsEnabled ?? true;
        state = { ...state, lost, notificationsEnabled: lost ? false : previousNotifications };
        return light();
      }
      return apiError('NOT_FOUND', 404);
    });
    return calls;
  }
  const writes = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET');
  const detailReads = (calls: { method: string; path: string }[]) =>
    calls.filter((call) => call.method === 'GET' && call.path === `/api/competitions/${GUID}`).length;

  it('follows after confirmation (cancel sends nothing) and then offers the follower’s actions', async () => {
    const calls = followApi();
    renderApp(`/competition/${GUID}`);
    const follow = await screen.findByRole('button', { name: 'Segui il torneo' });
    expect(screen.queryByRole('switch')).toBeNull();

    fireEvent.click(follow);
    const dialog = await screen.findByRole('alertdialog', { name: 'Seguire questo torneo?' });
    expect(dialog.textContent).toContain(`Seguirai ${NAME}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Segui il torneo' }));
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Segui' }));
    });
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/subscriptions/tournaments/subscribe',
        body: { competitionGuid: GUID, tournamentUuid: UUID },
      },
    ]);
    // The detail is asked again and now shows the follow.
    const toggle = await screen.findByRole('switch', { name: `Notifiche per ${NAME}` });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(detailReads(calls)).toBe(2);
    expect(screen.getByRole('button', { name: 'Smetti di seguire' })).toBeTruthy();
    // Registration still open: nobody has lost yet (issue 31 point 3).
    expect(screen.queryByRole('button', { name: 'Segna come perso' })).toBeNull();
    // The toaster mounts with its first toast (a lazy chunk, decision 161): it may come after the detail.
    expect(await screen.findByText(`Ora segui ${NAME}`)).toBeTruthy();
  });

  it('toggles notifications, marks lost and back, and unfollows, each write with its id and body', async () => {
    // In progress: a player can have lost, and is told what marking it does.
    const calls = followApi({ followed: true, status: 2 });
    renderApp(`/competition/${GUID}`);
    const toggle = await screen.findByRole('switch', { name: `Notifiche per ${NAME}` });
    expect(screen.getByText(/^Sei stato eliminato: il torneo passa tra i persi/)).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));

    fireEvent.click(screen.getByRole('button', { name: 'Segna come perso' }));
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('alertdialog', { name: 'Segnare il torneo come perso?' })).getByRole(
          'button',
          { name: 'Segna come perso' },
        ),
      );
    });
    const panel = screen.getByRole('main');
    await within(panel).findByText('Perso');
    const lostToggle = screen.getByRole('switch', { name: `Notifiche per ${NAME}` }) as HTMLButtonElement;
    expect(lostToggle.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Togli il segno di perso' }));
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Togli il segno' }),
      );
    });
    await waitFor(() => expect(screen.queryByText('Perso')).toBeNull());
    // Off before it was lost: still off.
    expect(screen.getByRole('switch', { name: `Notifiche per ${NAME}` }).getAttribute('aria-checked')).toBe(
      'false',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Smetti di seguire' }));
    await act(async () => {
      fireEvent.click(
        within(
          await screen.findByRole('alertdialog', { name: 'Smettere di seguire questo torneo?' }),
        ).getByRole('button', { name: 'Smetti di seguire' }),
      );
    });
    expect(await screen.findByRole('button', { name: 'Segui il torneo' })).toBeTruthy();
    const base = `/api/subscriptions/tournaments/subscribe/${SUBSCRIPTION}`;
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: `${base}/notifications`, body: { enabled: false } },
      { method: 'PATCH', path: `${base}/lost`, body: { lost: true } },
      { method: 'PATCH', path: `${base}/lost`, body: { lost: false } },
      {
        method: 'DELETE',
        path: `/api/subscriptions/tournaments/unsubscribe/${SUBSCRIPTION}`,
        body: undefined,
      },
    ]);
  });

  it('says “already subscribed” in a toast when the tournament was followed elsewhere, and catches up', async () => {
    followApi({ subscribeAnswer: 'conflict' });
    renderApp(`/competition/${GUID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Segui il torneo' }));
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Segui' }));
    });
    expect(await screen.findByText('Sei già iscritto a questo torneo')).toBeTruthy();
    expect(screen.getByText('Non è stato possibile seguire il torneo')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Smetti di seguire' })).toBeTruthy();
  });
});
