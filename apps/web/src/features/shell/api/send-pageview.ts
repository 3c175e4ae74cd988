import { apiClient } from '@/lib/api-client';

/**
 * `POST /api/analytics/pageview {path}`: first-party, cookieless page analytics (spec §2). The
 * server counts views per day and route, storing no IP and no user id. Never fails the page.
 */
export async function sendPageview(path: string): Promise<void> {
  try {
    await apiClient.post('/analytics/pageview', { path });
  } catch {
    // Analytics is best effort: a lost page view must not disturb the user.
  }
}
