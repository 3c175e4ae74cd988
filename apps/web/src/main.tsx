import './index.css';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startSession } from '@/lib/auth/session-store';
import { prepareFormatters } from '@/lib/format';
import { setRenderingOverHtml } from '@/lib/hydration';
import { getInitialLanguage, loadCataloguePart } from '@/lib/i18n';
import { appContainer, markFirstCommit } from '@/lib/prerendered-frame';
import { makeZodJitless } from '@/lib/zod-jitless';
import { App } from './app/app';
import { createAppRouter, routerReady } from './app/router';

type AppRouter = ReturnType<typeof createAppRouter>;

// zod never tries `new Function`: the CSP forbids eval (decision 164).
makeZodJitless();

// The session probe (GET /api/session) goes out with the first texts, not after the first render.
startSession();

/** Marks the app's first commit: as the app's next sibling, its layout effect runs after the app's. */
function FirstCommit() {
  useLayoutEffect(() => {
    setRenderingOverHtml(false);
    markFirstCommit();
  }, []);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// The texts of the first screens (the catalogue's public part, in the starting language) come
// before the first render: no screen ever shows a missing key (decision 162). Over a
// prerendered screen (index.html, decision 164) the first render also waits for the screen's
// modules: the landing is hydrated as it is (decision 205), the sign-in screen gives way to the
// same screen, never to a loading spinner.
const texts = loadCataloguePart('public');
// The router starts the first screen's route modules (and Vite adds a preload link for each of
// their files): in a task of its own, not in the one that ran every module of the entry.
const makingRouter = new Promise<AppRouter>((resolve) => setTimeout(() => resolve(createAppRouter()), 0));
// The locale's number data, loaded in a task of its own too (lib/format.ts).
setTimeout(() => prepareFormatters(getInitialLanguage()), 0);
// Over a signed-in screen's prerendered frame (decision 178) the app renders in a hidden
// container that takes the frame's place once the first screen is ready.
void Promise.all([
  makingRouter,
  texts,
  root.dataset.prerendered ? makingRouter.then(routerReady) : undefined,
]).then(([router]) => {
  const app = (
    <StrictMode>
      <App router={router} />
      <FirstCommit />
    </StrictMode>
  );
  // The prerendered landing is the app's own first render for a visitor (decision 205): React
  // hydrates it, keeping its nodes (no repaint, no click lost while the page is replaced). Its
  // buttons were inert until now; a press from here on waits for hydration.
  if (root.dataset.hydrate !== undefined) {
    for (const element of root.querySelectorAll<HTMLElement>('[inert]')) element.inert = false;
    setRenderingOverHtml(true);
    // A transition: hydration yields to the browser every few milliseconds (decision 164).
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError(error, info) {
          console.error('Hydration of the prerendered page failed:', error, info.componentStack ?? '');
        },
      });
    });
    return;
  }
  const reactRoot = createRoot(appContainer(root));
  // A transition: the first render yields to the browser every few milliseconds instead of
  // holding the main thread (Lighthouse's total blocking time), and over a prerendered screen
  // that screen stays until the app's replaces it whole (decision 164).
  startTransition(() => reactRoot.render(app));
});
