import type { Home } from '@radar/shared';
import { describe, expect, it } from 'vitest';
import { agendaOf, deadlinePassed } from './agenda';

const DAYS = [
  '2027-06-07',
  '2027-06-08',
  '2027-06-09',
  '2027-06-10',
  '2027-06-11',
  '2027-06-12',
  '2027-06-13',
];

function week(fill: (days: Home['week']['days']) => void = () => {}): Home['week'] {
  const days: Home['week']['days'] = DAYS.map((date) => ({ date, tournaments: [], deadlines: [] }));
  fill(days);
  return { from: DAYS[0] ?? '', to: DAYS[6] ?? '', today: DAYS[0] ?? '', days };
}

const tournament = (guid: string, startDate: string, endDate: string) => ({
  subscriptionId: '00000000-0000-4000-8000-000000000001',
  guid,
  name: `Torneo ${guid}`,
  city: 'Roma',
  startDate,
  endDate,
});

describe('the phone agenda of the week', () => {
  it('keeps only the days with something on them; a multi-day tournament once, on its first day of the week', () => {
    const agenda = agendaOf(
      week((days) => {
        // 12–14 June: on Saturday and Sunday of this week (its last day is next week's Monday).
        days[5]?.tournaments.push(tournament('AAA', '2027-06-12', '2027-06-14'));
        days[6]?.tournaments.push(tournament('AAA', '2027-06-12', '2027-06-14'));
        // Started last week, still on Monday.
        days[0]?.tournaments.push(tournament('BBB', '2027-06-05', '2027-06-07'));
        days[2]?.deadlines.push({
          subscriptionId: '00000000-0000-4000-8000-000000000002',
          guid: 'CCC',
          name: 'Torneo CCC',
          closesAt: '2027-06-09T10:00:00.000Z',
        });
      }),
    );
    expect(agenda.map((day) => day.date)).toEqual(['2027-06-07', '2027-06-09', '2027-06-12']);
    expect(agenda[0]?.tournaments.map((x) => x.guid)).toEqual(['BBB']);
    expect(agenda[1]?.deadlines.map((x) => x.guid)).toEqual(['CCC']);
    expect(agenda[2]?.tournaments.map((x) => [x.guid, x.startDate, x.endDate])).toEqual([
      ['AAA', '2027-06-12', '2027-06-14'],
    ]);
    expect(agenda.flatMap((day) => day.tournaments).filter((x) => x.guid === 'AAA')).toHaveLength(1);
  });

  it('is empty for an empty week (one line, never seven empty boxes)', () => {
    expect(agendaOf(week())).toEqual([]);
  });

  it('says a deadline has passed from its instant on', () => {
    const now = Date.parse('2027-06-09T10:00:00.000Z');
    expect(deadlinePassed('2027-06-08T10:00:00.000Z', now)).toBe(true);
    expect(deadlinePassed('2027-06-09T10:00:00.000Z', now)).toBe(true);
    expect(deadlinePassed('2027-06-09T10:00:01.000Z', now)).toBe(false);
  });
});
