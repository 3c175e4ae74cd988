import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/api-stub';
import { renderApp } from '../../../../test/test-utils';
import { CONSENT_STORAGE_KEY, resetConsentSession } from '../lib/consent';

const pageviews = (calls: ReturnType<typeof stubApi>) =>
  calls
    .filter((call) => call.method === 'POST' && call.path === '/analytics/pageview')
    .map((call) => call.body);

function standalone(on: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        media: query,
        matches: on && query.includes('standalone'),
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  resetConsentSession();
  vi.unstubAllGlobals();
});

describe('cookie consent bar and page analytics', () => {
  it('sends no page view before consent; Accept stores it and counts this page and the next', async () => {
    const calls = stubApi({ 'POST /analytics/pageview': null });
    const { router } = renderApp('/privacy');
    const bar = await screen.findByRole('region', { name: 'Consenso ai cookie' });
    expect(bar.querySelector('a[href="/privacy"]')).not.toBeNull();
    expect(pageviews(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Accetta' }));
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    // The bar goes with the next render (which a busy machine may delay past the click).
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Consenso ai cookie' })).toBeNull());
    await waitFor(() => expect(pageviews(calls)).toEqual([{ path: '/privacy' }]));

    await act(() => router.navigate('/terms?x=1'));
    await waitFor(() => expect(pageviews(calls)).toEqual([{ path: '/privacy' }, { path: '/terms' }]));
    // The query string is not a new page.
    await act(() => router.navigate('/terms?x=2'));
    expect(pageviews(calls)).toHaveLength(2);
  });

  it('Decline hides the bar for this session only, stores nothing and sends nothing', async () => {
    const calls = stubApi({ 'POST /analytics/pageview': null });
    const first = renderApp('/privacy');
    fireEvent.click(await screen.findByRole('button', { name: 'Rifiuta' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Consenso ai cookie' })).toBeNull());
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
    await act(() => first.router.navigate('/terms'));
    expect(pageviews(calls)).toEqual([]);
    first.unmount();

    // Same session: still hidden. A new visit (session) asks again.
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Consenso ai cookie' })).toBeNull();
    resetConsentSession();
    expect(await screen.findByRole('region', { name: 'Consenso ai cookie' })).not.toBeNull();
  });

  it('in installed mode the consent is accepted by itself and the bar never shows', async () => {
    standalone(true);
    const calls = stubApi({ 'POST /analytics/pageview': null });
    renderApp('/privacy');
    await waitFor(() => expect(pageviews(calls)).toEqual([{ path: '/privacy' }]));
    expect(screen.queryByRole('region', { name: 'Consenso ai cookie' })).toBeNull();
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
  });

  it('speaks English', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('en');
    renderApp('/privacy');
    expect(await screen.findByRole('button', { name: 'Accept' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Decline' })).not.toBeNull();
  });
});
