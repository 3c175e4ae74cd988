/** The inbox changes behind the user's back (new notifications), so it is fresh for 30 s only. */
export const INBOX_STALE_MS = 30_000;
/** How often the unread badge asks again while the app is open. */
export const UNREAD_POLL_MS = 60_000;
