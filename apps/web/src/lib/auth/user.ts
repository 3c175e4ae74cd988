import type { SessionResponse, User } from '@radar/shared';
import { apiClient } from '../api-client';

/**
 * GET /api/session: the signed-in user, or null when the session is missing or over. A visitor
 * is a normal state answered with a 200, so a signed-out page logs no error (decision 150).
 */
export async function fetchUser(signal?: AbortSignal): Promise<User | null> {
  const { user } = await apiClient.get<SessionResponse>('/session', signal ? { signal } : {});
  return user;
}
