import type { Language } from '@radar/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { routerReady, routes } from '@/app/router';
import { setRenderingOverHtml } from '@/lib/hydration';
import { i18n, loadCataloguePart } from '@/lib/i18n';

/**
 * The landing as the app's first render draws it for a visitor, rendered at build time into
 * index.html (build/prerender-landing.ts, decisions 164 and 205): the whole app (its providers,
 * the real route table in a memory router at `/`) in `language`, nothing known of the session, so
 * the page paints from HTML before any script runs and main.tsx hydrates it as it is. What the
 * app draws only after its start (the sections below the hero, the cookie bar) is not in it.
 */
export async function renderLandingShell(language: Language): Promise<string> {
  await loadCataloguePart('public', language);
  await i18n.changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  await routerReady(router);
  setRenderingOverHtml(true);
  try {
    // renderToString, not renderToStaticMarkup: hydration needs its markers between texts.
    const html = renderToString(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
    // The screen's <title> (React hoists it to <head> in the app) has no place in the body.
    return html.replace(/<title>[^<]*<\/title>/, '');
  } finally {
    setRenderingOverHtml(false);
    router.dispose();
  }
}
