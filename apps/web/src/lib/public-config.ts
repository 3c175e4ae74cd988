import type { PublicConfig } from '@radar/shared';
import { createResource } from './resource';

/**
 * `GET /api/config/public`: the links shown only when configured (donation, community invitation,
 * app stores; null hides the element) and the app's address. One answer for every screen that
 * needs them (support pages, the app promotion bar), kept in memory for an hour: a plain call,
 * no query cache on the first load (decision 160).
 */
export const publicConfig = createResource<PublicConfig>('/config/public', 60 * 60 * 1000);

export const usePublicConfig = publicConfig.use;
