/**
 * What's New (spec §2): the product's changes (`WHATS_NEW` in @radar/shared, in the user's
 * language) and the platform updates the user received, with whether something arrived since
 * the user last opened it (the navigation's dot).
 */
import { type Language, romeDate, WHATS_NEW, type WhatsNew } from '@radar/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type User, whatsNewVisits } from '../../db/schema';
import { listPlatformUpdates } from '../home/home.repository';

export interface WhatsNewDeps {
  db: Db;
  now: () => Date;
}

export const PLATFORM_UPDATES_SHOWN = 50;

export async function getWhatsNew(
  deps: WhatsNewDeps,
  user: Pick<User, 'id' | 'createdAt'>,
  language: Language,
): Promise<WhatsNew> {
  const [visit] = await deps.db.select().from(whatsNewVisits).where(eq(whatsNewVisits.userId, user.id));
  const updates = await listPlatformUpdates(deps.db, user.id, PLATFORM_UPDATES_SHOWN);
  const today = romeDate(deps.now());
  // Entries dated in the future (a release prepared ahead) are not shown yet.
  const entries = WHATS_NEW.filter((e) => e.date <= today).map((e) => ({
    id: e.id,
    date: e.date,
    ...e.texts[language],
  }));
  // Before a first visit, what came after the account was created counts as unread.
  const baseline = visit?.seenAt ?? user.createdAt;
  const unread =
    entries.some((e) => e.date > romeDate(baseline)) || updates.some((u) => u.createdAt > baseline);
  return {
    entries,
    updates: updates.map((u) => ({
      id: u.id,
      message: u.params.message ?? '',
      createdAt: u.createdAt.toISOString(),
    })),
    lastSeenAt: visit?.seenAt.toISOString() ?? null,
    unread,
  };
}

/** Records that the user opened What's New now. */
export async function markWhatsNewSeen(deps: WhatsNewDeps, userId: string): Promise<void> {
  const seenAt = deps.now();
  await deps.db
    .insert(whatsNewVisits)
    .values({ userId, seenAt })
    .onConflictDoUpdate({ target: whatsNewVisits.userId, set: { seenAt } });
}
