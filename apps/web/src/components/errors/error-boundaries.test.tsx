import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';
import { RouteErrorBoundary } from './route-error-boundary';

/** A screen that fails to render until `fixed` is set, as a transient error would. */
let fixed = false;
function Flaky() {
  if (!fixed) throw new Error('render failed');
  return <p>Recovered content</p>;
}

/** What a lazy route throws when its chunk is gone after a deploy. */
function ChunkFailure(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/home-abc.js');
}

beforeEach(() => {
  fixed = false;
  // React and the boundaries log the caught error; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('AppErrorBoundary', () => {
  it("shows 'Something went wrong' and renders the children again on Try Again", () => {
    render(
      <AppErrorBoundary>
        <Flaky />
      </AppErrorBoundary>,
    );

    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Qualcosa è andato storto' })).toBeTruthy();
    expect(alert.textContent).toContain('Riprova');
    expect(screen.queryByText('Recovered content')).toBeNull();

    fixed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));

    expect(screen.getByText('Recovered content')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps showing the error screen while the failure persists', () => {
    render(
      <AppErrorBoundary>
        <Flaky />
      </AppErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(screen.getByRole('heading', { name: 'Qualcosa è andato storto' })).toBeTruthy();
  });
});

describe('RouteErrorBoundary', () => {
  function renderRoute() {
    const router = createMemoryRouter(
      [{ path: '/home', Component: Flaky, ErrorBoundary: RouteErrorBoundary }],
      { initialEntries: ['/home?tab=1'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('shows the error screen when a route fails and renders it again on Try Again', async () => {
    const router = renderRoute();
    expect(await screen.findByRole('heading', { name: 'Qualcosa è andato storto' })).toBeTruthy();

    fixed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));

    expect(await screen.findByText('Recovered content')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.search).toBe('?tab=1');
  });

  it('reloads the page when a screen failed to download (a new version was deployed)', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const router = createMemoryRouter([
      { path: '/', Component: ChunkFailure, ErrorBoundary: RouteErrorBoundary },
    ]);
    render(<RouterProvider router={router} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Riprova' }));

    expect(reload).toHaveBeenCalledTimes(1);
  });
});
