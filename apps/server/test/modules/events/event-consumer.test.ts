import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeEvents, readCursor } from '../../../src/modules/events/event-consumer';
import type { NewCompetitionEvent } from '../../../src/modules/events/events';
import { insertEvents } from '../../../src/modules/ingestion/ingestion.repository';
import { createFederationTestApp, type FederationTestApp } from '../../helpers/competitions';

describe('consuming competition events', () => {
  let f: FederationTestApp;
  let guid: string;
  let serial = 0;

  beforeAll(async () => {
    f = await createFederationTestApp();
    const first = await f.test.database.db.query.competitions.findFirst();
    if (!first) throw new Error('the simulator calendar is empty');
    guid = first.guid;
  });
  afterAll(() => f.close());

  /** Records n events, alternating a document and a deadline change; returns their dedupe keys. */
  async function record(n: number): Promise<string[]> {
    const events: NewCompetitionEvent[] = Array.from({ length: n }, () => {
      serial++;
      return serial % 2
        ? {
            kind: 'new_document',
            competitionGuid: guid,
            tournamentUuid: null,
            itemKey: `doc-${serial}.pdf`,
            dedupeKey: `test:doc:${serial}`,
            payload: {
              competitionName: 'Open',
              tournamentDescription: 'Singolare',
              title: `Doc ${serial}`,
              url: null,
              date: null,
              publishedAt: null,
            },
          }
        : {
            kind: 'deadline_changed',
            competitionGuid: guid,
            tournamentUuid: null,
            itemKey: null,
            dedupeKey: `test:deadline:${serial}`,
            payload: {
              competitionName: 'Open',
              from: '2026-01-01T10:00:00Z',
              to: `2026-01-0${serial % 9}T10:00:00Z`,
            },
          };
    });
    await f.test.database.db.transaction((tx) => insertEvents(tx, events, new Date()));
    return events.map((event) => event.dedupeKey);
  }

  it('hands every event to the handler once, in order, batch by batch', async () => {
    const keys = await record(7);
    const seen: string[] = [];
    const handled = await consumeEvents(
      f.test.database.db,
      { consumer: 'test-all', kinds: ['new_document', 'deadline_changed'], batchSize: 3 },
      async (_tx, events) => {
        seen.push(...events.map((event) => event.dedupeKey));
      },
    );
    expect(handled).toBe(7);
    expect(seen).toEqual(keys);
    expect(
      await consumeEvents(f.test.database.db, { consumer: 'test-all', kinds: ['new_document'] }, async () => {
        throw new Error('nothing is left to handle');
      }),
    ).toBe(0);
  });

  it('steps over the kinds it does not want, and moves its cursor past them', async () => {
    const keys = await record(4);
    const seen: string[] = [];
    await consumeEvents(
      f.test.database.db,
      { consumer: 'test-docs', kinds: ['new_document'] },
      async (_tx, events) => {
        for (const event of events) {
          expect(event.kind).toBe('new_document');
          expect(event.payload.title).toMatch(/^Doc /);
          seen.push(event.dedupeKey);
        }
      },
    );
    expect(seen.slice(-2)).toEqual(keys.filter((key) => key.startsWith('test:doc:')));
    const [latest] = await f.test.database.db.query.competitionEvents.findMany({
      orderBy: (events, { desc }) => desc(events.id),
      limit: 1,
    });
    expect(await readCursor(f.test.database.db, 'test-docs')).toBe(latest?.id);
  });

  it('keeps the cursor where it was when the handler fails, so nothing is lost', async () => {
    await consumeEvents(
      f.test.database.db,
      { consumer: 'test-retry', kinds: ['new_document'] },
      async () => {},
    );
    const before = await readCursor(f.test.database.db, 'test-retry');
    const keys = await record(2);
    await expect(
      consumeEvents(f.test.database.db, { consumer: 'test-retry', kinds: ['new_document'] }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await readCursor(f.test.database.db, 'test-retry')).toBe(before);
    const seen: string[] = [];
    await consumeEvents(
      f.test.database.db,
      { consumer: 'test-retry', kinds: ['new_document'] },
      async (_tx, events) => {
        seen.push(...events.map((event) => event.dedupeKey));
      },
    );
    expect(seen).toEqual(keys.filter((key) => key.startsWith('test:doc:')));
  });

  it('stops the cursor before the event the handler asks to wait for, and starts there next time', async () => {
    await consumeEvents(
      f.test.database.db,
      { consumer: 'test-wait', kinds: ['new_document'] },
      async () => {},
    );
    const keys = await record(6);
    const first: string[] = [];
    let waitFor = 0;
    const handled = await consumeEvents(
      f.test.database.db,
      { consumer: 'test-wait', kinds: ['new_document', 'deadline_changed'], batchSize: 4 },
      async (_tx, events) => {
        const stop = events[2];
        if (!stop) throw new Error('expected a third event');
        waitFor = stop.id;
        first.push(...events.filter((event) => event.id < stop.id).map((event) => event.dedupeKey));
        return { stopBefore: stop.id };
      },
    );
    expect(handled).toBe(2);
    expect(first).toEqual(keys.slice(0, 2));
    expect(await readCursor(f.test.database.db, 'test-wait')).toBe(waitFor - 1);
    const rest: string[] = [];
    await consumeEvents(
      f.test.database.db,
      { consumer: 'test-wait', kinds: ['new_document', 'deadline_changed'], batchSize: 4 },
      async (_tx, events) => {
        rest.push(...events.map((event) => event.dedupeKey));
      },
    );
    expect(rest).toEqual(keys.slice(2));
  });

  it('never hands an event to two workers of the same consumer', async () => {
    await record(40);
    const seen: string[] = [];
    const run = () =>
      consumeEvents(
        f.test.database.db,
        { consumer: 'test-concurrent', kinds: ['new_document', 'deadline_changed'], batchSize: 5 },
        async (_tx, events) => {
          seen.push(...events.map((event) => event.dedupeKey));
        },
      );
    const counts = await Promise.all([run(), run(), run()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(seen.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(serial);
  });
});
