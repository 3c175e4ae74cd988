import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { allPreferencesBody, notificationPreferencesSchema } from '@radar/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, listDevMailbox } from '../../../../src/channels/email/mailer';
import { createWebPushSender } from '../../../../src/channels/push/web-push';
import { notificationDeliveries } from '../../../../src/db/schema';
import { createQueue } from '../../../../src/jobs/queue';
import { claimEmailBatch } from '../../../../src/modules/notifications/delivery/deliveries.repository';
import { deliverEmail } from '../../../../src/modules/notifications/delivery/email';
import { DELIVERY_QUEUES } from '../../../../src/modules/notifications/delivery-queues';
import { getNotificationKeys } from '../../../../src/modules/notifications/notification-keys';
import { createNotifications } from '../../../../src/modules/notifications/notifications.service';
import { createUser, signIn } from '../../../helpers/factories';
import { startDeliveryWorkers } from '../../../helpers/jobs';
import { silentLogger } from '../../../helpers/logger';
import {
  deliveriesOf,
  deliveryOf,
  idsOf,
  newTournament,
  notify,
  waitFor,
  waitForSettled,
} from '../../../helpers/notifications';
import { createTestApp, type TestApp } from '../../../helpers/test-app';

const startWorker = (t: TestApp, boss: PgBoss | null = t.queue, localConcurrency = 2) => {
  if (!boss) throw new Error('queue expected');
  return startDeliveryWorkers(
    boss,
    { db: t.database.db, config: t.config, mailer: t.mailer, logger: silentLogger, now: () => new Date() },
    { localConcurrency, pollingIntervalSeconds: 0.5 },
  );
};

describe('notification emails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withQueue: true });
    await startWorker(t);
  });
  afterAll(() => t.close());

  it('sends one email in the user’s language, HTML and text, with the link and one-click unsubscribe', async () => {
    const user = await createUser(t.database.db, { language: 'en' });
    const firenze = newTournament(user.id, 'Open di Firenze');
    const result = await notify(t.database.db, t.queue, [firenze]);
    const [delivery] = await waitForSettled(t.database.db, idsOf(result));
    expect(delivery).toMatchObject({ channel: 'email', status: 'sent', attempts: 1, lastError: null });

    const [email] = await listDevMailbox(t.database.db, { to: user.email });
    expect(email?.subject).toBe('New tournament: Open di Firenze');
    expect(delivery?.messageId).toBe(email?.id);
    // The button opens the tournament (issue 31 point 8).
    const link = `${t.config.publicUrl}/competition/${firenze.params?.competitionGuid}`;
    expect(email?.html).toContain(`href="${link}"`);
    expect(email?.html).toMatch(/<html[^>]*\blang="en"/);
    expect(email?.text).toContain('A new tournament matches your filters: Open di Firenze.');
    expect(email?.text).toContain(link);
    expect(email?.text).toContain('Matches your filters on:');
    expect(email?.text).toContain('· Region');
    expect(email?.text).toContain('· Dates');
    expect(email?.text).toContain('Matching filters: 2');
    expect(email?.text).toContain('New tournaments');

    const listUnsubscribe = email?.headers['List-Unsubscribe'] ?? '';
    expect(email?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const match = /^<(.+)>$/.exec(listUnsubscribe);
    expect(match).not.toBeNull();
    const unsubscribeUrl = new URL(match?.[1] ?? '');
    expect(`${unsubscribeUrl.origin}${unsubscribeUrl.pathname}`).toBe(`${t.config.publicUrl}/unsubscribe`);
    expect(unsubscribeUrl.searchParams.get('groups')).toBe('new_tournaments');
    expect(email?.html).toContain(unsubscribeUrl.toString().replaceAll('&', '&amp;'));

    // RFC 8058: the mail client's POST, without any session, turns these emails off.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ unsubscribed: ['new_tournaments'] });
    const cookie = await signIn(t.database.db, user);
    const preferences = notificationPreferencesSchema.parse(
      (await t.app.inject({ url: '/api/notifications/preferences', headers: { cookie } })).json(),
    );
    expect(preferences.preferences.find((p) => p.group === 'new_tournaments')).toEqual({
      group: 'new_tournaments',
      email: false,
      push: true,
    });
    expect(preferences.preferences.find((p) => p.group === 'platform_updates')?.email).toBe(true);

    // The next new tournament reaches the inbox only.
    const next = await notify(t.database.db, t.queue, [newTournament(user.id, 'Open di Siena')]);
    expect(next.created[0]?.channels).toEqual([]);
    const inbox = (await t.app.inject({ url: '/api/notifications', headers: { cookie } })).json();
    expect(
      inbox.items.map((item: { params: { tournamentName: string } }) => item.params.tournamentName),
    ).toEqual(['Open di Siena', 'Open di Firenze']);
    expect(await listDevMailbox(t.database.db, { to: user.email })).toHaveLength(1);
  });

  it('sends the notifications of one run as one email listing them all', async () => {
    const user = await createUser(t.database.db, { language: 'it' });
    const other = await createUser(t.database.db, { language: 'it' });
    const items = Array.from({ length: 30 }, (_, index) => newTournament(user.id, `Torneo ${index + 1}`));
    const result = await notify(t.database.db, t.queue, [...items, newTournament(other.id, 'Solo uno')]);
    const settled = await waitForSettled(t.database.db, idsOf(result));
    // One email delivery row per user of the run, listing its notifications (decision 131).
    expect(settled).toHaveLength(2);
    expect(settled.every((row) => row.status === 'sent' && row.channel === 'email')).toBe(true);
    expect([...(settled.find((row) => row.userId === user.id)?.notificationIds ?? [])].sort()).toEqual(
      idsOf(result).slice(0, 30).sort(),
    );

    const emails = await listDevMailbox(t.database.db, { to: user.email });
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('Hai 30 nuove notifiche su Radar Tornei');
    for (let index = 1; index <= 30; index += 1)
      expect(emails[0]?.text).toContain(`Nuovo torneo: Torneo ${index}`);
    expect(emails[0]?.text).toContain('Vedi tutte le notifiche');
    // The run's delivery points at that one message.
    const mine = settled.filter((row) => row.userId === user.id);
    expect(mine.map((row) => row.messageId)).toEqual([emails[0]?.id]);

    const others = await listDevMailbox(t.database.db, { to: other.email });
    expect(others.map((email) => email.subject)).toEqual(['Nuovo torneo: Solo uno']);
  });

  it('says when registration closes (Rome time) and which document is new', async () => {
    const italian = await createUser(t.database.db, { language: 'it' });
    const english = await createUser(t.database.db, { language: 'en' });
    const result = await notify(t.database.db, t.queue, [
      {
        userId: italian.id,
        type: 'reminder_1d',
        // 17:00 UTC is 18:00 in Rome in November.
        params: { tournamentName: 'Open di Isernia', registrationDeadline: '2026-11-25T17:00:00.000Z' },
        dedupeKey: `reminder_1d:${randomUUID()}`,
      },
      {
        userId: english.id,
        type: 'new_document',
        params: { tournamentName: 'Open di Isernia', documentName: 'Regolamento' },
        dedupeKey: `new_document:${randomUUID()}`,
      },
    ]);
    // Documents are push-only by default: this user chose email too.
    expect(result.created.map((item) => item.channels)).toEqual([['email'], []]);
    await waitForSettled(t.database.db, idsOf(result));
    const [mail] = await listDevMailbox(t.database.db, { to: italian.email });
    expect(mail?.subject).toBe('Iscrizioni in chiusura domani');
    expect(mail?.text).toContain('Le iscrizioni a Open di Isernia chiudono tra un giorno.');
    expect(mail?.text).toContain('Chiusura iscrizioni: 25 nov 2026, 18:00');
    expect(mail?.html).toContain('Chiusura iscrizioni: 25 nov 2026, 18:00');

    const cookie = await signIn(t.database.db, english);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: { cookie },
      payload: { group: 'documents', channel: 'email', enabled: true },
    });
    const doc = await notify(t.database.db, t.queue, [
      {
        userId: english.id,
        type: 'new_document',
        params: { tournamentName: 'Open di Isernia', documentName: 'Regolamento' },
        dedupeKey: `new_document:${randomUUID()}`,
      },
    ]);
    await waitForSettled(t.database.db, idsOf(doc));
    const [documentMail] = await listDevMailbox(t.database.db, { to: english.email });
    expect(documentMail?.subject).toBe('New document: Open di Isernia');
    expect(documentMail?.text).toContain('Document: Regolamento');
  });

  it('delivers each email once with two workers taking the same batches at the same time', async () => {
    const second = createQueue(t.database, silentLogger, { schedule: false });
    await second.start();
    const third = createQueue(t.database, silentLogger, { schedule: false });
    await third.start();
    try {
      await startWorker(t, second, 4);
      await startWorker(t, third, 4);
      const people = await Promise.all(Array.from({ length: 4 }, () => createUser(t.database.db)));
      const batches = await Promise.all(
        people.map((person) =>
          notify(
            t.database.db,
            t.queue,
            Array.from({ length: 6 }, (_, index) => newTournament(person.id, `Gara ${index}`)),
          ),
        ),
      );
      // And the same people once more, in a second run each: a second email each.
      const secondRun = await Promise.all(
        people.map((person) => notify(t.database.db, t.queue, [newTournament(person.id, 'Seconda tornata')])),
      );
      const ids = [...batches, ...secondRun].flatMap(idsOf);
      const settled = await waitForSettled(t.database.db, ids);
      // One email row per person and run.
      expect(settled.map((row) => row.status)).toEqual(
        Array.from({ length: people.length * 2 }, () => 'sent'),
      );
      for (const person of people) {
        const emails = await listDevMailbox(t.database.db, { to: person.email });
        expect(emails.map((email) => email.subject).sort()).toEqual([
          'Hai 6 nuove notifiche su Radar Tornei',
          'Nuovo torneo: Seconda tornata',
        ]);
      }
      expect(settled.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await second.stop({ graceful: true, close: t.database.driver === 'postgres' });
      await third.stop({ graceful: true, close: t.database.driver === 'postgres' });
    }
  });
});

describe('an email job run by hand', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker here: each test runs the job's handler itself, as pg-boss would.
    t = await createTestApp({ withQueue: true });
  });
  afterAll(() => t.close());

  const context = async () => {
    const keys = await getNotificationKeys(t.database.db, t.config);
    return {
      db: t.database.db,
      config: t.config,
      mailer: t.mailer,
      keys,
      logger: silentLogger,
      push: createWebPushSender({ vapid: keys.vapid }),
      now: () => new Date(),
    };
  };
  const attempt = (deliveryId: string, retryCount = 0) => ({
    jobId: deliveryId,
    deliveryId,
    retryCount,
    retryLimit: 3,
  });

  const emailJobsOf = async (userIds: string[]) => {
    const result = (await t.database.db.execute(sql`
      select j.id::text as id, j.data->>'deliveryId' as "deliveryId", d.user_id as "userId"
      from pgboss.job j join notification_deliveries d on d.id = (j.data->>'deliveryId')::uuid
      where j.name = ${DELIVERY_QUEUES.email} and d.user_id in (${sql.join(
        userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    `)) as unknown as { rows: { id: string; deliveryId: string; userId: string }[] };
    return result.rows;
  };

  it('resumes its own claim after a crash mid-send; a later call of the batch gets its own row, job and email', async () => {
    const user = await createUser(t.database.db);
    // One batch written by two calls (as the matching engine does).
    const batchId = randomUUID();
    const first = await notify(t.database.db, t.queue, [newTournament(user.id, 'Primo')], batchId);
    const firstRow = await deliveryOf(t.database.db, idsOf(first)[0] ?? '', 'email');
    if (!firstRow) throw new Error('delivery expected');
    // The first job's attempt claimed the batch, then its worker died before sending.
    const claimed = await claimEmailBatch(t.database.db, firstRow.id, firstRow.id, new Date());
    expect(claimed.map((row) => row.id)).toEqual([firstRow.id]);

    // The second call finds the row claimed: it cannot join that email (decision 133), so it
    // writes its own row and job.
    const second = await notify(t.database.db, t.queue, [newTournament(user.id, 'Secondo')], batchId);
    const secondRow = await deliveryOf(t.database.db, idsOf(second)[0] ?? '', 'email');
    if (!secondRow) throw new Error('delivery expected');
    expect(secondRow.id).not.toBe(firstRow.id);
    expect(secondRow.notificationIds).toEqual(idsOf(second));
    expect((await emailJobsOf([user.id])).map((job) => job.id).sort()).toEqual(
      [firstRow.id, secondRow.id].sort(),
    );
    // Its job leaves the first one's claim alone and sends its own notification.
    expect(await deliverEmail(await context(), attempt(secondRow.id))).toMatchObject({
      outcome: 'sent',
      deliveries: 1,
      carried: [],
    });
    // The first job's retry sends the first notification, once.
    expect(await deliverEmail(await context(), attempt(firstRow.id, 1))).toMatchObject({
      outcome: 'sent',
      deliveries: 1,
    });
    expect(await deliverEmail(await context(), attempt(firstRow.id, 2))).toEqual({ outcome: 'not-claimed' });
    const emails = await listDevMailbox(t.database.db, { to: user.email });
    expect(emails).toHaveLength(2);
    const rows = await deliveriesOf(t.database.db, [...idsOf(first), ...idsOf(second)]);
    expect(rows.map((row) => [row.id, row.status, row.attempts])).toEqual([
      [firstRow.id, 'sent', 2],
      [secondRow.id, 'sent', 1],
    ]);
  });

  it('writes one email delivery row and one job per user and batch, the job’s id the row’s', async () => {
    const [one, two] = await Promise.all([createUser(t.database.db), createUser(t.database.db)]);
    const result = await notify(t.database.db, t.queue, [
      newTournament(one.id, 'Uno A'),
      newTournament(two.id, 'Due A'),
      newTournament(one.id, 'Uno B'),
      newTournament(one.id, 'Uno C'),
    ]);
    // Four notifications, two users: two email rows (not four), each listing its user's
    // notifications, none naming a single notification.
    const deliveries = await deliveriesOf(t.database.db, idsOf(result));
    expect(deliveries).toHaveLength(2);
    const idsOfUser = (userId: string) => result.created.filter((c) => c.userId === userId).map((c) => c.id);
    const rowOf = (userId: string) => deliveries.find((row) => row.userId === userId);
    expect(rowOf(one.id)).toMatchObject({ channel: 'email', status: 'pending', notificationId: null });
    expect([...(rowOf(one.id)?.notificationIds ?? [])].sort()).toEqual(idsOfUser(one.id).sort());
    expect(rowOf(two.id)).toMatchObject({ notificationId: null, notificationIds: idsOfUser(two.id) });
    expect(new Set(deliveries.map((row) => row.batchId)).size).toBe(1);
    const jobs = await emailJobsOf([one.id, two.id]);
    expect(jobs.map((job) => [job.userId, job.id, job.deliveryId]).sort()).toEqual(
      [
        [one.id, rowOf(one.id)?.id, rowOf(one.id)?.id],
        [two.id, rowOf(two.id)?.id, rowOf(two.id)?.id],
      ].sort(),
    );

    // That one job sends the user's three notifications as one email.
    const [job] = jobs.filter((row) => row.userId === one.id);
    expect(await deliverEmail(await context(), attempt(job?.id ?? ''))).toMatchObject({
      outcome: 'sent',
      deliveries: 3,
    });
    const emails = await listDevMailbox(t.database.db, { to: one.email });
    expect(emails.map((email) => email.subject)).toEqual(['Hai 3 nuove notifiche su Radar Tornei']);
    const mine = await deliveriesOf(
      t.database.db,
      result.created.filter((c) => c.userId === one.id).map((c) => c.id),
    );
    expect(mine.map((row) => row.status)).toEqual(['sent']);
  });

  it('appends a batch’s later calls to the user’s email row not claimed yet: one row, one job, one email', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const batchId = randomUUID();
    const first = await notify(t.database.db, t.queue, [newTournament(user.id, 'Prima')], batchId);
    const second = await notify(
      t.database.db,
      t.queue,
      [newTournament(user.id, 'Seconda'), newTournament(other.id, 'Altra'), newTournament(user.id, 'Terza')],
      batchId,
    );
    // Another batch is another email, even for the same user.
    const elsewhere = await notify(t.database.db, t.queue, [newTournament(user.id, 'Altrove')]);
    const ids = [...first.created, ...second.created].filter((c) => c.userId === user.id).map((c) => c.id);
    const rows = await deliveriesOf(t.database.db, ids);
    expect(rows).toHaveLength(1);
    // The row lists the batch's notifications in creation order.
    expect(rows[0]).toMatchObject({ status: 'pending', batchId, notificationIds: ids });
    const jobs = await emailJobsOf([user.id]);
    const elsewhereRow = await deliveryOf(t.database.db, idsOf(elsewhere)[0] ?? '', 'email');
    expect(jobs.map((job) => job.id).sort()).toEqual([rows[0]?.id, elsewhereRow?.id].sort());
    // The createNotifications answer says email for every one of them.
    expect(second.created.every((c) => c.channels.includes('email'))).toBe(true);

    expect(await deliverEmail(await context(), attempt(rows[0]?.id ?? ''))).toMatchObject({
      outcome: 'sent',
      deliveries: 3,
      carried: [],
    });
    const emails = await listDevMailbox(t.database.db, { to: user.email });
    expect(emails.map((email) => email.subject)).toEqual(['Hai 3 nuove notifiche su Radar Tornei']);
    expect((await emailJobsOf([other.id])).length).toBe(1);
  });

  it('sends a call’s notifications once when the batch’s job claims the row while that call appends to it', async () => {
    // The appending transaction holds the row until it commits: the job's claim waits for it
    // and sends the appended notification too (PostgreSQL: two connections; PGlite serialises
    // the two, with the same outcome). Nothing is lost, nothing sent twice.
    const user = await createUser(t.database.db);
    const batchId = randomUUID();
    const first = await notify(t.database.db, t.queue, [newTournament(user.id, 'Prima')], batchId);
    const row = await deliveryOf(t.database.db, idsOf(first)[0] ?? '', 'email');
    if (!row || !t.queue) throw new Error('delivery and queue expected');
    const queue = t.queue;
    let appendedIds: string[] = [];
    let appended!: () => void;
    const appendedSignal = new Promise<void>((resolve) => {
      appended = resolve;
    });
    // Read before the transaction opens: on PGlite any query waits for it to end.
    const jobContext = await context();
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const creating = t.database.db.transaction(async (tx) => {
      const result = await createNotifications(tx, [newTournament(user.id, 'Seconda')], { queue, batchId });
      appendedIds = result.created.map((c) => c.id);
      appended();
      // Still open while the job runs, until the test lets it commit.
      await committing;
    });
    await appendedSignal;
    const sending = deliverEmail(jobContext, attempt(row.id));
    // On PostgreSQL the transaction commits only once the job's claim is seen waiting for its
    // row lock; on PGlite every query of the job queues behind the open transaction anyway.
    try {
      if (t.database.driver === 'postgres') {
        await waitFor(
          async () => {
            const waiting = (await t.database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'
                    and query ilike '%notification_deliveries%for update%'`,
            )) as unknown as { rows: { n: number }[] };
            return (waiting.rows[0]?.n ?? 0) > 0;
          },
          { what: 'the job’s claim to wait for the row lock' },
        );
      }
    } finally {
      // Even when the wait failed: an open transaction would hold the database's close.
      commit();
    }
    await creating;
    expect(await sending).toMatchObject({ outcome: 'sent', deliveries: 2 });
    const rows = await deliveriesOf(t.database.db, [...idsOf(first), ...appendedIds]);
    expect(rows.map((r) => [r.id, r.status])).toEqual([[row.id, 'sent']]);
    expect(await emailJobsOf([user.id])).toHaveLength(1);
    expect(await listDevMailbox(t.database.db, { to: user.email })).toHaveLength(1);
  });

  it('still sends two pending email rows of one batch as one message (rows of the old shape)', async () => {
    const user = await createUser(t.database.db);
    const batchId = randomUUID();
    const first = await notify(t.database.db, t.queue, [newTournament(user.id, 'Prima')], batchId);
    const own = await deliveryOf(t.database.db, idsOf(first)[0] ?? '', 'email');
    // A second pending row of the batch, as migration 0014 left them (one per notification).
    const second = await notify(t.database.db, t.queue, [newTournament(user.id, 'Seconda')]);
    const moved = await deliveryOf(t.database.db, idsOf(second)[0] ?? '', 'email');
    await t.database.db
      .update(notificationDeliveries)
      .set({ batchId })
      .where(eq(notificationDeliveries.id, moved?.id ?? ''));
    const outcomes = await Promise.all([
      deliverEmail(await context(), attempt(moved?.id ?? '')),
      deliverEmail(await context(), attempt(own?.id ?? '')),
    ]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['not-claimed', 'sent']);
    expect(outcomes.find((outcome) => outcome.outcome === 'sent')).toMatchObject({ deliveries: 2 });
    const rows = await deliveriesOf(t.database.db, [...idsOf(first), ...idsOf(second)]);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(await listDevMailbox(t.database.db, { to: user.email })).toHaveLength(1);
  });

  it('skips what the user switched off after it was created', async () => {
    const user = await createUser(t.database.db);
    const [id] = idsOf(await notify(t.database.db, t.queue, [newTournament(user.id, 'Spento')]));
    const cookie = await signIn(t.database.db, user);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: { cookie },
      payload: { group: 'new_tournaments', channel: 'email', enabled: false },
    });
    const delivery = await deliveryOf(t.database.db, id ?? '', 'email');
    expect(await deliverEmail(await context(), attempt(delivery?.id ?? ''))).toMatchObject({
      outcome: 'skipped',
    });
    expect((await deliveryOf(t.database.db, id ?? '', 'email'))?.status).toBe('skipped');
    expect(await listDevMailbox(t.database.db, { to: user.email })).toEqual([]);
  });

  it('skips every group once the profile’s email switch is off, even groups still on', async () => {
    const user = await createUser(t.database.db);
    const created = await notify(t.database.db, t.queue, [
      newTournament(user.id, 'Interruttore'),
      {
        userId: user.id,
        type: 'platform_updates',
        params: { message: 'Novità' },
        dedupeKey: `platform_updates:${randomUUID()}`,
      },
    ]);
    expect(created.created.map((item) => item.channels)).toEqual([['email'], ['email']]);
    const cookie = await signIn(t.database.db, user);
    // Every group on, then the profile's master switch off: the switch wins.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences/bulk',
      headers: { cookie },
      payload: allPreferencesBody(true),
    });
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie },
      payload: { emailNotifications: false },
    });
    expect(profile.statusCode).toBe(200);
    const [first] = idsOf(created);
    const delivery = await deliveryOf(t.database.db, first ?? '', 'email');
    expect(await deliverEmail(await context(), attempt(delivery?.id ?? ''))).toMatchObject({
      outcome: 'skipped',
    });
    const rows = await deliveriesOf(t.database.db, idsOf(created));
    expect(rows.map((row) => row.status)).toEqual(['skipped']);
    expect(await listDevMailbox(t.database.db, { to: user.email })).toEqual([]);
    // And nothing new goes out by email while it stays off.
    const later = await notify(t.database.db, t.queue, [newTournament(user.id, 'Dopo')]);
    expect(later.created[0]?.channels).toEqual([]);
  });

  it('records a failure when the last attempt never finished', async () => {
    const user = await createUser(t.database.db);
    const [id] = idsOf(await notify(t.database.db, t.queue, [newTournament(user.id, 'Perso')]));
    const delivery = await deliveryOf(t.database.db, id ?? '', 'email');
    await t.database.db
      .update(notificationDeliveries)
      .set({ status: 'sending', claimedBy: delivery?.id, attempts: 3, lastError: 'connection reset' })
      .where(eq(notificationDeliveries.id, delivery?.id ?? ''));
    expect(await deliverEmail(await context(), attempt(delivery?.id ?? '', 3))).toMatchObject({
      outcome: 'failed',
      error: 'connection reset',
    });
    expect((await deliveryOf(t.database.db, id ?? '', 'email'))?.status).toBe('failed');
    expect(await listDevMailbox(t.database.db, { to: user.email })).toEqual([]);
  });

  it('leaves out of a digest the kinds switched off since, and sends the rest as before', async () => {
    const user = await createUser(t.database.db, { language: 'en' });
    const created = await notify(t.database.db, t.queue, [
      newTournament(user.id, 'Tolto'),
      {
        userId: user.id,
        type: 'platform_updates',
        params: { message: 'Rimasto' },
        dedupeKey: `platform_updates:${randomUUID()}`,
      },
      newTournament(user.id, 'Tolto anche'),
    ]);
    const rows = await deliveriesOf(t.database.db, idsOf(created));
    expect(rows).toHaveLength(1);
    const cookie = await signIn(t.database.db, user);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: { cookie },
      payload: { group: 'new_tournaments', channel: 'email', enabled: false },
    });
    expect(await deliverEmail(await context(), attempt(rows[0]?.id ?? ''))).toMatchObject({
      outcome: 'sent',
      deliveries: 1,
      skipped: 2,
    });
    // One message, the platform update alone (a single notification's subject, not a digest),
    // and an unsubscribe link naming only its group.
    const emails = await listDevMailbox(t.database.db, { to: user.email });
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).not.toContain('new notifications');
    expect(emails[0]?.text).toContain('Rimasto');
    expect(emails[0]?.text).not.toContain('Tolto');
    expect(
      new URL(/^<(.+)>$/.exec(emails[0]?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '').searchParams.get(
        'groups',
      ),
    ).toBe('platform_updates');
    expect((await deliveriesOf(t.database.db, idsOf(created))).map((row) => row.status)).toEqual(['sent']);
  });

  it('sends a row once when two workers run its job at the same time', async () => {
    const user = await createUser(t.database.db);
    const created = await notify(t.database.db, t.queue, [
      newTournament(user.id, 'Corsa A'),
      newTournament(user.id, 'Corsa B'),
    ]);
    const [row] = await deliveriesOf(t.database.db, idsOf(created));
    if (!row) throw new Error('delivery expected');
    // The job, and a second copy of it under another id (an expired attempt's twin): one claims.
    const outcomes = await Promise.all([
      deliverEmail(await context(), attempt(row.id)),
      deliverEmail(await context(), { ...attempt(row.id), jobId: randomUUID() }),
    ]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['not-claimed', 'sent']);
    const emails = await listDevMailbox(t.database.db, { to: user.email });
    expect(emails.map((email) => email.subject)).toEqual(['Hai 2 nuove notifiche su Radar Tornei']);
    expect((await deliveriesOf(t.database.db, idsOf(created))).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
    ]);
  });

  it('still sends an email row written before decision 131 (one notification, no list)', async () => {
    const user = await createUser(t.database.db);
    // The inbox row only (no delivery), then a delivery row of the old shape, as migration 0014
    // leaves settled rows (pending ones it converts to lists).
    const created = await notify(t.database.db, t.queue, [
      { ...newTournament(user.id, 'Vecchio'), type: 'new_document', params: { tournamentName: 'Vecchio' } },
    ]);
    expect(created.created[0]?.channels).toEqual([]);
    const [id] = idsOf(created);
    const [old] = await t.database.db
      .insert(notificationDeliveries)
      .values({ notificationId: id ?? '', userId: user.id, batchId: randomUUID(), channel: 'email' })
      .returning();
    expect(await deliverEmail(await context(), attempt(old?.id ?? ''))).toMatchObject({
      outcome: 'skipped',
    });
    // new_document is push-only by default: switching its email on sends the old row.
    await t.database.db
      .update(notificationDeliveries)
      .set({ status: 'pending' })
      .where(eq(notificationDeliveries.id, old?.id ?? ''));
    const cookie = await signIn(t.database.db, user);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: { cookie },
      payload: { group: 'documents', channel: 'email', enabled: true },
    });
    expect(await deliverEmail(await context(), attempt(old?.id ?? '', 1))).toMatchObject({
      outcome: 'sent',
      deliveries: 1,
    });
    expect(await listDevMailbox(t.database.db, { to: user.email })).toHaveLength(1);
  });

  it('converts a pending email row of the old shape in migration 0014, and sends it', async () => {
    const user = await createUser(t.database.db);
    const created = await notify(t.database.db, t.queue, [
      newTournament(user.id, 'Migrato A'),
      newTournament(user.id, 'Migrato B'),
      newTournament(user.id, 'Già inviato'),
    ]);
    // What 0013 left: one pending email row per notification, and a settled one.
    const batchId = randomUUID();
    const [sentId, ...ids] = [idsOf(created)[2] ?? '', ...idsOf(created).slice(0, 2)];
    const old = await t.database.db
      .insert(notificationDeliveries)
      .values([
        ...ids.map((id) => ({ notificationId: id, userId: user.id, batchId, channel: 'email' as const })),
        {
          notificationId: sentId,
          userId: user.id,
          batchId: randomUUID(),
          channel: 'email' as const,
          status: 'sent' as const,
        },
      ])
      .returning();
    const migration = readFileSync(
      fileURLToPath(new URL('../../../../drizzle/0014_one_email_delivery_per_batch.sql', import.meta.url)),
      'utf8',
    );
    const update = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .find((statement) => statement.startsWith('UPDATE'));
    expect(update).toBeDefined();
    await t.database.db.execute(sql.raw(update ?? ''));
    const after = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(
        inArray(
          notificationDeliveries.id,
          old.map((row) => row.id),
        ),
      );
    const byId = new Map(after.map((row) => [row.id, row]));
    for (const [index, id] of ids.entries()) {
      expect(byId.get(old[index]?.id ?? '')).toMatchObject({ notificationId: null, notificationIds: [id] });
    }
    // The settled one is history: untouched.
    expect(byId.get(old[2]?.id ?? '')).toMatchObject({ notificationId: sentId, notificationIds: null });
    // A queued job of the old kind (named by the first row) sends both in one message.
    expect(await deliverEmail(await context(), attempt(old[0]?.id ?? ''))).toMatchObject({
      outcome: 'sent',
      deliveries: 2,
      carried: [old[1]?.id],
    });
    const emails = await listDevMailbox(t.database.db, { to: user.email });
    expect(emails.map((email) => email.subject)).toEqual(['Hai 2 nuove notifiche su Radar Tornei']);
  });

  it('does nothing for a delivery that no longer exists', async () => {
    expect(await deliverEmail(await context(), attempt(randomUUID()))).toEqual({ outcome: 'not-claimed' });
  });
});

describe('notification emails over SMTP', () => {
  type Received = { to: string[]; raw: string };
  const received: Received[] = [];
  let refusals = 0;
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bounce')) {
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        }
        return callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          // The first message meets a busy server (a temporary 451), the retry gets through.
          if (refusals === 0) {
            refusals += 1;
            return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          }
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          return callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    t = await createTestApp({
      withQueue: true,
      mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Radar Tornei <noreply@radartornei.it>'),
    });
    await startWorker(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('retries a temporary refusal with backoff and records a permanent one as failed', async () => {
    const user = await createUser(t.database.db, { email: 'giulia@example.it' });
    const bounce = await createUser(t.database.db, { email: 'bounce@example.it' });
    const ok = await notify(t.database.db, t.queue, [newTournament(user.id, 'Open di Genova')]);
    const [delivered] = await waitForSettled(t.database.db, idsOf(ok));
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received.map((message) => message.to)).toEqual([['giulia@example.it']]);
    const raw = received[0]?.raw ?? '';
    expect(raw).toMatch(/^Subject: Nuovo torneo: Open di Genova\r?$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(raw.match(/^Message-ID: /gim)).toHaveLength(1);
    expect(raw).toContain('multipart/alternative');

    const failed = await notify(t.database.db, t.queue, [newTournament(bounce.id, 'Open di Bologna')]);
    const [rejected] = await waitForSettled(t.database.db, idsOf(failed));
    expect(rejected).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rejected?.lastError).toMatch(/550|Mailbox unavailable/);
    expect(received).toHaveLength(1);
  });
});
