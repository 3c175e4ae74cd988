import type { Language } from '@radar/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { PublicHeader } from '@/components/layouts/public-layout';
import { MAIN_CONTENT_ID } from '@/components/skip-link';
import { Hero } from '@/features/landing/components/hero';
import { i18n, loadCataloguePart } from '@/lib/i18n';
import { ThemeProvider } from '@/lib/theme-context';

/**
 * The landing's first paint, rendered at build time into index.html (build/prerender-landing.ts,
 * decision 164): the public header and the hero, the real components in `language`, so the
 * page paints its largest text before any script runs. The app replaces it with the same
 * markup when it starts, and adds the rest of the landing below.
 */
export async function renderLandingShell(language: Language): Promise<string> {
  await loadCataloguePart('public', language);
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <ThemeProvider>
      <MemoryRouter initialEntries={['/']}>
        <div className="flex min-h-dvh flex-col">
          <PublicHeader signedIn={false} onAuthScreen={false} />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
            <Hero />
          </main>
        </div>
      </MemoryRouter>
    </ThemeProvider>,
  );
}
