import { STORAGE_KEYS } from '@radar/shared';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { routerReady, routes } from '@/app/router';
import { CONSENT_STORAGE_KEY } from '@/features/shell/lib/consent';
import { startSession } from '@/lib/auth/session-store';
import { isRenderingOverHtml, setRenderingOverHtml } from '@/lib/hydration';
import { i18n } from '@/lib/i18n';
import { renderLandingShell } from './landing-shell';

let root: Root | null = null;

/** A browser's IntersectionObserver that reports nothing (test/setup removes it). */
class QuietObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  // What loads near the viewport shows its placeholder, as in a browser (and in the prerender).
  vi.stubGlobal('IntersectionObserver', QuietObserver);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
  setRenderingOverHtml(false);
});

/**
 * Puts the prerendered landing in the page as index.html's script does, then hydrates it as
 * main.tsx does; answers what React reported and whether the hero's node is the prerendered one.
 */
async function hydrateLanding(language: 'it' | 'en', browserState?: () => Promise<void>) {
  // The build renders it with no browser state.
  const html = await renderLandingShell(language);
  expect(isRenderingOverHtml()).toBe(false);
  await browserState?.();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const hero = container.querySelector('#hero-title');
  expect(hero?.textContent).toBe('Radar Tornei');

  await i18n.changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  await routerReady(router);
  const errors: unknown[] = [];
  const consoleErrors = vi.spyOn(console, 'error');
  setRenderingOverHtml(true);
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  setRenderingOverHtml(false);
  const logged = consoleErrors.mock.calls
    .map((call) => call.map(String).join(' '))
    // React's development check that two renderers share a context: here the prerender and the
    // page share this process, which they never do in a build (the prerender runs in Vite's).
    .filter((message) => !message.startsWith('Detected multiple renderers concurrently rendering'));
  consoleErrors.mockRestore();
  return { errors, logged, container, sameHero: container.querySelector('#hero-title') === hero };
}

describe('the prerendered landing (decision 205)', () => {
  it('is what the app first renders for a visitor: hydration keeps it, with no mismatch', async () => {
    const { errors, logged, sameHero } = await hydrateLanding('it');
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(sameHero).toBe(true);
  });

  it('hydrates whatever the browser holds: a dark theme, an accepted consent, the session already answered', async () => {
    const { errors, logged, sameHero, container } = await hydrateLanding('en', async () => {
      window.localStorage.setItem(STORAGE_KEYS.theme, 'dark');
      window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
      // The session probe answered (a visitor) before the app started.
      startSession();
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    });
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(sameHero).toBe(true);
    expect(container.textContent).toContain('Never miss an Italian tennis tournament');
  });

  it('holds the sections below the hero, hydrated in place (their figures then load)', async () => {
    const { errors, logged, container } = await hydrateLanding('it');
    const stats = container.querySelector('#stats-title')?.closest('section');
    expect(stats).toBeTruthy();
    // The figures are asked for by the hydrated section (an effect), and written in its nodes.
    await vi.waitFor(() => expect(stats?.querySelector('dl')?.getAttribute('aria-busy')).toBe('false'), {
      timeout: 30_000,
    });
    expect(container.querySelector('#stats-title')?.closest('section')).toBe(stats);
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
  });
});
