import type { AuthProvidersResponse } from '@radar/shared';
import { createResource } from '@/lib/resource';

/** GET /api/auth/providers: which social sign-in buttons to show (kept for the page's life). */
const authProviders = createResource<AuthProvidersResponse>('/auth/providers', Number.POSITIVE_INFINITY);

export const useAuthProviders = authProviders.use;
