import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { type CompetitionRow, competitions, subscriptions, tournaments } from '../../src/db/schema';

const upper = () => randomUUID().toUpperCase();

/** A competition with one tournament, written straight into our data (no federation). */
export async function insertCompetition(
  db: Db,
  values: Partial<typeof competitions.$inferInsert> & { startDate: string; endDate: string },
  tournamentValues: Partial<typeof tournaments.$inferInsert> = {},
): Promise<{ competition: CompetitionRow; guid: string; uuid: string }> {
  const guid = values.guid ?? upper();
  const uuid = tournamentValues.uuid ?? upper();
  const at = new Date('2026-01-01T00:00:00Z');
  const name = values.name ?? `Torneo ${guid.slice(0, 6)}`;
  const [competition] = await db
    .insert(competitions)
    .values({
      name,
      searchText: name.toLowerCase(),
      firstSeenAt: at,
      listSyncedAt: at,
      updatedAt: at,
      ...values,
      guid,
    })
    .returning();
  if (!competition) throw new Error('competition not inserted');
  await db.insert(tournaments).values({
    competitionGuid: guid,
    ordinal: 0,
    description: 'Singolare maschile 4a categoria',
    type: 'Maschile',
    categoryClass: 4,
    firstSeenAt: at,
    updatedAt: at,
    ...tournamentValues,
    uuid,
  });
  return { competition, guid, uuid };
}

/** The subscriptions calls, through inject(), as one user. */
export function subscriptionsClient(app: FastifyInstance, cookie: string) {
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  return {
    follow: (competitionGuid: string, tournamentUuid: string) =>
      call('POST', '/api/subscriptions/tournaments/subscribe', { competitionGuid, tournamentUuid }),
    unfollow: (id: string) => call('DELETE', `/api/subscriptions/tournaments/unsubscribe/${id}`),
    notifications: (id: string, enabled: boolean) =>
      call('PATCH', `/api/subscriptions/tournaments/subscribe/${id}/notifications`, { enabled }),
    lost: (id: string, lost: boolean) =>
      call('PATCH', `/api/subscriptions/tournaments/subscribe/${id}/lost`, { lost }),
    check: () => call('GET', '/api/subscriptions/check_subscriptions'),
    myTournaments: () => call('GET', '/api/subscriptions/my-tournaments'),
  };
}

/** Follows and returns the subscription id (fails the test otherwise). */
export async function followOk(client: ReturnType<typeof subscriptionsClient>, guid: string, uuid: string) {
  const { status, body } = await client.follow(guid, uuid);
  if (status !== 201) throw new Error(`follow answered ${status}: ${JSON.stringify(body)}`);
  return body.id as string;
}

/** These users follow one tournament of a competition, since `createdAt` (written straight in). */
export async function followedBy(
  db: Db,
  users: readonly { id: string }[],
  follow: { competitionGuid: string; tournamentUuid: string; createdAt: Date },
): Promise<void> {
  await db.insert(subscriptions).values(users.map((u) => ({ userId: u.id, ...follow })));
}
