import type { User } from '@radar/shared';
import { apiClient, isApiClientError } from '../api-client';

/** The cached current user (null when signed out). */
export const userQueryKey = ['user'] as const;
/** The settings' profile, refetched with the user after a long absence (spec §4). */
export const profileQueryKey = ['profile'] as const;

/** GET /api/user: the signed-in user, or null when the session is missing or over (401). */
export async function fetchUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await apiClient.get<User>('/user', signal ? { signal } : {});
  } catch (error) {
    if (isApiClientError(error) && error.status === 401) return null;
    throw error;
  }
}
