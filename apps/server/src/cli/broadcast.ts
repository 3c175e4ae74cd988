/**
 * `npm run broadcast -- "<message>" [--key <id>]`: a platform_updates notification for every
 * user (in the inbox; by email and push as each user's preferences say), created in batches.
 *
 * Running it again with the same message (or the same --key) creates nothing twice, so a run
 * that stopped half way can simply be repeated. With the embedded database (no DATABASE_URL)
 * the server must be stopped first: PGlite's data dir is for one process at a time; the
 * deliveries go out when the server (a worker) runs again.
 */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { asc, gt } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { bootstrap, readConfig } from '../bootstrap';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { declareDeliveryQueues } from '../jobs';
import { createQueue } from '../jobs/queue';
import { createLogger } from '../logger';
import { createNotifications } from '../modules/notifications/notifications.service';

export const BROADCAST_BATCH_SIZE = 500;

export type BroadcastResult = { key: string; users: number; created: number; duplicates: number };

/** The dedupe key of a broadcast: given, or derived from the message. */
export function broadcastKey(message: string, key?: string): string {
  return key?.trim() || createHash('sha256').update(message.trim()).digest('hex').slice(0, 24);
}

/**
 * Creates the broadcast for every user, `batchSize` users per transaction (keyset by id).
 * Each user's notification is keyed `platform_updates:<key>`, so a repeated run skips them.
 */
export async function broadcast(
  db: Db,
  queue: PgBoss,
  message: string,
  options: { key?: string; batchSize?: number; logger?: Logger } = {},
): Promise<BroadcastResult> {
  const text = message.trim();
  if (text === '') throw new Error('the message is empty');
  if (text.length > 2000) throw new Error('the message is longer than 2000 characters');
  const key = broadcastKey(text, options.key);
  const batchSize = options.batchSize ?? BROADCAST_BATCH_SIZE;
  const batchId = randomUUID();
  const result: BroadcastResult = { key, users: 0, created: 0, duplicates: 0 };
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select({ id: users.id })
      .from(users)
      .where(after ? gt(users.id, after) : undefined)
      .orderBy(asc(users.id))
      .limit(batchSize);
    if (page.length === 0) break;
    const { created, duplicates } = await createNotifications(
      db,
      page.map((user) => ({
        userId: user.id,
        type: 'platform_updates' as const,
        params: { message: text },
        dedupeKey: `platform_updates:${key}`,
      })),
      { queue, batchId },
    );
    result.users += page.length;
    result.created += created.length;
    result.duplicates += duplicates;
    options.logger?.info({ users: result.users, created: result.created }, 'broadcast progress');
    after = page.at(-1)?.id;
  }
  return result;
}

async function serverIsRunning(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { key: { type: 'string' } },
  });
  const message = positionals.join(' ');
  if (!message.trim()) {
    console.error('Usage: npm run broadcast -- "<message>" [--key <id>]');
    process.exit(2);
  }
  const config = readConfig();
  const logger = createLogger(config);
  if (!config.databaseUrl && (await serverIsRunning(config.port))) {
    console.error(
      `A server is running on port ${config.port} with the embedded database, which one process at a time ` +
        'may open: stop it first (or use DATABASE_URL), then run the broadcast again.',
    );
    process.exit(1);
  }
  const runtime = await bootstrap(config, logger);
  const { database } = runtime;
  const queue = createQueue(database, logger, { schedule: false });
  await queue.start();
  try {
    await declareDeliveryQueues(queue);
    const result = await broadcast(database.db, queue, message, { key: values.key, logger });
    logger.info(result, 'broadcast done: deliveries are sent by the workers');
  } finally {
    await queue.stop({ graceful: false, close: database.driver === 'postgres' });
    await runtime.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
