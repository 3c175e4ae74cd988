import type { WhatsNew } from '@radar/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../../test/api-stub';
import { renderApp } from '../../../../test/test-utils';

const data = (overrides: Partial<WhatsNew> = {}): WhatsNew => ({
  entries: [
    { id: 'b', date: '2026-11-23', title: 'Una dashboard tutta nuova', body: 'La home ora mostra…' },
    { id: 'a', date: '2026-11-22', title: 'Filtri e avvisi', body: 'Salva i tuoi filtri.' },
  ],
  updates: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      message: 'Manutenzione stanotte',
      createdAt: '2026-11-24T09:00:00.000Z',
    },
  ],
  lastSeenAt: '2026-11-22T12:00:00.000Z',
  unread: true,
  ...overrides,
});

describe("What's New", () => {
  it('lists changes and platform updates newest first, marks the new ones and clears the dot', async () => {
    let seen = false;
    const calls = stubApi({
      'GET /user': testUser(),
      'GET /whats-new': () => data({ unread: !seen }),
      'POST /whats-new/seen': () => {
        seen = true;
        return null;
      },
    });
    renderApp('/home');
    const nav = within(
      (await screen.findAllByRole('navigation', { name: 'Navigazione principale' }))[0] as HTMLElement,
    );
    const link = nav.getByRole('link', { name: /Novità/ });
    expect(await within(link).findByText('Novità da leggere')).toBeTruthy();

    await act(async () => {
      link.click();
    });
    const list = within(await screen.findByRole('list', { name: 'Novità' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Aggiornamento della piattaforma',
      'Una dashboard tutta nuova',
      'Filtri e avvisi',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Manutenzione stanotte')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Nuovo')).toBeTruthy();
    expect(within(items[2] as HTMLElement).queryByText('Nuovo')).toBeNull();
    // Seen on opening: the dot goes once the answer to the refetch says nothing is unread.
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'POST' && c.path === '/whats-new/seen')).toBe(true);
      expect(within(link).queryByText('Novità da leggere')).toBeNull();
    });
  });

  it('says something when there is nothing yet', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /whats-new': data({ entries: [], updates: [], unread: false }),
      'POST /whats-new/seen': null,
    });
    renderApp('/whatsnew');
    expect(await screen.findByText('Ancora nessuna novità')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Esplora i tornei' }).getAttribute('href')).toBe('/explore');
  });
});
