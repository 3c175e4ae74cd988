import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** The app; `router` is given when main.tsx created it already (to wait for its first screen). */
export function App({ router: given }: { router?: ReturnType<typeof createAppRouter> }) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
