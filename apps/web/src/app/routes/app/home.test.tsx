import type { FollowedTournament, Home, MyTournamentSection } from '@radar/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/auth/session-store';
import { i18n } from '@/lib/i18n';
import { stubApi, testUser } from '../../../../test/api-stub';
import { savedFilter } from '../../../../test/fixtures/filters';
import { pointerDownOptions, renderApp } from '../../../../test/test-utils';

describe('dashboard', () => {
  it('greets the user by name and offers the quick actions of spec §2', async () => {
    stubApi({ 'GET /user': testUser({ username: 'giulia' }) });
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciao, giulia!' })).toBeTruthy();
    const actions = within(screen.getByRole('region', { name: 'Azioni rapide' }));
    const links = actions.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/explore',
      '/filters?new=1',
      '/settings',
      '/contact',
    ]);
    expect(actions.getByRole('link', { name: /Esplora i tornei/ })).toBeTruthy();
    expect(actions.getByRole('link', { name: /Crea un filtro/ })).toBeTruthy();
    expect(actions.getByRole('link', { name: /Gestisci le impostazioni/ })).toBeTruthy();
    expect(actions.getByRole('link', { name: /Contattaci/ })).toBeTruthy();
  });
});

describe('dashboard active filters card', () => {
  it('counts the active filters out of all of them and links to the filters screen', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /filters': {
        items: [
          savedFilter({ name: 'A' }),
          savedFilter({ name: 'B' }),
          savedFilter({ name: 'C', notificationsEnabled: false }),
        ],
      },
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'Filtri attivi' }));
    expect((await card.findByText('2')).nextElementSibling?.textContent).toBe('su 3 filtri');
    expect(card.getByRole('link', { name: /Gestisci i filtri/ }).getAttribute('href')).toBe('/filters');
  });

  it('offers to create a filter when there is none, opening the wizard', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /filters': { items: [] },
      'GET /reference/geo': { regions: [], provinces: [] },
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'Filtri attivi' }));
    expect(await card.findByText('Nessun filtro salvato')).toBeTruthy();
    await act(async () => {
      fireEvent.click(card.getByRole('link', { name: /Crea un filtro/ }));
    });
    expect(await screen.findByRole('dialog', { name: 'Nuovo filtro' })).toBeTruthy();
  });
});

describe('account menu', () => {
  it('shows who is signed in and signs out to the landing page', async () => {
    const calls = stubApi({
      'GET /user': testUser({ username: 'giulia', email: 'g@example.it' }),
      'POST /logout': null,
    });
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Ciao, giulia!' });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Account di giulia' }), pointerDownOptions());
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('g@example.it');
    await act(async () => {
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Esci' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Radar Tornei' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect(calls.some((call) => call.method === 'POST' && call.path === '/logout')).toBe(true);
    expect(getSession().user).toBeNull();
  });
});

describe('dashboard: my tournaments', () => {
  const competition = {
    club: 'Tennis Club Parioli',
    city: 'Roma',
    provinceSigla: 'RM',
    startDate: '2036-12-12',
    endDate: '2036-12-21',
    status: 3 as const,
    registrationOpensAt: '2036-12-01T11:00:00.000Z',
    registrationClosesAt: '2036-12-09T11:00:00.000Z',
  };
  const item = (n: number, section: MyTournamentSection, name: string, extra = {}): FollowedTournament => ({
    id: `5b1f0c2e-0000-4000-8000-00000000000${n}`,
    competitionGuid: `25C6CC33-AE3A-447E-A55B-FBE66FBAFC8${n}`,
    tournamentUuid: `A1E2C3D4-0000-4000-8000-00000000000${n}`,
    notificationsEnabled: true,
    lost: section === 'lost',
    createdAt: '2026-11-20T09:00:00.000Z',
    section,
    competition: { ...competition, name, ...extra },
    tournament: null,
    myEntry: null,
  });

  /** The dashboard's answer with the given next and current tournaments, an empty week otherwise. */
  const homeWith = (next: Home['next'], current: Home['current']): Home => ({
    greetingName: 'mario',
    myTournaments: { count: 0, items: [] },
    activeFilters: { count: 0, total: 0, items: [] },
    federation: { connected: false, cardNumber: null, ranking: null },
    nearYou: { place: null, items: [] },
    week: {
      from: '2036-12-08',
      to: '2036-12-14',
      today: '2036-12-10',
      days: ['08', '09', '10', '11', '12', '13', '14'].map((d) => ({
        date: `2036-12-${d}`,
        tournaments: [],
        deadlines: [],
      })),
    },
    next,
    current,
  });
  const homeCompetition = {
    guid: '25C6CC33-AE3A-447E-A55B-FBE66FBAFC81',
    name: 'Open di Natale',
    city: 'Roma',
    provinceSigla: 'RM',
    startDate: '2036-12-12',
    endDate: '2036-12-21',
    status: 3 as const,
    registrationClosesAt: '2036-12-09T11:00:00.000Z',
  };

  it('counts the followed tournaments and shows the next one and the one being played', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /subscriptions/my-tournaments': {
        items: [
          item(1, 'open_registration', 'Open di Natale'),
          item(2, 'ongoing', 'Torneo di Primavera', { city: 'Isernia', provinceSigla: 'IS', status: 2 }),
          item(3, 'lost', 'Memorial Rossi'),
        ],
      },
      'GET /home': homeWith(
        {
          ...homeCompetition,
          subscriptionId: '5b1f0c2e-0000-4000-8000-000000000001',
          provinceName: 'Roma',
          myMatch: null,
        },
        {
          ...homeCompetition,
          guid: '25C6CC33-AE3A-447E-A55B-FBE66FBAFC82',
          name: 'Torneo di Primavera',
          city: 'Isernia',
          provinceSigla: 'IS',
          startDate: '2026-11-20',
          endDate: '2026-11-29',
          status: 2,
          subscriptionId: '5b1f0c2e-0000-4000-8000-000000000002',
          state: 'active',
          myMatch: null,
        },
      ),
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'I miei tornei' }));
    expect(await card.findByText('Tornei seguiti: 3')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Vedi tutti' }).getAttribute('href')).toBe('/subscriptions');
    const next = (await card.findByText('Prossimo torneo')).parentElement as HTMLElement;
    expect(within(next).getByRole('link', { name: 'Open di Natale' })).toBeTruthy();
    expect(within(next).getByText('Iscrizioni entro il 9 dic 2036, 12:00')).toBeTruthy();
    expect(within(next).getByText('Inizia il 12 dic 2036')).toBeTruthy();
    expect(within(next).getByText('Roma (RM)')).toBeTruthy();
    const current = card.getByText('Torneo in corso').parentElement as HTMLElement;
    expect(within(current).getByRole('link', { name: 'Torneo di Primavera' })).toBeTruthy();
    expect(within(current).getByText('Isernia (IS)')).toBeTruthy();
    expect(card.queryByText('Memorial Rossi')).toBeNull();
  });

  it("says the card holder's next match from the orders of play, in Italian and in English", async () => {
    const myMatch = {
      date: '2036-12-13',
      time: '10:30',
      timeKind: 'at' as const,
      court: '3',
      opponents: ['ROSSI M.'],
    };
    stubApi({
      'GET /user': testUser(),
      'GET /subscriptions/my-tournaments': { items: [item(1, 'open_registration', 'Open di Natale')] },
      'GET /home': homeWith(
        {
          ...homeCompetition,
          subscriptionId: '5b1f0c2e-0000-4000-8000-000000000001',
          provinceName: 'Roma',
          myMatch,
        },
        {
          ...homeCompetition,
          guid: 'CUR',
          name: 'Torneo in casa',
          subscriptionId: '5b1f0c2e-0000-4000-8000-000000000002',
          state: 'active',
          myMatch: { ...myMatch, time: null, timeKind: 'followOn', opponents: [] },
        },
      ),
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'I miei tornei' }));
    const next = (await card.findByText('Prossimo torneo')).parentElement as HTMLElement;
    expect(
      within(next).getByText('Il tuo prossimo incontro: sabato 13 dicembre, 10:30, campo 3, contro ROSSI M.'),
    ).toBeTruthy();
    const current = card.getByText('Torneo in corso').parentElement as HTMLElement;
    expect(
      within(current).getByText('Il tuo prossimo incontro: sabato 13 dicembre, a seguire, campo 3'),
    ).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(
      await card.findByText('Your next match: Saturday 13 December, 10:30, court 3, against ROSSI M.'),
    ).toBeTruthy();
    await act(() => i18n.changeLanguage('it'));
  });

  it("names one current tournament, the dashboard answer's, even with two being played", async () => {
    // Two followed tournaments being played: the list orders them by start (Coppa first), the
    // dashboard's answer names the one that ends first (Trofeo). Only that one shows, once.
    stubApi({
      'GET /user': testUser(),
      'GET /subscriptions/my-tournaments': {
        items: [
          item(1, 'ongoing', "Coppa d'Autunno", {
            startDate: '2026-11-01',
            endDate: '2026-12-20',
            status: 2,
          }),
          item(2, 'ongoing', 'Trofeo Tivoli', { startDate: '2026-11-24', endDate: '2026-11-29', status: 2 }),
        ],
      },
      'GET /home': homeWith(null, {
        ...homeCompetition,
        guid: '25C6CC33-AE3A-447E-A55B-FBE66FBAFC82',
        name: 'Trofeo Tivoli',
        startDate: '2026-11-24',
        endDate: '2026-11-29',
        status: 2,
        subscriptionId: '5b1f0c2e-0000-4000-8000-000000000002',
        state: 'active',
        myMatch: null,
      }),
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'I miei tornei' }));
    const current = (await card.findByText('Torneo in corso')).parentElement as HTMLElement;
    expect(within(current).getByRole('link', { name: 'Trofeo Tivoli' })).toBeTruthy();
    expect(screen.queryByText("Coppa d'Autunno")).toBeNull();
    expect(screen.getAllByText(/Torneo in corso|Torneo corrente/)).toHaveLength(1);
    const week = within(await screen.findByRole('region', { name: 'La tua settimana' }));
    expect(week.queryByText('Trofeo Tivoli')).toBeNull();
  });

  it('says a just-ended current tournament has ended, and a deadline gone by reads "Iscrizioni chiuse"', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /subscriptions/my-tournaments': {
        items: [
          item(1, 'upcoming', 'Open di Natale', { status: 4 }),
          item(2, 'concluded', 'Torneo di Primavera'),
        ],
      },
      'GET /home': homeWith(
        {
          ...homeCompetition,
          status: 4,
          // Yesterday: registration has closed, the tournament has not started.
          registrationClosesAt: new Date(Date.now() - 86_400_000).toISOString(),
          subscriptionId: '5b1f0c2e-0000-4000-8000-000000000001',
          provinceName: 'Roma',
          myMatch: null,
        },
        {
          ...homeCompetition,
          guid: '25C6CC33-AE3A-447E-A55B-FBE66FBAFC82',
          name: 'Torneo di Primavera',
          status: 1,
          subscriptionId: '5b1f0c2e-0000-4000-8000-000000000002',
          state: 'completed',
          myMatch: null,
        },
      ),
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'I miei tornei' }));
    const next = (await card.findByText('Prossimo torneo')).parentElement as HTMLElement;
    expect(within(next).getByText('Iscrizioni chiuse')).toBeTruthy();
    expect(within(next).queryByText(/entro/)).toBeNull();
    const completed = card.getByText('Appena concluso').parentElement as HTMLElement;
    expect(within(completed).getByRole('link', { name: 'Torneo di Primavera' })).toBeTruthy();
  });

  it('invites to explore when nothing is followed', async () => {
    stubApi({ 'GET /user': testUser(), 'GET /subscriptions/my-tournaments': { items: [] } });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'I miei tornei' }));
    expect(await card.findByText(/Non segui ancora nessun torneo/)).toBeTruthy();
    expect(card.getByRole('link', { name: 'Esplora i tornei' }).getAttribute('href')).toBe('/explore');
  });
});
