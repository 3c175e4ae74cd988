import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router';
import { RequireAuth, RequireSignedOut } from '@/components/auth/route-guards';
import { RootErrorBoundary, RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { FullScreenSpinner } from '@/components/ui/full-screen-spinner';
import { loadCataloguePart } from '@/lib/i18n';
import { AppShell } from './app-shell';

/**
 * A route module whose screens say texts of the catalogue's `app` part (decision 162): the
 * module and the texts load together, so the screen never renders a missing key.
 */
function withAppTexts<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([loadCataloguePart('app'), load()]).then(([, module]) => module);
}

/**
 * The data layer (query cache and its persistence) as a lazy pathless layout (decision 160); its
 * first render waits for the kept cache's restore (decision 178).
 */
const dataLayer = () =>
  import('@/app/data-layer').then(async (m) => {
    await m.startPersistence();
    return { Component: m.DataLayer };
  });

/**
 * The route table of spec §2. Every screen and layout is a separate chunk loaded on first
 * visit; the full-screen spinner shows while the first screen loads, the top progress bar on
 * later navigations. Guards apply spec §2's access rules: signed-out-only routes (landing and
 * authentication) send a signed-in user on, signed-in routes send a visitor to the login.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppShell,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: FullScreenSpinner,
    children: [
      {
        lazy: () => import('@/components/layouts/public-layout').then((m) => ({ Component: m.PublicLayout })),
        children: [
          {
            // The landing shows while the session is checked (its prerendered first paint stays).
            element: <RequireSignedOut showWhileLoading />,
            children: [
              {
                index: true,
                lazy: () => import('@/app/routes/landing').then((m) => ({ Component: m.LandingRoute })),
              },
            ],
          },
          {
            // The sign-in screen too: its prerendered first paint stays (decision 164).
            element: <RequireSignedOut showWhileLoading />,
            children: [
              {
                path: 'auth/login',
                lazy: () => import('@/app/routes/auth/login').then((m) => ({ Component: m.LoginRoute })),
              },
            ],
          },
          {
            Component: RequireSignedOut,
            children: [
              {
                path: 'auth/register',
                lazy: () => import('@/app/routes/auth/login').then((m) => ({ Component: m.RegisterRoute })),
              },
              {
                path: 'auth/verify',
                lazy: () => import('@/app/routes/auth/verify').then((m) => ({ Component: m.VerifyRoute })),
              },
              {
                path: 'auth/reset-password',
                lazy: () =>
                  import('@/app/routes/auth/reset-password').then((m) => ({
                    Component: m.ResetPasswordRoute,
                  })),
              },
              {
                path: 'auth/reset-password/confirm',
                lazy: () =>
                  import('@/app/routes/auth/reset-password').then((m) => ({
                    Component: m.ResetPasswordConfirmRoute,
                  })),
              },
            ],
          },
          {
            path: 'goodbye',
            lazy: () => import('@/app/routes/goodbye').then((m) => ({ Component: m.GoodbyeRoute })),
          },
          {
            path: 'privacy',
            lazy: () =>
              withAppTexts(() => import('@/app/routes/privacy')).then((m) => ({ Component: m.PrivacyRoute })),
          },
          {
            path: 'terms',
            lazy: () =>
              withAppTexts(() => import('@/app/routes/terms')).then((m) => ({ Component: m.TermsRoute })),
          },
          {
            path: 'donate',
            lazy: () =>
              withAppTexts(() => import('@/app/routes/donate')).then((m) => ({ Component: m.DonateRoute })),
          },
          {
            path: 'ambassador',
            lazy: () =>
              withAppTexts(() => import('@/app/routes/ambassador')).then((m) => ({
                Component: m.AmbassadorRoute,
              })),
          },
          {
            // The public screens that call the API through the query cache.
            lazy: dataLayer,
            children: [
              {
                path: 'contact',
                lazy: () =>
                  withAppTexts(() => import('@/app/routes/contact')).then((m) => ({
                    Component: m.ContactRoute,
                  })),
              },
              {
                path: 'unsubscribe',
                lazy: () =>
                  withAppTexts(() => import('@/app/routes/unsubscribe')).then((m) => ({
                    Component: m.UnsubscribeRoute,
                  })),
              },
            ],
          },
          {
            path: '*',
            lazy: () => import('@/app/routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: dataLayer,
            children: [
              {
                lazy: () =>
                  withAppTexts(() => import('@/app/app-layout')).then((m) => ({ Component: m.AppLayout })),
                children: [
                  {
                    // Keeps the header and navigation on screen when a signed-in page fails.
                    ErrorBoundary: RouteErrorBoundary,
                    children: [
                      {
                        path: 'home',
                        lazy: () => import('@/app/routes/app/home').then((m) => ({ Component: m.HomeRoute })),
                      },
                      {
                        path: 'explore',
                        lazy: () =>
                          import('@/app/routes/app/explore').then((m) => ({
                            Component: m.ExploreRoute,
                          })),
                      },
                      {
                        path: 'subscriptions',
                        lazy: () =>
                          import('@/app/routes/app/subscriptions').then((m) => ({
                            Component: m.SubscriptionsRoute,
                          })),
                      },
                      {
                        path: 'filters',
                        lazy: () =>
                          import('@/app/routes/app/filters').then((m) => ({
                            Component: m.FiltersRoute,
                          })),
                      },
                      {
                        path: 'settings',
                        lazy: () =>
                          import('@/app/routes/app/settings').then((m) => ({
                            Component: m.SettingsRoute,
                          })),
                      },
                      {
                        path: 'whatsnew',
                        lazy: () =>
                          import('@/app/routes/app/whatsnew').then((m) => ({
                            Component: m.WhatsNewRoute,
                          })),
                      },
                      {
                        path: 'communication/:notificationId?',
                        lazy: () =>
                          import('@/app/routes/app/communication').then((m) => ({
                            Component: m.CommunicationRoute,
                          })),
                      },
                      {
                        path: 'competition/:guid',
                        lazy: () =>
                          import('@/app/routes/app/competition').then((m) => ({
                            Component: m.CompetitionRoute,
                          })),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The route table whose lazy modules each start loading in a task of their own (decision 178):
 * as an import starts, Vite adds a preload link for every file of the module, and the first
 * screen's three or four modules, started together by the router, made one long task of it.
 */
function inSeparateTasks(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const { lazy, children } = route;
    const next = { ...route } as RouteObject;
    if (typeof lazy === 'function')
      next.lazy = () => new Promise<void>((resolve) => setTimeout(resolve, 0)).then(lazy);
    if (children) next.children = inSeparateTasks(children);
    return next;
  });
}

export function createAppRouter() {
  return createBrowserRouter(inSeparateTasks(routes));
}

/** Resolves when `router` has loaded the first screen's modules (its lazy routes). */
export function routerReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
