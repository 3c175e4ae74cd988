import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_FADE_MS, BANNER_HIDE_MS, IN_APP_NOTIFICATION_MESSAGE } from '../lib/in-app-notification';
import { InAppBanner } from './in-app-banner';

/** The page's side of the service worker: the app listens, the test posts as the worker would. */
function fakeServiceWorker() {
  const target = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
    },
  });
  return (data: unknown) => act(() => void target.dispatchEvent(new MessageEvent('message', { data })));
}

function renderBanner() {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <InAppBanner /> },
      { path: '/communication/:id', element: <p>detail page</p> },
    ],
    { initialEntries: ['/home'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const push = (title: string, body = '', url?: string) => ({
  type: IN_APP_NOTIFICATION_MESSAGE,
  title,
  body,
  url,
});

describe('in-app notification banner', () => {
  let post: ReturnType<typeof fakeServiceWorker>;
  beforeEach(() => {
    vi.useFakeTimers();
    post = fakeServiceWorker();
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('shows title and body, hides after 5 s with a 300 ms fade', () => {
    renderBanner();
    post(push('Nuovo torneo', 'Open di Rieti corrisponde al filtro Lazio'));
    const banner = screen.getByRole('status', { name: 'Nuova notifica' });
    expect(banner.textContent).toContain('Nuovo torneo');
    expect(banner.textContent).toContain('Open di Rieti corrisponde al filtro Lazio');
    expect(banner.dataset.state).toBe('open');

    act(() => vi.advanceTimersByTime(BANNER_HIDE_MS - 1));
    expect(banner.dataset.state).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    // Fading out: still in the page, transparent, for 300 ms.
    expect(banner.dataset.state).toBe('closed');
    expect(banner.classList.contains('opacity-0')).toBe(true);
    act(() => vi.advanceTimersByTime(BANNER_FADE_MS - 1));
    expect(screen.getByText('Nuovo torneo')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Nuovo torneo')).toBeNull();
  });

  it('a new notification replaces the shown one and restarts the 5 s', () => {
    renderBanner();
    post(push('Primo'));
    act(() => vi.advanceTimersByTime(4000));
    post(push('Secondo'));
    expect(screen.queryByText('Primo')).toBeNull();
    act(() => vi.advanceTimersByTime(4000));
    // 8 s after the first, 4 s after the second: still shown.
    expect(screen.getByRole('status', { name: 'Nuova notifica' }).dataset.state).toBe('open');
    act(() => vi.advanceTimersByTime(1000 + BANNER_FADE_MS));
    expect(screen.queryByText('Secondo')).toBeNull();
  });

  it('waits while the pointer is over it or focus is inside it; leaving restarts the 5 s', () => {
    renderBanner();
    post(push('Nuovo documento', 'Tabellone pubblicato', '/communication/42'));
    const banner = screen.getByRole('status', { name: 'Nuova notifica' });
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.pointerEnter(banner);
    act(() => vi.advanceTimersByTime(10_000));
    expect(banner.dataset.state).toBe('open');
    fireEvent.pointerLeave(banner);
    act(() => vi.advanceTimersByTime(BANNER_HIDE_MS - 1));
    expect(banner.dataset.state).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(banner.dataset.state).toBe('closed');
  });

  it('keeps the timer stopped while focus moves inside it', () => {
    renderBanner();
    post(push('Nuovo documento', 'Tabellone pubblicato', '/communication/42'));
    const banner = screen.getByRole('status', { name: 'Nuova notifica' });
    const details = screen.getByRole('button', { name: 'Vedi dettagli' });
    const dismiss = screen.getByRole('button', { name: 'Chiudi la notifica' });
    fireEvent.focus(details);
    fireEvent.blur(details, { relatedTarget: dismiss });
    fireEvent.focus(dismiss);
    act(() => vi.advanceTimersByTime(BANNER_HIDE_MS * 3));
    expect(banner.dataset.state).toBe('open');
    fireEvent.blur(dismiss, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(BANNER_HIDE_MS));
    expect(banner.dataset.state).toBe('closed');
  });

  it('dismiss closes it; without a url there is no View details', () => {
    renderBanner();
    post(push('Promemoria'));
    expect(screen.queryByRole('button', { name: 'Vedi dettagli' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi la notifica' }));
    expect(screen.getByRole('status', { name: 'Nuova notifica' }).dataset.state).toBe('closed');
    act(() => vi.advanceTimersByTime(BANNER_FADE_MS));
    expect(screen.queryByText('Promemoria')).toBeNull();
  });

  it('View details navigates in the app and closes the banner', () => {
    const router = renderBanner();
    post(push('Nuovo documento', 'Tabellone pubblicato', '/communication/42'));
    fireEvent.click(screen.getByRole('button', { name: 'Vedi dettagli' }));
    expect(router.state.location.pathname).toBe('/communication/42');
    expect(screen.getByText('detail page')).not.toBeNull();
  });

  it('ignores other service-worker messages and urls of other sites', () => {
    renderBanner();
    post({ type: 'navigate', url: '/home' });
    expect(screen.queryByRole('status')).toBeNull();
    post(push('Esterno', '', 'https://evil.example/x'));
    expect(screen.getByText('Esterno')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Vedi dettagli' })).toBeNull();
  });
});
