import type { Home } from '@radar/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, stubApi, testUser } from '../../../../test/api-stub';
import { renderApp } from '../../../../test/test-utils';

const competition = {
  city: 'Roma',
  provinceSigla: 'RM',
  status: 4 as const,
  registrationClosesAt: null,
};

function home(overrides: Partial<Home> = {}): Home {
  const dates = [
    '2026-11-30',
    '2026-12-01',
    '2026-12-02',
    '2026-12-03',
    '2026-12-04',
    '2026-12-05',
    '2026-12-06',
  ];
  const days: Home['week']['days'] = dates.map((date) => ({ date, tournaments: [], deadlines: [] }));
  days[0]?.tournaments.push({
    subscriptionId: '00000000-0000-4000-8000-000000000001',
    guid: 'AAA',
    name: 'Open di Roma',
    city: 'Roma',
    startDate: '2026-11-29',
    endDate: '2026-12-01',
  });
  days[4]?.deadlines.push({
    subscriptionId: '00000000-0000-4000-8000-000000000002',
    guid: 'BBB',
    name: 'Trofeo Tivoli',
    closesAt: '2026-12-04T11:00:00.000Z',
  });
  return {
    greetingName: 'giulia',
    myTournaments: { count: 0, items: [] },
    activeFilters: { count: 0, total: 0, items: [] },
    federation: { connected: false, cardNumber: null, ranking: null },
    nearYou: { place: null, items: [] },
    week: { from: '2026-11-30', to: '2026-12-06', today: '2026-11-30', days },
    current: {
      ...competition,
      guid: 'AAA',
      name: 'Open di Roma',
      startDate: '2026-11-29',
      endDate: '2026-12-01',
      status: 2,
      subscriptionId: '00000000-0000-4000-8000-000000000001',
      state: 'active',
      myMatch: null,
    },
    next: null,
    ...overrides,
  };
}

/** A window as wide as a phone: the mobile query matches, the others do not. */
function stubPhoneWidth() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      matches: query.includes('max-width: 767'),
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => true,
    })),
  );
}

const nearRome: Home['nearYou'] = {
  place: {
    postalCode: '00184',
    comune: 'Roma',
    provinceSigla: 'RM',
    provinceName: 'Roma',
    regionId: 12,
    regionName: 'Lazio',
  },
  items: [
    {
      ...competition,
      guid: 'CCC',
      name: 'Torneo Roma centro',
      startDate: '2027-01-10',
      endDate: '2027-01-12',
      distanceKm: 2.4,
      rule: 'distance',
    },
    {
      ...competition,
      guid: 'DDD',
      name: 'Torneo Pontino',
      city: 'Latina',
      provinceSigla: 'LT',
      startDate: '2027-01-11',
      endDate: '2027-01-12',
      distanceKm: null,
      rule: 'region',
    },
  ],
};

describe('dashboard from /api/home', () => {
  // Monday 30 November 2026, 11:00 in Rome: the fixture's week is this one.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T10:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the week Monday to Sunday with followed tournaments and deadlines; the current tournament is My tournaments' alone", async () => {
    stubApi({ 'GET /user': testUser({ username: 'giulia' }), 'GET /home': home() });
    renderApp('/home');
    const week = within(await screen.findByRole('region', { name: 'La tua settimana' }));
    const days = week.getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[0]?.getAttribute('aria-current')).toBe('date');
    expect(
      within(days[0] as HTMLElement)
        .getByRole('link', { name: 'Open di Roma' })
        .getAttribute('href'),
    ).toBe('/competition/AAA');
    // 11:00 UTC is 12:00 in Rome.
    expect(
      within(days[4] as HTMLElement).getByText('Chiusura iscrizioni Trofeo Tivoli alle 12:00'),
    ).toBeTruthy();
    // The current tournament shows once, in My tournaments (not in the week as well).
    expect(week.queryByText('Torneo corrente:')).toBeNull();
  });

  it('on a phone lists only the days with something on them, a multi-day tournament once with its span', async () => {
    stubPhoneWidth();
    const week = home().week;
    const span = {
      subscriptionId: '00000000-0000-4000-8000-000000000003',
      guid: 'EEE',
      name: 'Open di Giugno',
      city: 'Tivoli',
      startDate: '2026-12-04',
      endDate: '2026-12-06',
    };
    week.days[4]?.tournaments.push(span);
    week.days[5]?.tournaments.push(span);
    week.days[6]?.tournaments.push(span);
    stubApi({ 'GET /user': testUser(), 'GET /home': home({ week }) });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'La tua settimana' }));
    const agenda = within(card.getByRole('list', { name: 'La tua settimana' }));
    const days = agenda.getAllByRole('listitem');
    expect(days.map((day) => day.getAttribute('data-date'))).toEqual(['2026-11-30', '2026-12-04']);
    expect(days[0]?.getAttribute('aria-current')).toBe('date');
    expect(agenda.getAllByRole('link', { name: /Open di Giugno/ })).toHaveLength(1);
    expect(agenda.getByRole('link', { name: /Open di Giugno/ }).textContent).toContain('4–6 dic · Tivoli');
    expect(agenda.getByRole('link', { name: /Open di Roma/ }).textContent).toContain('29 nov – 1 dic');
    expect(within(days[1] as HTMLElement).getByText(/Trofeo Tivoli/)).toBeTruthy();
  });

  it('on a phone says an empty week in one line, with no empty days', async () => {
    stubPhoneWidth();
    const empty = home().week;
    for (const day of empty.days) {
      day.tournaments = [];
      day.deadlines = [];
    }
    stubApi({ 'GET /user': testUser(), 'GET /home': home({ week: empty, current: null }) });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'La tua settimana' }));
    expect(card.getByText('Nessun torneo seguito né chiusura di iscrizioni questa settimana.')).toBeTruthy();
    expect(card.queryByRole('list')).toBeNull();
    expect(card.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('says a deadline of the week that has gone by is closed', async () => {
    const week = home().week;
    const day = week.days[0];
    day?.deadlines.push({
      subscriptionId: '00000000-0000-4000-8000-000000000004',
      guid: 'FFF',
      name: 'Coppa Lazio',
      // At 10:00 in Rome, an hour ago.
      closesAt: '2026-11-30T09:00:00.000Z',
    });
    stubApi({ 'GET /user': testUser(), 'GET /home': home({ week }) });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'La tua settimana' }));
    expect(card.getByText('Iscrizioni chiuse per Coppa Lazio alle 10:00')).toBeTruthy();
  });

  it('asks for a postal code, remembers it and lists the tournaments near it; an unknown one says so', async () => {
    const calls = stubApi({
      'GET /user': testUser(),
      'GET /home': (call: ApiCall) => {
        if (call.path.includes('postal=99999')) return apiError('POSTAL_CODE_UNKNOWN', 404);
        return call.path.includes('postal=00184') ? home({ nearYou: nearRome }) : home();
      },
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'Tornei vicino a te' }));
    const input = card.getByLabelText('CAP');

    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(card.getByRole('button', { name: 'Cerca' }));
    expect(card.getByRole('alert').textContent).toBe('Inserisci un CAP di 5 cifre');

    fireEvent.change(input, { target: { value: '00184' } });
    await act(async () => {
      fireEvent.click(card.getByRole('button', { name: 'Cerca' }));
    });
    expect(await card.findByText('Vicino a Roma (RM), CAP 00184')).toBeTruthy();
    const list = within(card.getByRole('list', { name: 'Tornei vicino a te' }));
    expect(list.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Torneo Roma centro',
      'Torneo Pontino',
    ]);
    // Written as the search's cards write it: one decimal under 10 km.
    expect(list.getByText('2,4 km')).toBeTruthy();
    expect(list.getByText('Stessa regione')).toBeTruthy();
    expect(window.localStorage.getItem('home-postal')).toBe('00184');
    expect(calls.some((c) => c.path === '/home?postal=00184')).toBe(true);

    fireEvent.change(input, { target: { value: '99999' } });
    await act(async () => {
      fireEvent.click(card.getByRole('button', { name: 'Cerca' }));
    });
    expect((await card.findByRole('alert')).textContent).toBe(
      'Non conosciamo questo CAP: controllalo e riprova.',
    );
  });

  it('uses the remembered postal code on the next visit', async () => {
    window.localStorage.setItem('home-postal', '00184');
    const calls = stubApi({ 'GET /user': testUser(), 'GET /home': home({ nearYou: nearRome }) });
    renderApp('/home');
    expect(await screen.findByText('Torneo Roma centro')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/home'))?.path).toBe('/home?postal=00184');
  });

  it('shows the FITP card status (the fitp feature) on the dashboard: connected with the player, or a connect action', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /home': home(),
      'GET /fitp/status': {
        connected: true,
        membershipCard: '123456789',
        name: 'Mario Rossi',
        ranking: '4.2',
        syncPending: false,
        syncDeferredAt: null,
      },
    });
    const first = renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'Tessera FITP' }));
    expect(await card.findByText('Mario Rossi')).toBeTruthy();
    first.unmount();

    stubApi({
      'GET /user': testUser(),
      'GET /home': home(),
      'GET /fitp/status': {
        connected: false,
        membershipCard: null,
        name: null,
        ranking: null,
        syncPending: false,
        syncDeferredAt: null,
      },
    });
    renderApp('/home');
    const empty = within(await screen.findByRole('region', { name: 'Tessera FITP' }));
    expect((await empty.findByRole('link', { name: /Collega la tessera/ })).getAttribute('href')).toBe(
      '/settings?tab=fitp',
    );
  });
});
