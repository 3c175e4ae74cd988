import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth, RequireSignedOut } from '@/components/auth/route-guards';
import { RootErrorBoundary, RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { RootLayout } from '@/components/layouts/root-layout';
import { FullScreenSpinner } from '@/components/ui/full-screen-spinner';

/**
 * The route table of spec §2. Every screen and layout is a separate chunk loaded on first
 * visit; the full-screen spinner shows while the first screen loads, the top progress bar on
 * later navigations. Guards apply spec §2's access rules: signed-out-only routes (landing and
 * authentication) send a signed-in user on, signed-in routes send a visitor to the login.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: FullScreenSpinner,
    children: [
      {
        lazy: () => import('@/components/layouts/public-layout').then((m) => ({ Component: m.PublicLayout })),
        children: [
          {
            Component: RequireSignedOut,
            children: [
              {
                index: true,
                lazy: () =>
                  import('@/features/landing/routes/landing').then((m) => ({ Component: m.LandingRoute })),
              },
              {
                path: 'auth/login',
                lazy: () => import('@/features/auth/routes/login').then((m) => ({ Component: m.LoginRoute })),
              },
              {
                path: 'auth/register',
                lazy: () =>
                  import('@/features/auth/routes/login').then((m) => ({ Component: m.RegisterRoute })),
              },
              {
                path: 'auth/verify',
                lazy: () =>
                  import('@/features/auth/routes/verify').then((m) => ({ Component: m.VerifyRoute })),
              },
              {
                path: 'auth/reset-password',
                lazy: () =>
                  import('@/features/auth/routes/reset-password').then((m) => ({
                    Component: m.ResetPasswordRoute,
                  })),
              },
              {
                path: 'auth/reset-password/confirm',
                lazy: () =>
                  import('@/features/auth/routes/reset-password').then((m) => ({
                    Component: m.ResetPasswordConfirmRoute,
                  })),
              },
            ],
          },
          {
            path: 'goodbye',
            lazy: () =>
              import('@/features/goodbye/routes/goodbye').then((m) => ({ Component: m.GoodbyeRoute })),
          },
          {
            path: 'privacy',
            lazy: () =>
              import('@/features/legal/routes/privacy').then((m) => ({ Component: m.PrivacyRoute })),
          },
          {
            path: 'terms',
            lazy: () => import('@/features/legal/routes/terms').then((m) => ({ Component: m.TermsRoute })),
          },
          {
            path: 'contact',
            lazy: () =>
              import('@/features/contact/routes/contact').then((m) => ({ Component: m.ContactRoute })),
          },
          {
            path: 'unsubscribe',
            lazy: () =>
              import('@/features/unsubscribe/routes/unsubscribe').then((m) => ({
                Component: m.UnsubscribeRoute,
              })),
          },
          {
            path: '*',
            lazy: () =>
              import('@/features/not-found/routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('@/components/layouts/app-layout').then((m) => ({ Component: m.AppLayout })),
            children: [
              {
                // Keeps the header and navigation on screen when a signed-in page fails.
                ErrorBoundary: RouteErrorBoundary,
                children: [
                  {
                    path: 'home',
                    lazy: () =>
                      import('@/features/home/routes/home').then((m) => ({ Component: m.HomeRoute })),
                  },
                  {
                    path: 'explore',
                    lazy: () =>
                      import('@/features/explore/routes/explore').then((m) => ({
                        Component: m.ExploreRoute,
                      })),
                  },
                  {
                    path: 'subscriptions',
                    lazy: () =>
                      import('@/features/subscriptions/routes/subscriptions').then((m) => ({
                        Component: m.SubscriptionsRoute,
                      })),
                  },
                  {
                    path: 'filters',
                    lazy: () =>
                      import('@/features/filters/routes/filters').then((m) => ({
                        Component: m.FiltersRoute,
                      })),
                  },
                  {
                    path: 'settings',
                    lazy: () =>
                      import('@/features/settings/routes/settings').then((m) => ({
                        Component: m.SettingsRoute,
                      })),
                  },
                  {
                    path: 'whatsnew',
                    lazy: () =>
                      import('@/features/whatsnew/routes/whatsnew').then((m) => ({
                        Component: m.WhatsNewRoute,
                      })),
                  },
                  {
                    path: 'communication/:notificationId?',
                    lazy: () =>
                      import('@/features/communication/routes/communication').then((m) => ({
                        Component: m.CommunicationRoute,
                      })),
                  },
                  {
                    path: 'competition/:guid',
                    lazy: () =>
                      import('@/features/competition/routes/competition').then((m) => ({
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
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
