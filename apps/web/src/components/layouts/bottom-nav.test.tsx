import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, testUser } from '../../../test/api-stub';
import { renderApp } from '../../../test/test-utils';
import { BottomNav } from './bottom-nav';
import type { NavBadges } from './main-nav';

function renderAt(path: string, badges: NavBadges = {}) {
  const router = createMemoryRouter([{ path: '*', element: <BottomNav badges={badges} /> }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

/** A window as wide as a phone: the mobile query matches, the others (dark scheme…) do not. */
function stubPhoneWidth(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      matches: phone && query.includes('max-width: 767'),
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => true,
    })),
  );
}

describe('phone tab bar', () => {
  it('offers Home, Esplora, I miei tornei and Notifiche in a labelled landmark, the current one marked', () => {
    renderAt('/subscriptions');
    const nav = screen.getByRole('navigation', { name: 'Sezioni principali' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Esplora', '/explore'],
      ['I miei tornei', '/subscriptions'],
      ['Notifiche', '/communication'],
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, null, 'page', null]);
  });

  it('shows the unread count on Notifiche, 99+ beyond 99, nothing at zero', () => {
    const first = renderAt('/home', { 'nav.communication': 3 });
    const tab = screen.getByRole('link', { name: 'Notifiche Hai notifiche non lette: 3' });
    expect(within(tab).getByText('Hai notifiche non lette: 3')).toBeTruthy();
    expect(within(tab).getByTestId('bottom-nav-unread').textContent).toContain('3');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    first.unmount();

    const many = renderAt('/home', { 'nav.communication': 120 });
    expect(screen.getByTestId('bottom-nav-unread').textContent).toContain('99+');
    many.unmount();

    renderAt('/home', { 'nav.communication': 0 });
    expect(screen.queryByTestId('bottom-nav-unread')).toBeNull();
  });

  it('in the app below 768 px: the bar shows the unread count of the navigation query and moves between sections', async () => {
    stubPhoneWidth(true);
    stubApi({
      'GET /user': testUser(),
      'GET /notifications/unread-count': { unreadCount: 4 },
    });
    const { router } = renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Sezioni principali' });
    expect(await within(nav).findByText('Hai notifiche non lette: 4')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await act(async () => {
      fireEvent.click(within(nav).getByRole('link', { name: 'I miei tornei' }));
    });
    // The screen's code loads first (lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    const after = await screen.findByRole('navigation', { name: 'Sezioni principali' });
    await waitFor(() =>
      expect(within(after).getByRole('link', { name: 'I miei tornei' }).getAttribute('aria-current')).toBe(
        'page',
      ),
    );
    expect(within(after).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('is not there from 768 px up (the sidebar is)', async () => {
    stubPhoneWidth(false);
    stubApi({ 'GET /user': testUser() });
    renderApp('/home');
    expect(await screen.findByRole('navigation', { name: 'Navigazione principale' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sezioni principali' })).toBeNull();
  });
});
