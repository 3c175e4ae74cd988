import type { Filter } from '@radar/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataProviders } from '@/app/data-layer';
import { AppProviders } from '@/app/providers';
import { useAuth } from '@/lib/auth/auth-provider';
import { createQueryClient } from '@/lib/query-client';
import { apiError, stubFetch, testUser } from '../../../../test/api-stub';
import { savedFilter } from '../../../../test/fixtures/filters';
import { useFilters, useFiltersTabReturn } from './get-filters';
import { FILTERS_STORAGE_KEY, readLocalFilters, saveLocalFilters } from './local-cache';

const MINUTE = 60_000;
const USER = 'user-filters';

function Harness() {
  const { status, signOut } = useAuth();
  const filters = useFilters();
  useFiltersTabReturn();
  return (
    <div>
      <p>{status}</p>
      <ul aria-label="filtri">
        {filters.data?.items.map((f) => (
          <li key={f.id}>{f.name}</li>
        ))}
      </ul>
      <button type="button" onClick={() => void signOut()}>
        esci
      </button>
    </div>
  );
}

/** The filters API with a counter; answers `names` (changeable) and lets a test hold the answer. */
function stubApi() {
  const state = {
    listCalls: 0,
    names: ['Roma'],
    hold: null as Promise<void> | null,
    unauthorized: false,
  };
  stubFetch(async ({ method, url }) => {
    if (url.pathname === '/api/user') return testUser({ id: USER });
    if (url.pathname === '/api/logout' && method === 'POST') return null;
    if (url.pathname === '/api/filters' && method === 'GET') {
      state.listCalls += 1;
      if (state.unauthorized) return apiError('UNAUTHORIZED', 401);
      if (state.hold) await state.hold;
      return { items: state.names.map((name) => savedFilter({ name })) };
    }
    return apiError('NOT_FOUND', 404);
  });
  return state;
}

const names = () => screen.getByRole('list', { name: 'filtri' }).textContent;

function renderHarness() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <DataProviders>
        <Harness />
      </DataProviders>
    </AppProviders>,
  );
}

const focusWindow = async () => {
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
  });
};
const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('filters cache and refetch rules (spec §7, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the filters again every hour', async () => {
    const api = stubApi();
    renderHarness();
    await waitFor(() => expect(names()).toBe('Roma'));
    expect(api.listCalls).toBe(1);
    api.names = ['Roma', 'Torino'];
    await advance(59 * MINUTE);
    expect(api.listCalls).toBe(1);
    await advance(1 * MINUTE + 1000);
    await waitFor(() => expect(names()).toBe('RomaTorino'));
    expect(api.listCalls).toBe(2);
  });

  it('on tab return, loads them again only after 10 minutes since the last load and 5 seconds since the last focus', async () => {
    const api = stubApi();
    renderHarness();
    await waitFor(() => expect(names()).toBe('Roma'));
    expect(api.listCalls).toBe(1);

    // Back after 9 minutes: the list is recent enough.
    await advance(9 * MINUTE);
    await focusWindow();
    expect(api.listCalls).toBe(1);

    // Back at 9:58 (the load is not yet 10 minutes old), then again 3 s later (past 10 minutes,
    // but the previous focus was 3 s ago): nothing.
    await advance(58_000);
    await focusWindow();
    expect(api.listCalls).toBe(1);
    await advance(3_000);
    await focusWindow();
    expect(api.listCalls).toBe(1);

    // Back 10 s later: over 10 minutes since the load, over 5 s since the last focus.
    api.names = ['Milano'];
    await advance(10_000);
    await focusWindow();
    await waitFor(() => expect(names()).toBe('Milano'));
    expect(api.listCalls).toBe(2);

    // The page becoming visible again counts as a return too.
    await advance(11 * MINUTE);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(api.listCalls).toBe(3));
  });

  it('shows the copy kept in the browser at once on a new load if under 60 minutes old, then refreshes it', async () => {
    const api = stubApi();
    let release = () => {};
    api.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.names = ['Dal server'];
    saveLocalFilters(USER, [savedFilter({ name: 'Dal browser' })], Date.now() - 59 * MINUTE);
    renderHarness();
    await waitFor(() => expect(names()).toBe('Dal browser'));
    await waitFor(() => expect(api.listCalls).toBe(1));
    release();
    await waitFor(() => expect(names()).toBe('Dal server'));
    // The fresh answer is what the next load will show.
    expect(readLocalFilters(USER)?.items.map((f: Filter) => f.name)).toEqual(['Dal server']);
    expect(Date.now() - (readLocalFilters(USER)?.savedAt ?? 0)).toBeLessThan(MINUTE);
  });

  it('never shows a copy 60 minutes old or older, nor another user’s', async () => {
    const api = stubApi();
    let release = () => {};
    api.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    saveLocalFilters(USER, [savedFilter({ name: 'Vecchio' })], Date.now() - 60 * MINUTE);
    const { unmount } = renderHarness();
    await waitFor(() => expect(api.listCalls).toBe(1));
    expect(names()).toBe('');
    release();
    await waitFor(() => expect(names()).toBe('Roma'));
    unmount();

    saveLocalFilters('someone-else', [savedFilter({ name: 'Altrui' })], Date.now() - MINUTE);
    api.hold = new Promise<void>(() => {});
    renderHarness();
    await waitFor(() => expect(api.listCalls).toBe(2));
    expect(names()).toBe('');
  });

  it('forgets the browser copy on logout', async () => {
    stubApi();
    renderHarness();
    await waitFor(() => expect(names()).toBe('Roma'));
    await waitFor(() => expect(window.localStorage.getItem(FILTERS_STORAGE_KEY)).not.toBeNull());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'esci' }));
    });
    await waitFor(() => expect(screen.getByText('signedOut')).toBeTruthy());
    expect(window.localStorage.getItem(FILTERS_STORAGE_KEY)).toBeNull();
  });

  it('forgets the browser copy when a call answers 401', async () => {
    const api = stubApi();
    renderHarness();
    await waitFor(() => expect(names()).toBe('Roma'));
    await waitFor(() => expect(window.localStorage.getItem(FILTERS_STORAGE_KEY)).not.toBeNull());
    api.unauthorized = true;
    await advance(61 * MINUTE);
    await waitFor(() => expect(api.listCalls).toBe(2));
    await waitFor(() => expect(window.localStorage.getItem(FILTERS_STORAGE_KEY)).toBeNull());
  });
});
