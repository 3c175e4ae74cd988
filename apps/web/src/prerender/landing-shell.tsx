import type { Language } from '@radar/shared';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
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
 * app draws only after its start (the cookie bar, what loads near the viewport) is not in it.
 */
export async function renderLandingShell(language: Language): Promise<string> {
  await loadCataloguePart('public', language);
  await i18n.changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  await routerReady(router);
  setRenderingOverHtml(true);
  const failures: unknown[] = [];
  try {
    // The whole page, its lazy sections included (prerender waits for them), with the markers
    // hydration needs (renderToStaticMarkup has none).
    const { prelude } = await prerender(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
      {
        // Every boundary inline: HTML that needs no script (React outlines large ones otherwise,
        // to be put in place by a script of its own).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A component that fails here would leave its part to the client: the build fails instead.
        onError: (error) => void failures.push(error),
      },
    );
    const html = await new Response(prelude).text();
    if (failures.length > 0) throw new AggregateError(failures, 'The landing failed to prerender');
    // The server renderer leaves its last context values on the shared context objects; an
    // empty render restores them (a client rendering in the same process, as a test does, would
    // find itself inside this render's router).
    await prerender(null);
    // The screen's <title> (React hoists it to <head> in the app) has no place in the body.
    return html.replace(/<title>[^<]*<\/title>/, '');
  } finally {
    setRenderingOverHtml(false);
    router.dispose();
  }
}
