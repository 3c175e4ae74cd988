import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../src/db/schema';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { followOk, insertCompetition, subscriptionsClient } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('the personal calendar feed', () => {
  let t: TestApp;
  const clock = new Date('2026-11-23T10:00:00Z');
  let user: User;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, env: { PUBLIC_URL: 'https://radartornei.example' } });
    user = await createUser(t.database.db, { language: 'it' });
    cookie = await signIn(t.database.db, user);
  });
  afterAll(() => t.close());

  const feedPath = (url: string) => new URL(url).pathname;

  async function parse(url: string) {
    const response = await t.app.inject({ method: 'GET', url: feedPath(url) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // DTSTAMP in UTC, as RFC 5545 requires.
    expect(response.body.match(/^DTSTAMP:.*$/gm)?.every((l) => l.trim() === 'DTSTAMP:20261123T100000Z')).toBe(
      true,
    );
    const component = new ICAL.Component(ICAL.parse(response.body));
    return { component, events: component.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e)) };
  }

  it('answers 401 to a visitor and a secret address to a user, the same one each time', async () => {
    expect((await call(t.app, 'GET', '/api/calendar')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/calendar/reset')).statusCode).toBe(401);
    const first = (await call(t.app, 'GET', '/api/calendar', { cookie })).json();
    expect(first.url).toMatch(
      /^https:\/\/radartornei\.example\/api\/calendar\/feed\/[A-Za-z0-9_-]{32}\.ics$/,
    );
    expect(first.webcalUrl).toBe(first.url.replace('https://', 'webcal://'));
    const again = (await call(t.app, 'GET', '/api/calendar', { cookie })).json();
    expect(again.url).toBe(first.url);
  });

  it('holds an all-day event per followed tournament and a timed deadline with an alarm, in the user language', async () => {
    const client = subscriptionsClient(t.app, cookie);
    const open = await insertCompetition(t.database.db, {
      name: 'Open di Pescara',
      club: 'TC Pescara',
      city: 'Pescara',
      provinceSigla: 'PE',
      startDate: '2026-12-05',
      endDate: '2026-12-13',
      registrationOpensAt: new Date('2026-11-01T08:00:00Z'),
      registrationClosesAt: new Date('2026-12-02T11:00:00Z'),
    });
    const noDeadline = await insertCompetition(t.database.db, {
      name: 'Torneo senza scadenza',
      city: 'Bari',
      provinceSigla: 'BA',
      startDate: '2027-01-09',
      endDate: '2027-01-09',
    });
    const lost = await insertCompetition(t.database.db, {
      name: 'Perso',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
    });
    await followOk(client, open.guid, open.uuid);
    await followOk(client, noDeadline.guid, noDeadline.uuid);
    const lostId = await followOk(client, lost.guid, lost.uuid);
    expect((await client.lost(lostId, true)).status).toBe(200);

    const { url } = (await call(t.app, 'GET', '/api/calendar', { cookie })).json();
    const { component, events } = await parse(url);
    expect(component.getFirstPropertyValue('x-wr-calname')).toBe('Radar Tornei: i miei tornei');
    expect(component.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Rome');
    expect(events.map((e) => e.summary).sort()).toEqual([
      'Chiusura iscrizioni: Open di Pescara',
      'Open di Pescara',
      'Torneo senza scadenza',
    ]);

    const tournament = events.find((e) => e.summary === 'Open di Pescara');
    expect(tournament?.startDate.isDate).toBe(true);
    expect(tournament?.startDate.toString()).toBe('2026-12-05');
    // All-day ends are exclusive: the day after the last day.
    expect(tournament?.endDate.toString()).toBe('2026-12-14');
    expect(tournament?.location).toBe('TC Pescara, Pescara (PE)');
    expect(tournament?.uid).toBe(`competition-${open.guid.toLowerCase()}@radartornei.example`);

    const deadline = events.find((e) => e.summary.startsWith('Chiusura'));
    expect(deadline?.startDate.isDate).toBe(false);
    expect(deadline?.startDate.toJSDate().toISOString()).toBe('2026-12-02T11:00:00.000Z');
    expect(deadline?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Rome');
    expect(deadline?.startDate.hour).toBe(12); // noon in Rome (UTC+1)
    const alarm = deadline?.component.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('-P1D');
    expect(alarm?.getFirstPropertyValue('description')).toBe(
      'Le iscrizioni a Open di Pescara chiudono tra un giorno.',
    );

    // The UIDs stay the same from one read to the next.
    const second = await parse(url);
    expect(second.events.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
  });

  it('speaks English to an English user', async () => {
    const english = await createUser(t.database.db, { language: 'en' });
    const englishCookie = await signIn(t.database.db, english);
    const c = await insertCompetition(t.database.db, {
      name: 'Winter Open',
      startDate: '2026-12-20',
      endDate: '2026-12-21',
      registrationOpensAt: new Date('2026-11-01T08:00:00Z'),
      registrationClosesAt: new Date('2026-12-18T17:00:00Z'),
    });
    await followOk(subscriptionsClient(t.app, englishCookie), c.guid, c.uuid);
    const { url } = (await call(t.app, 'GET', '/api/calendar', { cookie: englishCookie })).json();
    const { component, events } = await parse(url);
    expect(component.getFirstPropertyValue('x-wr-calname')).toBe('Radar Tornei: my tournaments');
    expect(events.map((e) => e.summary)).toContain('Registration closes: Winter Open');
  });

  it('replaces the token on reset: the old address answers 404, the new one the feed', async () => {
    const before = (await call(t.app, 'GET', '/api/calendar', { cookie })).json();
    const reset = await call(t.app, 'POST', '/api/calendar/reset', {
      cookie,
      origin: 'https://radartornei.example',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const after = reset.json();
    expect(after.url).not.toBe(before.url);
    expect((await t.app.inject({ method: 'GET', url: feedPath(before.url) })).statusCode).toBe(404);
    expect((await parse(after.url)).events.length).toBeGreaterThan(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/calendar/feed/not-a-token.ics' })).statusCode,
    ).toBe(400);
  });
});
