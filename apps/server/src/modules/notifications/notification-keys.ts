import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export type NotificationKeys = {
  /** HMAC key of the unsubscribe links. */
  unsubscribeSecret: Buffer;
  vapid: VapidKeys;
  /** Which keys were generated (kept in app_secrets) rather than given by the environment. */
  generated: { unsubscribeSecret: boolean; vapid: boolean };
};

const UNSUBSCRIBE_SECRET = 'unsubscribe_secret';
const VAPID_KEYS = 'vapid_keys';

/**
 * The value of an app secret, generating it on first use. Every process on the database
 * ends up with the same value: the first insert wins, the others read it back.
 */
export async function getOrCreateAppSecret(db: Db, name: string, generate: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app secret ${name} missing after insert`);
  return row.value;
}

async function resolveKeys(db: Db, config: Pick<Config, 'unsubscribeSecret' | 'vapid'>) {
  const unsubscribeSecret =
    config.unsubscribeSecret ??
    (await getOrCreateAppSecret(db, UNSUBSCRIBE_SECRET, () => randomBytes(32).toString('base64url')));
  let vapid: { publicKey: string; privateKey: string };
  if (config.vapid.publicKey && config.vapid.privateKey) {
    vapid = { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey };
  } else {
    const stored = await getOrCreateAppSecret(db, VAPID_KEYS, () =>
      JSON.stringify(webpush.generateVAPIDKeys()),
    );
    vapid = JSON.parse(stored) as { publicKey: string; privateKey: string };
  }
  return {
    unsubscribeSecret: Buffer.from(unsubscribeSecret, 'utf8'),
    vapid: { ...vapid, subject: config.vapid.subject },
    generated: { unsubscribeSecret: !config.unsubscribeSecret, vapid: !config.vapid.publicKey },
  } satisfies NotificationKeys;
}

const cache = new WeakMap<Db, Promise<NotificationKeys>>();

/**
 * The unsubscribe and VAPID keys: from the environment when given, else generated once and
 * kept in the database (app_secrets), so every API and worker process signs and pushes with
 * the same keys. Read once per database handle.
 */
export function getNotificationKeys(
  db: Db,
  config: Pick<Config, 'unsubscribeSecret' | 'vapid'>,
): Promise<NotificationKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = resolveKeys(db, config);
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}
