import type { Notification, NotificationList } from '@radar/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubRoutes } from '../../../../test/route-stub';
import { renderApp } from '../../../../test/test-utils';

const make = (
  id: string,
  tournamentName: string,
  read: boolean,
  extra: Partial<Notification['params']> = {},
) =>
  ({
    id,
    type: 'new_tournament',
    group: 'new_tournaments',
    params: { tournamentName, competitionGuid: `guid-${id}`, ...extra },
    read,
    readAt: read ? '2026-11-02T09:00:00.000Z' : null,
    createdAt: '2026-11-01T10:15:00.000Z',
  }) satisfies Notification;

/** What a new-tournament notification carries since issue 31 point 8. */
const ROMA: Partial<Notification['params']> = {
  reasons: ['region', 'prize'],
  matchingFilters: 2,
  startDate: '2026-12-12',
  endDate: '2026-12-14',
  city: 'Roma',
  provinceSigla: 'RM',
  regionId: 12,
  drawTypes: ['Maschile'],
  prizeMoney: 800,
  registrationDeadline: '2026-12-09T11:00:00+00:00',
};

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const ID_C = '33333333-3333-4333-8333-333333333333';

function inbox() {
  const state = {
    items: [make(ID_A, 'Open di Roma', false, ROMA), make(ID_B, 'Open di Milano', true)],
  };
  const unread = () => state.items.filter((item) => !item.read).length;
  const calls = stubRoutes({
    'GET /api/notifications': ({ query }) => {
      const body: NotificationList = query.get('cursor')
        ? { items: [make(ID_C, 'Open di Torino', true)], nextCursor: null, unreadCount: unread() }
        : { items: state.items, nextCursor: '7', unreadCount: unread() };
      return { body };
    },
    'GET /api/notifications/unread-count': () => ({ body: { unreadCount: unread() } }),
    [`GET /api/notifications/${ID_A}`]: () => ({ body: state.items[0] }),
    [`POST /api/notifications/${ID_A}/read`]: () => {
      state.items[0] = {
        ...make(ID_A, 'Open di Roma', true, ROMA),
      };
      return { body: state.items[0] };
    },
    [`POST /api/notifications/${ID_A}/unread`]: () => {
      state.items[0] = make(ID_A, 'Open di Roma', false, ROMA);
      return { body: state.items[0] };
    },
    [`GET /api/notifications/${ID_B}`]: () => ({ body: state.items[1] }),
    [`POST /api/notifications/${ID_B}/read`]: () => {
      state.items[1] = make(ID_B, 'Open di Milano', true);
      return { body: state.items[1] };
    },
    [`POST /api/notifications/${ID_B}/unread`]: () => {
      state.items[1] = make(ID_B, 'Open di Milano', false);
      return { body: state.items[1] };
    },
    'POST /api/notifications/read-all': () => {
      const updated = unread();
      state.items = state.items.map((item) => ({ ...item, read: true }));
      return { body: { updated, unreadCount: 0 } };
    },
  });
  return { calls, state };
}

describe('notifications screen', () => {
  it('lists notifications with the unread ones marked, and says none is selected', async () => {
    inbox();
    renderApp('/communication');
    const list = await screen.findByRole('region', { name: 'Elenco delle notifiche' });
    const links = await within(list).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Nuovo torneo: Open di Roma'),
      expect.stringContaining('Nuovo torneo: Open di Milano'),
    ]);
    expect(links[0]?.textContent).toContain('Non letta');
    expect(links[1]?.textContent).not.toContain('Non letta');
    expect(within(list).getByText('Da leggere: 1')).toBeTruthy();
    expect(screen.getByText('Nessuna notifica selezionata')).toBeTruthy();
    // The navigation shows the unread count.
    const nav = screen.getAllByRole('navigation', { name: 'Navigazione principale' })[0];
    expect(await within(nav as HTMLElement).findByText('Hai notifiche non lette: 1')).toBeTruthy();

    // Older notifications on demand, from the cursor.
    fireEvent.click(within(list).getByRole('button', { name: 'Mostra notifiche precedenti' }));
    expect(await within(list).findByText('Nuovo torneo: Open di Torino')).toBeTruthy();
  });

  it('opens a notification, which marks it read, and can mark it unread again', async () => {
    const { calls } = inbox();
    const { router } = renderApp('/communication');
    const list = await screen.findByRole('region', { name: 'Elenco delle notifiche' });
    fireEvent.click(await within(list).findByRole('link', { name: /Open di Roma/ }));
    expect(router.state.location.pathname).toBe(`/communication/${ID_A}`);

    const article = await screen.findByRole('article', { name: 'Nuovo torneo: Open di Roma' });
    expect(
      within(article).getByText('Un nuovo torneo corrisponde ai tuoi filtri: Open di Roma.'),
    ).toBeTruthy();
    // Why it matched, with the tournament's values; then what the tournament is.
    expect(within(article).getByText('Regione: Lazio')).toBeTruthy();
    expect(within(article).getByText('Montepremi: 800 €')).toBeTruthy();
    expect(within(article).getByText('Date: 12–14 dicembre 2026')).toBeTruthy();
    expect(within(article).getByText('Luogo: Roma (RM)')).toBeTruthy();
    expect(within(article).getByText('Tabelloni: Singolare maschile')).toBeTruthy();
    expect(within(article).getByText('Chiusura iscrizioni: 9 dic 2026, 12:00')).toBeTruthy();
    expect(within(article).getByText('Filtri corrispondenti: 2')).toBeTruthy();
    // Instants in Rome time, whatever the browser's zone (10:15 UTC is 11:15 in November).
    expect(within(article).getByText('Ricevuta l’1 nov 2026, 11:15')).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'Vai al torneo' }).getAttribute('href')).toBe(
      `/competition/guid-${ID_A}`,
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`${ID_A}/read`))).toBe(true),
    );
    const unreadButton = await within(article).findByRole('button', { name: 'Segna come non letta' });
    await waitFor(() => expect(within(list).getByText('Da leggere: 0')).toBeTruthy());

    fireEvent.click(unreadButton);
    expect(await within(article).findByRole('button', { name: 'Segna come letta' })).toBeTruthy();
    await waitFor(() => expect(within(list).getByText('Da leggere: 1')).toBeTruthy());
  });

  it('"Segna come non letta" on a notification opened read holds until it is opened again', async () => {
    const { calls } = inbox();
    const { router } = renderApp(`/communication/${ID_B}`);
    const list = await screen.findByRole('region', { name: 'Elenco delle notifiche' });
    const article = await screen.findByRole('article', { name: 'Nuovo torneo: Open di Milano' });
    await waitFor(() => expect(within(list).getByText('Da leggere: 1')).toBeTruthy());
    const reads = () => calls.filter((c) => c.method === 'POST' && c.path.endsWith(`${ID_B}/read`));
    const unreads = () => calls.filter((c) => c.method === 'POST' && c.path.endsWith(`${ID_B}/unread`));

    fireEvent.click(await within(article).findByRole('button', { name: 'Segna come non letta' }));
    expect(await within(article).findByRole('button', { name: 'Segna come letta' })).toBeTruthy();
    await waitFor(() => expect(within(list).getByText('Da leggere: 2')).toBeTruthy());
    const nav = screen.getAllByRole('navigation', { name: 'Navigazione principale' })[0] as HTMLElement;
    expect(await within(nav).findByText('Hai notifiche non lette: 2')).toBeTruthy();
    // It stays unread: no read posted after the unread (the list and the badge asked again meanwhile).
    expect(unreads()).toHaveLength(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads()).toEqual([]);
    expect(within(article).getByRole('button', { name: 'Segna come letta' })).toBeTruthy();

    // Opening it again marks it read.
    await act(() => router.navigate('/communication'));
    await act(() => router.navigate(`/communication/${ID_B}`));
    await waitFor(() => expect(reads()).toHaveLength(1));
    await waitFor(() => expect(within(list).getByText('Da leggere: 1')).toBeTruthy());
  });

  it('marks every notification read', async () => {
    const { calls } = inbox();
    renderApp('/communication');
    const list = await screen.findByRole('region', { name: 'Elenco delle notifiche' });
    const button = await within(list).findByRole('button', { name: 'Segna tutte come lette' });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(within(list).getByText('Da leggere: 0')).toBeTruthy());
    expect(calls.filter((c) => c.path === '/api/notifications/read-all')).toHaveLength(1);
    expect(
      (within(list).getByRole('button', { name: 'Segna tutte come lette' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says the user may lack permission when a notification cannot be loaded', async () => {
    inbox();
    renderApp(`/communication/${ID_C}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifica' })).toBeTruthy();
    expect(
      await screen.findByText(
        'Impossibile mostrare questa notifica: potresti non avere il permesso di vederla, oppure non esiste più.',
      ),
    ).toBeTruthy();
  });

  it('an order of play links its file', async () => {
    const oop = {
      ...make(ID_C, 'Open di Roma', true),
      type: 'new_order_of_play',
      group: 'order_of_play',
      params: {
        tournamentName: 'Open di Roma',
        competitionGuid: 'guid-roma',
        documentName: 'odg_20261212.pdf',
        fileUrl: '/api/competitions/guid-roma/files/order_of_play/odg_20261212.pdf',
      },
    } satisfies Notification;
    stubRoutes({
      'GET /api/notifications': () => ({ body: { items: [oop], nextCursor: null, unreadCount: 0 } }),
      'GET /api/notifications/unread-count': () => ({ body: { unreadCount: 0 } }),
      [`GET /api/notifications/${ID_C}`]: () => ({ body: oop }),
    });
    renderApp(`/communication/${ID_C}`);
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('link', { name: 'Apri l’ordine di gioco' }).getAttribute('href')).toBe(
      '/api/competitions/guid-roma/files/order_of_play/odg_20261212.pdf',
    );
    expect(within(article).getByText('Documento: odg_20261212.pdf')).toBeTruthy();
  });

  it('words a personal draw notice: the next opponent', async () => {
    const next = {
      ...make(ID_C, 'Open di Roma', false),
      type: 'new_scoreboard',
      group: 'scoreboards',
      params: {
        tournamentName: 'Open di Roma',
        competitionGuid: 'guid-roma',
        personal: 'next_opponent',
        round: 2,
        rounds: 5,
        opponent: 'ROSSI MARIO (4.2)',
      },
    } satisfies Notification;
    stubRoutes({
      'GET /api/notifications': () => ({ body: { items: [next], nextCursor: null, unreadCount: 1 } }),
      'GET /api/notifications/unread-count': () => ({ body: { unreadCount: 1 } }),
      [`GET /api/notifications/${ID_C}`]: () => ({ body: next }),
    });
    renderApp('/communication');
    const list = await screen.findByRole('region', { name: 'Elenco delle notifiche' });
    expect(await within(list).findByText('Il tuo prossimo incontro: Open di Roma')).toBeTruthy();
    expect(within(list).getByText('Al 2° turno giochi contro ROSSI MARIO (4.2).')).toBeTruthy();
  });

  it("an order of play that names the user's match says it, and still links its file", async () => {
    const oop = {
      ...make(ID_C, 'Open di Roma', true),
      type: 'new_order_of_play',
      group: 'order_of_play',
      params: {
        tournamentName: 'Open di Roma',
        competitionGuid: 'guid-roma',
        documentName: 'odg_20261212.pdf',
        fileUrl: '/api/competitions/guid-roma/files/order_of_play/odg_20261212.pdf',
        match: {
          date: '2026-12-12',
          time: '15:00',
          timeKind: 'notBefore',
          court: '2',
          opponents: ['ROSSI M.', 'VERDI L.'],
        },
      },
    } satisfies Notification;
    stubRoutes({
      'GET /api/notifications': () => ({ body: { items: [oop], nextCursor: null, unreadCount: 0 } }),
      'GET /api/notifications/unread-count': () => ({ body: { unreadCount: 0 } }),
      [`GET /api/notifications/${ID_C}`]: () => ({ body: oop }),
    });
    renderApp(`/communication/${ID_C}`);
    const article = await screen.findByRole('article');
    expect(
      within(article).getByText(
        'Sabato 12 dicembre, non prima delle 15:00, campo 2, contro ROSSI M. / VERDI L.',
      ),
    ).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'Apri l’ordine di gioco' }).getAttribute('href')).toBe(
      '/api/competitions/guid-roma/files/order_of_play/odg_20261212.pdf',
    );
  });

  it('shows the texts in English when the interface is', async () => {
    inbox();
    renderApp('/communication');
    // Once signed in (the profile's language applies to a browser with no choice stored).
    expect(await screen.findByText('Nessuna notifica selezionata')).toBeTruthy();
    const { i18n } = await import('@/lib/i18n');
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('New tournament: Open di Roma')).toBeTruthy();
    expect(screen.getByText('No notification selected')).toBeTruthy();
  });
});
