import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { DataProviders } from '@/app/data-layer';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders the real route table at `path`, inside the real providers, with a fresh cache for the
 * routes' data layer (a screen outside it has none, as in the app).
 */
export function renderApp(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/**
 * Renders one component alone, inside the real providers, the data layer (a fresh cache) and a
 * router, at `/here` (other paths: 'elsewhere').
 */
export function renderInApp(element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/here', element: <DataProviders>{element}</DataProviders> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/here'] },
  );
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

export interface FakeMediaQuery {
  /** Flips the operating system's colour scheme and notifies listeners. */
  setDark: (dark: boolean) => void;
}

/** Replaces `window.matchMedia` with one whose `prefers-color-scheme: dark` answer we control. */
export function stubColorScheme(initiallyDark: boolean): FakeMediaQuery {
  let dark = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      get matches() {
        return query.includes('dark') ? dark : !dark;
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => true,
    })),
  );
  return {
    setDark(next) {
      dark = next;
      for (const listener of listeners)
        listener({ matches: next, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
    },
  };
}

/** Opens a Radix dropdown menu the way a pointer does. */
export function pointerDownOptions() {
  return { button: 0, ctrlKey: false, pointerType: 'mouse' } as const;
}

/** Opens explore's filter panel (its fields render only while it is open, decision 178). */
export async function openExploreFilters(): Promise<void> {
  const panel = screen.getByText('Filtri', { selector: 'summary' }).closest('details') as HTMLDetailsElement;
  await act(async () => {
    panel.open = true;
    panel.dispatchEvent(new Event('toggle'));
  });
}
