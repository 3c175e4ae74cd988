import { describe, expect, it } from 'vitest';
import {
  ageClassOf,
  ageFits,
  competitionEligible,
  competitionVerdict,
  type EntryCompetition,
  type EntryDraw,
  type EntryPlayer,
  entryVerdict,
} from '../src/entry-verdict';

/** 10 March 2026, 12:00 in Rome. */
const NOW = new Date('2026-03-10T11:00:00Z');
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

const competition = (over: Partial<EntryCompetition> = {}): EntryCompetition => ({
  startDate: '2026-04-04',
  registrationOpensAt: null,
  registrationClosesAt: later(24 * 10),
  idStato: 4,
  tipoTorneo: 'Maschile',
  catClass: 4,
  ageCodes: [],
  ...over,
});

const draw = (over: Partial<EntryDraw> = {}): EntryDraw => ({
  uuid: 'T1',
  gender: 'M',
  ageCodes: ['NOR'],
  rankingLimit: '4.1',
  categoryClass: 4,
  registrationClosesAt: later(24 * 10),
  deadlines: [],
  federationStatus: 'Aperto',
  ...over,
});

const player = (over: Partial<EntryPlayer> = {}): EntryPlayer => ({
  ranking: '4.3',
  gender: 'M',
  birthYear: 1990,
  entered: new Set(),
  ...over,
});

const verdictOf = (
  over: { c?: Partial<EntryCompetition>; d?: Partial<EntryDraw>; p?: Partial<EntryPlayer> },
  now = NOW,
) => entryVerdict(competition(over.c), draw(over.d), player(over.p), now);

describe('the entry verdict of one draw (docs/decisions/206)', () => {
  it('says eligible when every step fits', () => {
    expect(verdictOf({})).toEqual({ verdict: 'eligible', detail: null });
  });

  it('says already entered when the card is in the entry list', () => {
    expect(verdictOf({ p: { entered: new Set(['T1']) } })).toEqual({ verdict: 'entered', detail: null });
  });

  it('says closed once the competition started or concluded', () => {
    expect(verdictOf({ c: { startDate: '2026-03-10' } }).verdict).toBe('closed');
    expect(verdictOf({ c: { startDate: '2026-03-01' } }).verdict).toBe('closed');
    expect(verdictOf({ c: { startDate: '2026-03-11' } }).verdict).toBe('eligible');
  });

  it('says closed before registration opens and after the draw’s deadline', () => {
    expect(verdictOf({ c: { registrationOpensAt: later(1) } }).verdict).toBe('closed');
    expect(verdictOf({ d: { registrationClosesAt: NOW } }).verdict).toBe('closed');
    expect(verdictOf({ d: { registrationClosesAt: later(0.01) } }).verdict).toBe('eligible');
  });

  it('says closed when the federation closed or deleted the draw, whatever its deadline', () => {
    expect(verdictOf({ d: { federationStatus: 'Chiuso' } }).verdict).toBe('closed');
    expect(verdictOf({ d: { federationStatus: ' ELIMINATO ' } }).verdict).toBe('closed');
    // Tolerant: an unknown or missing status leaves the deadline to decide.
    expect(verdictOf({ d: { federationStatus: 'In attesa' } }).verdict).toBe('eligible');
    expect(verdictOf({ d: { federationStatus: null } }).verdict).toBe('eligible');
    // Entered comes first: the card holder is told they are in.
    expect(verdictOf({ d: { federationStatus: 'Chiuso' }, p: { entered: new Set(['T1']) } }).verdict).toBe(
      'entered',
    );
  });

  it('falls back on the competition’s deadline, then on the federation’s status', () => {
    expect(
      verdictOf({ d: { registrationClosesAt: null }, c: { registrationClosesAt: later(-1) } }).verdict,
    ).toBe('closed');
    const none = { registrationClosesAt: null };
    expect(verdictOf({ d: none, c: { ...none, idStato: 3 } }).verdict).toBe('eligible');
    expect(verdictOf({ d: none, c: { ...none, idStato: 4 } }).verdict).toBe('closed');
  });

  it('reads the deadline of the card’s band, the first band holding the ranking', () => {
    const deadlines = [
      { minRank: '4.NC', maxRank: '4.1', closesAt: later(-2), byReferee: false },
      { minRank: '3.NC', maxRank: '1', closesAt: later(48), byReferee: false },
    ];
    // The draw's own (latest) deadline is still ahead: the 4th-category band's passed.
    expect(verdictOf({ d: { deadlines } }).verdict).toBe('closed');
    expect(verdictOf({ d: { deadlines, rankingLimit: '3.1' }, p: { ranking: '3.2' } }).verdict).toBe(
      'eligible',
    );
    // A band left to the referee is open; no band holding the card is closed.
    const referee = [{ minRank: '4.NC', maxRank: '4.1', closesAt: null, byReferee: true }];
    expect(verdictOf({ d: { deadlines: referee } }).verdict).toBe('eligible');
    const third = [deadlines[1] as (typeof deadlines)[number]];
    expect(verdictOf({ d: { deadlines: third } }).verdict).toBe('closed');
    // No band for a card above the draw's limit: the ranking is the reason.
    const fourth = [deadlines[0] as (typeof deadlines)[number]];
    expect(verdictOf({ d: { deadlines: fourth }, p: { ranking: '3.5' } })).toEqual({
      verdict: 'ranking',
      detail: '4.1',
    });
  });

  it('says a women’s or a men’s draw for the other gender; mixed and unknown draws fit both', () => {
    expect(verdictOf({ d: { gender: 'F' } })).toEqual({ verdict: 'gender', detail: 'F' });
    expect(verdictOf({ d: { gender: 'FF' } })).toEqual({ verdict: 'gender', detail: 'F' });
    expect(verdictOf({ d: { gender: 'MM' }, p: { gender: 'F' } })).toEqual({
      verdict: 'gender',
      detail: 'M',
    });
    expect(verdictOf({ d: { gender: 'MF' }, p: { gender: 'F' } }).verdict).toBe('eligible');
    expect(verdictOf({ d: { gender: null }, p: { gender: 'F' } }).verdict).toBe('eligible');
  });

  it('says out of age by the birth year within the tournament’s calendar year', () => {
    // 2026 − 2012 = 14: Under 14 admits, Under 12 does not; a younger player plays up.
    expect(verdictOf({ d: { ageCodes: ['U14'] }, p: { birthYear: 2012 } }).verdict).toBe('eligible');
    expect(verdictOf({ d: { ageCodes: ['U14'] }, p: { birthYear: 2011 } })).toEqual({
      verdict: 'age',
      detail: 'U14',
    });
    expect(verdictOf({ d: { ageCodes: ['U11', 'U12'] }, p: { birthYear: 2018 } }).verdict).toBe('eligible');
    // 2026 − 1981 = 45: Over 45 admits; 44 is too young.
    expect(verdictOf({ d: { ageCodes: ['O45', 'O50'] }, p: { birthYear: 1981 } }).verdict).toBe('eligible');
    expect(verdictOf({ d: { ageCodes: ['O45', 'O50'] }, p: { birthYear: 1982 } })).toEqual({
      verdict: 'age',
      detail: 'O45',
    });
    // Open codes admit every age.
    expect(verdictOf({ d: { ageCodes: ['U16', 'NOR'] }, p: { birthYear: 1950 } }).verdict).toBe('eligible');
  });

  it('says the ranking is above the limit, naming the limit', () => {
    expect(verdictOf({ d: { rankingLimit: '4.3' }, p: { ranking: '4.2' } })).toEqual({
      verdict: 'ranking',
      detail: '4.3',
    });
    expect(verdictOf({ d: { rankingLimit: null, categoryClass: 4 }, p: { ranking: '3.5' } })).toEqual({
      verdict: 'ranking',
      detail: '4.1',
    });
    expect(verdictOf({ d: { rankingLimit: '4.3' }, p: { ranking: '4.3' } }).verdict).toBe('eligible');
  });

  it('never guesses: gendered or age draws without the player’s data are unknown', () => {
    expect(verdictOf({ p: { gender: null } })).toEqual({ verdict: 'unknown', detail: 'profile' });
    expect(verdictOf({ d: { ageCodes: ['U14'] }, p: { birthYear: null } })).toEqual({
      verdict: 'unknown',
      detail: 'profile',
    });
    expect(verdictOf({ d: { gender: 'MF' }, p: { gender: null, birthYear: null } }).verdict).toBe('eligible');
    expect(verdictOf({ p: { ranking: null } })).toEqual({ verdict: 'unknown', detail: 'ranking' });
    expect(verdictOf({ d: { rankingLimit: null, categoryClass: null } })).toEqual({
      verdict: 'unknown',
      detail: 'ranking',
    });
  });

  it('gives the first reason in the stated order', () => {
    const everything = {
      c: { startDate: '2026-03-01' },
      d: { gender: 'F', ageCodes: ['U12'], rankingLimit: '4.5' },
      p: { entered: new Set(['T1']), birthYear: 1990, ranking: '3.1' },
    };
    expect(verdictOf(everything).verdict).toBe('entered');
    expect(verdictOf({ ...everything, p: { ...everything.p, entered: new Set<string>() } }).verdict).toBe(
      'closed',
    );
    const open = { ...everything, c: {}, p: { ...everything.p, entered: new Set<string>() } };
    expect(verdictOf(open).verdict).toBe('gender');
    expect(verdictOf({ ...open, d: { ...open.d, gender: 'M' } }).verdict).toBe('age');
    expect(verdictOf({ ...open, d: { ...open.d, gender: 'M', ageCodes: ['NOR'] } }).verdict).toBe('ranking');
    // A definite reason wins over a step the player's data cannot decide.
    expect(verdictOf({ ...open, p: { ...open.p, gender: null } }).verdict).toBe('age');
    expect(verdictOf({ d: { rankingLimit: '3.1' }, p: { gender: null, ranking: '2.1' } }).verdict).toBe(
      'ranking',
    );
  });
});

describe('a competition’s verdict in a list', () => {
  it('is eligible when one draw is, else entered, unknown, then the draw that came furthest', () => {
    const c = competition();
    const women = draw({ uuid: 'W', gender: 'F' });
    const men = draw({ uuid: 'M', rankingLimit: '4.5' });
    const menOpen = draw({ uuid: 'MO' });
    expect(competitionVerdict(c, [women, menOpen], player(), NOW).verdict).toBe('eligible');
    expect(competitionEligible(c, [women, menOpen], player(), NOW)).toBe(true);
    expect(competitionVerdict(c, [women, men], player(), NOW)).toEqual({ verdict: 'ranking', detail: '4.5' });
    expect(competitionEligible(c, [women, men], player(), NOW)).toBe(false);
    expect(competitionVerdict(c, [women, menOpen], player({ entered: new Set(['MO']) }), NOW).verdict).toBe(
      'entered',
    );
    expect(competitionVerdict(c, [women, menOpen], player({ gender: null }), NOW).verdict).toBe('unknown');
    expect(competitionEligible(c, [women, menOpen], player({ gender: null }), NOW)).toBe(false);
  });

  it('judges a competition whose tournaments are not read by its main draw', () => {
    expect(competitionVerdict(competition(), [], player(), NOW).verdict).toBe('eligible');
    expect(competitionVerdict(competition({ tipoTorneo: 'Femminile' }), [], player(), NOW)).toEqual({
      verdict: 'gender',
      detail: 'F',
    });
    expect(
      competitionVerdict(competition({ catClass: 4 }), [], player({ ranking: '3.3' }), NOW).verdict,
    ).toBe('ranking');
    expect(
      competitionVerdict(competition({ registrationClosesAt: later(-1) }), [], player(), NOW).verdict,
    ).toBe('closed');
  });
});

describe('age classes', () => {
  it('admit by the age reached in the calendar year', () => {
    expect(ageFits(['U14'], 14)).toBe(true);
    expect(ageFits(['U14'], 15)).toBe(false);
    expect(ageFits(['O45'], 45)).toBe(true);
    expect(ageFits(['O45'], 44)).toBe(false);
  });

  it('name a draw by its oldest Under, else its youngest Over', () => {
    expect(ageClassOf(['U08', 'U10'])).toBe('U10');
    expect(ageClassOf(['O50', 'O45'])).toBe('O45');
    expect(ageClassOf(['NOR'])).toBeNull();
  });
});
