import type { Language } from '@radar/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '@/app/providers';
import { LoginRoute } from '@/app/routes/auth/login';
import { PublicLayout } from '@/components/layouts/public-layout';
import { i18n, loadCataloguePart } from '@/lib/i18n';

/**
 * The sign-in screen's first paint, rendered at build time into index.html like the landing's
 * (build/prerender-landing.ts, decision 164): the public layout (header, the form, the footer)
 * with the real components in `language`, while nothing is known of the session. The app
 * replaces it with the same markup when it starts.
 */
export async function renderLoginShell(language: Language): Promise<string> {
  await loadCataloguePart('public', language);
  await i18n.changeLanguage(language);
  const html = renderToStaticMarkup(
    <AppProviders>
      <MemoryRouter initialEntries={['/auth/login']}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="auth/login" element={<LoginRoute />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  // The screen's <title> (React hoists it to <head> in the app) has no place in the body.
  return html.replace(/<title>[^<]*<\/title>/, '');
}
