import type { Language } from '@radar/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppLayout } from '@/app/app-layout';
import { DataProviders } from '@/app/data-layer';
import { AppProviders } from '@/app/providers';
import { ExploreHeader } from '@/features/explore/components/explore-header';
import { i18n, loadCataloguePart } from '@/lib/i18n';
import { APP_FRAME_ATTRIBUTE } from '@/lib/prerendered-frame';
import { createQueryClient } from '@/lib/query-client';

/**
 * The first paint of /explore for a returning signed-in user, rendered at build time into
 * index.html (build/prerender-landing.ts, decisions 164 and 178): the real signed-in layout
 * (header and navigation, nothing known of the user yet: no account menu, no counts) and the
 * screen's title block, in `language`. The app renders behind it and takes its place whole when
 * its first screen is ready (src/lib/prerendered-frame.ts).
 */
export async function renderExploreFrame(language: Language): Promise<string> {
  await Promise.all([loadCataloguePart('public', language), loadCataloguePart('app', language)]);
  await i18n.changeLanguage(language);
  const queryClient = createQueryClient();
  const html = renderToStaticMarkup(
    <AppProviders>
      <DataProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={['/explore']}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route path="explore" element={<ExploreHeader />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </DataProviders>
    </AppProviders>,
  );
  // The layout's queries (never sent here) would hold the build open with their cache timers.
  queryClient.clear();
  // The screen's <title> (React hoists it to <head> in the app) has no place in the body.
  return `<div ${APP_FRAME_ATTRIBUTE}="">${html.replace(/<title>[^<]*<\/title>/, '')}</div>`;
}
