import type { FollowedTournament, MyTournamentSection } from '@radar/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, testUser } from '../../../../test/api-stub';
import { pointerDownOptions, renderApp } from '../../../../test/test-utils';

let sequence = 0;

const roma = {
  name: 'Open di Natale',
  club: 'Tennis Club Parioli',
  city: 'Roma',
  provinceSigla: 'RM',
  startDate: '2036-12-12',
  endDate: '2036-12-21',
  status: 3,
  registrationOpensAt: '2036-12-01T11:00:00.000Z',
  registrationClosesAt: '2036-12-09T11:00:00.000Z',
} satisfies FollowedTournament['competition'];

function followed(
  section: MyTournamentSection,
  name: string,
  overrides: Partial<FollowedTournament> = {},
): FollowedTournament {
  sequence += 1;
  const hex = sequence.toString(16).padStart(12, '0');
  return {
    id: `5b1f0c2e-0000-4000-8000-${hex}`,
    competitionGuid: `25C6CC33-AE3A-447E-A55B-${hex.toUpperCase()}`,
    tournamentUuid: `A1E2C3D4-0000-4000-8000-${hex.toUpperCase()}`,
    notificationsEnabled: true,
    lost: section === 'lost',
    createdAt: '2026-11-20T09:00:00.000Z',
    section,
    competition: { ...roma, name },
    tournament: {
      description: 'Singolare Femminile 4a categoria',
      type: 'Femminile',
      categoryClass: 4,
      ageCategory: 'open',
      participantsCount: 12,
      maxParticipants: 32,
    },
    myEntry: null,
    ...overrides,
  };
}

/**
 * The subscriptions calls as the contract describes them: marking lost moves a tournament to
 * the lost section with notifications off; unmarking returns it with its previous setting.
 */
function subscriptionsApi(initial: FollowedTournament[]) {
  let items = initial.map((item) => ({ ...item }));
  const before = new Map<string, { section: MyTournamentSection; notificationsEnabled: boolean }>();
  const light = (item: FollowedTournament) => {
    const { section: _s, competition: _c, tournament: _t, ...subscription } = item;
    return subscription;
  };
  const find = (path: string) => items.find((item) => path.includes(item.id));
  const calls: Call[] = [];
  stubFetch(({ method, url, body }) => {
    const path = url.pathname;
    calls.push({ method, path, body });
    const item = find(path);
    if (method === 'GET' && path === '/api/user') return testUser();
    if (method === 'GET' && path === '/api/subscriptions/my-tournaments') return { items };
    if (method === 'DELETE' && path.startsWith('/api/subscriptions/tournaments/unsubscribe/')) {
      if (!item) return apiError('NOT_SUBSCRIBED', 404);
      items = items.filter((other) => other !== item);
      return null;
    }
    if (method === 'PATCH' && item && path.endsWith('/notifications')) {
      item.notificationsEnabled = (body as { enabled: boolean }).enabled;
      return light(item);
    }
    if (method === 'PATCH' && item && path.endsWith('/lost')) {
      const { lost } = body as { lost: boolean };
      if (lost && !item.lost) {
        before.set(item.id, { section: item.section, notificationsEnabled: item.notificationsEnabled });
        Object.assign(item, { lost: true, section: 'lost', notificationsEnabled: false });
      } else if (!lost && item.lost) {
        const previous = before.get(item.id) ?? { section: 'open_registration', notificationsEnabled: true };
        Object.assign(item, { lost: false, ...previous });
      }
      return light(item);
    }
    return apiError('NOT_FOUND', 404);
  });
  return {
    calls,
    /** Forgets a follow behind the app's back (as another tab would). */
    forget: (id: string) => {
      items = items.filter((item) => item.id !== id);
    },
  };
}

type Call = { method: string; path: string; body: unknown };

const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

const section = (name: RegExp) => screen.getByRole('region', { name });
const card = (name: string) => screen.getByRole('article', { name });

/** Opens a card's "more actions" menu and picks an item (by its accessible name). */
async function pick(article: HTMLElement, item: string | RegExp) {
  fireEvent.pointerDown(
    within(article).getByRole('button', { name: /^Altre azioni per / }),
    pointerDownOptions(),
  );
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

/** The names of a card's menu items, the menu then closed. */
async function menuOf(article: HTMLElement): Promise<string[]> {
  fireEvent.pointerDown(
    within(article).getByRole('button', { name: /^Altre azioni per / }),
    pointerDownOptions(),
  );
  const names = (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
  fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return names;
}

describe('/subscriptions (My tournaments)', () => {
  it('puts each followed tournament in the section the server gives it, with counts, dates and deadline', async () => {
    subscriptionsApi([
      followed('open_registration', 'Open di Natale'),
      followed('open_registration', 'Coppa della Befana', {
        competition: {
          ...roma,
          name: 'Coppa della Befana',
          city: 'Isernia',
          provinceSigla: 'IS',
          club: null,
          registrationClosesAt: '2036-12-08T11:00:00.000Z',
        },
        tournament: {
          description: 'Singolare Maschile 4a categoria',
          type: 'Maschile',
          categoryClass: 4,
          ageCategory: 'open',
          participantsCount: 26,
          maxParticipants: 24,
        },
      }),
      followed('ongoing', 'Torneo di Primavera', {
        competition: { ...roma, name: 'Torneo di Primavera', status: 2 },
      }),
      // Lost, although its competition still takes entries: the section decides.
      followed('lost', 'Memorial Rossi', { notificationsEnabled: false }),
    ]);
    renderApp('/subscriptions');
    expect(await screen.findByRole('heading', { level: 1, name: 'I miei tornei' })).toBeTruthy();
    await screen.findByRole('region', { name: 'Iscrizioni aperte 2' });

    const open = section(/^Iscrizioni aperte/);
    expect(within(open).getByRole('article', { name: 'Open di Natale' })).toBeTruthy();
    expect(within(open).getByRole('article', { name: 'Coppa della Befana' })).toBeTruthy();
    expect(
      within(section(/^In corso 1$/)).getByRole('article', { name: 'Torneo di Primavera' }),
    ).toBeTruthy();
    expect(within(section(/^Persi 1$/)).getByRole('article', { name: 'Memorial Rossi' })).toBeTruthy();
    // Empty sections have no block of their own, only their count in the summary.
    expect(screen.queryByRole('region', { name: /^In programma/ })).toBeNull();
    expect(screen.queryByRole('region', { name: /^Conclusi/ })).toBeNull();
    const summary = screen.getByRole('navigation', { name: 'Sezioni dei miei tornei' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Iscrizioni aperte2', 'In programma0', 'In corso1', 'Conclusi0', 'Persi1']);
    expect(within(summary).getAllByRole('link')).toHaveLength(3);

    const natale = card('Open di Natale');
    expect(within(natale).getByRole('link', { name: 'Open di Natale' }).getAttribute('href')).toMatch(
      /^\/competition\/25C6CC33-AE3A-447E-A55B-/,
    );
    expect(within(natale).getByText('Singolare Femminile 4a categoria')).toBeTruthy();
    expect(within(natale).getByText('Tennis Club Parioli · Roma (RM)')).toBeTruthy();
    expect(within(natale).getByText('12–21 dic 2036')).toBeTruthy();
    expect(within(natale).getByText('Iscrizioni entro il 9 dic 2036, 12:00')).toBeTruthy();
    expect(within(natale).getByText('Iscritti: 12 su 32')).toBeTruthy();
    const befana = card('Coppa della Befana');
    expect(within(befana).getByText('Isernia (IS)')).toBeTruthy();
    // Italian elision before the day, and more entries than places said as such.
    expect(within(befana).getByText('Iscrizioni entro l’8 dic 2036, 12:00')).toBeTruthy();
    expect(within(befana).getByText('Iscritti: 26 per 24 posti')).toBeTruthy();

    // One primary action, the rest in a menu named after the tournament.
    expect(within(natale).getByRole('link', { name: 'Apri il torneo' }).getAttribute('href')).toMatch(
      /^\/competition\/25C6CC33-AE3A-447E-A55B-/,
    );
    expect(
      within(natale).getByRole('button', {
        name: 'Altre azioni per Open di Natale – Singolare Femminile 4a categoria',
      }),
    ).toBeTruthy();
    // Registration still open: nobody has lost yet, so "Segna come perso" is not offered.
    expect(await menuOf(natale)).toEqual(['Spegni le notifiche', 'Smetti di seguire']);
    // In progress: it is, saying what it means.
    expect(await menuOf(card('Torneo di Primavera'))).toEqual([
      'Spegni le notifiche',
      expect.stringMatching(/^Segna come perso.*Sei stato eliminato/),
      'Smetti di seguire',
    ]);
    const lost = card('Memorial Rossi');
    expect(await menuOf(lost)).toEqual(['Togli il segno di perso', 'Smetti di seguire']);
  });

  it('shows the user’s entry by their card: position out of the entries, and the cut line', async () => {
    subscriptionsApi([
      followed('open_registration', 'Open di Natale', {
        myEntry: { position: 28, total: 65, cutLine: 'inside', reservePosition: null },
      }),
      followed('open_registration', 'Coppa della Befana', {
        myEntry: { position: 70, total: 72, cutLine: 'reserve', reservePosition: 6 },
      }),
      followed('upcoming', 'Torneo di Primavera', {
        myEntry: { position: 3, total: 9, cutLine: 'unknown', reservePosition: null },
      }),
      followed('upcoming', 'Memorial Rossi'),
    ]);
    renderApp('/subscriptions');
    const natale = await screen.findByRole('article', { name: 'Open di Natale' });
    expect(within(natale).getByText('28° su 65 · dentro')).toBeTruthy();
    expect(within(card('Coppa della Befana')).getByText('70° su 72 · riserva n. 6')).toBeTruthy();
    expect(within(card('Torneo di Primavera')).getByText('3° su 9')).toBeTruthy();
    expect(within(card('Memorial Rossi')).queryByText(/° su /)).toBeNull();
  });

  it('says so when nothing is followed, with a way to explore', async () => {
    subscriptionsApi([]);
    renderApp('/subscriptions');
    expect(await screen.findByText('Non segui ancora nessun torneo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Esplora i tornei' }).getAttribute('href')).toBe('/explore');
  });

  it('keeps a tournament the federation no longer lists, and lets the user unfollow it', async () => {
    subscriptionsApi([followed('concluded', 'x', { competition: null, tournament: null })]);
    renderApp('/subscriptions');
    const gone = await screen.findByRole('article', { name: 'Torneo non più pubblicato dalla federazione' });
    expect(await menuOf(gone)).toEqual(['Spegni le notifiche', 'Smetti di seguire']);
  });

  it('unfollows only after confirmation: cancel does nothing, confirm calls the unsubscribe endpoint', async () => {
    const item = followed('upcoming', 'Open di Natale');
    const { calls } = subscriptionsApi([item, followed('upcoming', 'Coppa della Befana')]);
    renderApp('/subscriptions');
    const natale = await screen.findByRole('article', { name: 'Open di Natale' });

    await pick(natale, 'Smetti di seguire');
    let dialog = await screen.findByRole('alertdialog', { name: 'Smettere di seguire questo torneo?' });
    expect(dialog.textContent).toContain(
      'Open di Natale – Singolare Femminile 4a categoria sparirà dai tuoi tornei',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await pick(card('Open di Natale'), 'Smetti di seguire');
    dialog = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Smetti di seguire' }));
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Open di Natale' })).toBeNull());
    expect(writes(calls)).toEqual([
      { method: 'DELETE', path: `/api/subscriptions/tournaments/unsubscribe/${item.id}`, body: undefined },
    ]);
    expect(screen.getByRole('region', { name: 'In programma 1' })).toBeTruthy();
    expect(
      await screen.findByText('Non segui più Open di Natale – Singolare Femminile 4a categoria'),
    ).toBeTruthy();
  });

  it('turns one tournament’s notifications off and on from its menu, no confirmation', async () => {
    const item = followed('open_registration', 'Open di Natale');
    const { calls } = subscriptionsApi([item]);
    renderApp('/subscriptions');
    const natale = await screen.findByRole('article', { name: 'Open di Natale' });
    expect(within(natale).queryByText('Notifiche spente')).toBeNull();
    await pick(natale, 'Spegni le notifiche');
    // Off: the card says so.
    expect(await within(card('Open di Natale')).findByText('Notifiche spente')).toBeTruthy();
    await waitFor(async () => expect(await menuOf(card('Open di Natale'))).toContain('Accendi le notifiche'));
    await pick(card('Open di Natale'), 'Accendi le notifiche');
    await waitFor(() => expect(within(card('Open di Natale')).queryByText('Notifiche spente')).toBeNull());
    const path = `/api/subscriptions/tournaments/subscribe/${item.id}/notifications`;
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path, body: { enabled: false } },
      { method: 'PATCH', path, body: { enabled: true } },
    ]);
  });

  it('marks lost after confirmation (to the lost section, notifications off) and back (previous setting)', async () => {
    // In progress: a player can have lost.
    const ongoing = { ...roma, name: 'Open di Natale', status: 2 as const };
    const item = followed('ongoing', 'Open di Natale', { notificationsEnabled: false, competition: ongoing });
    const { calls } = subscriptionsApi([
      item,
      followed('ongoing', 'Coppa della Befana', { competition: { ...ongoing, name: 'Coppa della Befana' } }),
    ]);
    renderApp('/subscriptions');
    await screen.findByRole('region', { name: 'In corso 2' });

    // Cancelled: nothing sent.
    await pick(card('Open di Natale'), /^Segna come perso/);
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Segnare il torneo come perso?' })).getByRole(
        'button',
        { name: 'Annulla' },
      ),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await pick(card('Open di Natale'), /^Segna come perso/);
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Segna come perso' }),
      );
    });
    const lostSection = await screen.findByRole('region', { name: 'Persi 1' });
    const lost = within(lostSection).getByRole('article', { name: 'Open di Natale' });
    // Lost: its notifications are off, and the menu offers no way to turn them on.
    expect(within(lost).getByText('Perso')).toBeTruthy();
    expect(await menuOf(lost)).toEqual(['Togli il segno di perso', 'Smetti di seguire']);
    expect(screen.getByRole('region', { name: 'In corso 1' })).toBeTruthy();

    await pick(card('Open di Natale'), 'Togli il segno di perso');
    const dialog = await screen.findByRole('alertdialog', { name: 'Togliere il segno di perso?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Togli il segno' }));
    });
    await screen.findByRole('region', { name: 'In corso 2' });
    expect(screen.queryByRole('region', { name: /^Persi/ })).toBeNull();
    // Its notifications were off before: still off.
    expect(within(card('Open di Natale')).getByText('Notifiche spente')).toBeTruthy();
    const path = `/api/subscriptions/tournaments/subscribe/${item.id}/lost`;
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path, body: { lost: true } },
      { method: 'PATCH', path, body: { lost: false } },
    ]);
  });

  it('shows a failure as a toast with the server’s reason in the user’s language', async () => {
    const item = followed('open_registration', 'Open di Natale');
    const api = subscriptionsApi([item]);
    renderApp('/subscriptions');
    const natale = await screen.findByRole('article', { name: 'Open di Natale' });
    // Someone unfollowed it in another tab: the server answers 404 NOT_SUBSCRIBED.
    api.forget(item.id);
    await pick(natale, 'Smetti di seguire');
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Smetti di seguire' }),
      );
    });
    expect(await screen.findByText('Non è stato possibile smettere di seguire il torneo')).toBeTruthy();
    expect(screen.getByText('Non segui questo torneo.')).toBeTruthy();
  });
});
