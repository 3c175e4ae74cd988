/** Names of competitions and tournaments, as clubs write them on the federation's calendar. */
import type { AgeCategory, CategoryClass, CodFonte, DrawType } from './model';
import { CLUB_NICKNAMES, FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, ORDINALS_FEMININE, SURNAMES } from './names';
import type { Rng } from './prng';

const DRAW_LABELS: Record<DrawType, string> = {
  Maschile: 'Singolare Maschile',
  Femminile: 'Singolare Femminile',
  DoppioM: 'Doppio Maschile',
  DoppioF: 'Doppio Femminile',
  Misto: 'Doppio Misto',
};

export interface TournamentNaming {
  readonly type: DrawType;
  readonly categoryClass: CategoryClass;
  readonly ageCategory: AgeCategory;
  /** `Under 14` / `Over 45` for youth and veterans tournaments. */
  readonly ageLabel: string | undefined;
  /** Team championships: `Serie C`, `Serie D1` … */
  readonly series: string | undefined;
}

/** `Singolare Femminile 4a categoria`, `Doppio Misto Over 45`, `Serie D1 Maschile`. */
export function describeTournament(t: TournamentNaming): string {
  if (t.series) return `${t.series} ${t.type === 'Femminile' ? 'Femminile' : 'Maschile'}`;
  const label = DRAW_LABELS[t.type];
  return t.ageLabel ? `${label} ${t.ageLabel}` : `${label} ${t.categoryClass}a categoria`;
}

const SEASONAL_NAMES: Record<number, readonly string[]> = {
  1: ['Torneo della Befana', "Torneo d'Inverno"],
  2: ['Torneo di Carnevale', "Torneo d'Inverno"],
  3: ['Torneo di Primavera'],
  4: ['Torneo di Primavera', 'Torneo di Pasqua'],
  5: ['Torneo di Primavera', 'Torneo di Maggio'],
  6: ["Torneo d'Estate", 'Torneo di Mezza Estate'],
  7: ["Torneo d'Estate", 'Torneo sotto le Stelle'],
  8: ['Torneo di Ferragosto', "Torneo d'Estate"],
  9: ['Torneo di Fine Estate', 'Torneo della Vendemmia'],
  10: ["Torneo d'Autunno"],
  11: ["Torneo d'Autunno", 'Torneo di San Martino'],
  12: ['Torneo di Natale', 'Torneo Open di Natale'],
};

export interface CompetitionNaming {
  readonly codFonte: CodFonte;
  readonly month: number;
  readonly city: string;
  readonly club: string;
  readonly regionName: string;
  readonly main: TournamentNaming;
}

export function nameCompetition(rng: Rng, c: CompetitionNaming): string {
  const { main } = c;
  if (c.codFonte === 3) {
    if (main.ageCategory === 'veterani') return `Campionato a squadre ${main.ageLabel ?? 'Over 45'}`;
    if (main.ageCategory === 'giovanili') return `Campionato a squadre ${main.ageLabel ?? 'Under 14'}`;
    const scope = rng.chance(0.5) ? 'Campionato a squadre' : `Campionato regionale ${c.regionName}`;
    return `${scope} ${describeTournament(main)}`;
  }
  if (c.codFonte === 2) {
    return rng.weighted<() => string>([
      [() => `Torneo TPRA ${c.city}`, 3],
      [() => `TPRA ${DRAW_LABELS[main.type]} - ${c.club}`, 3],
      [() => `TPRA Weekend ${rng.pick(CLUB_NICKNAMES)}`, 1],
      [() => `Circuito TPRA ${c.regionName}`, 1],
    ])();
  }
  if (main.ageCategory === 'giovanili') {
    return rng.weighted<() => string>([
      [() => `Torneo Giovanile ${main.ageLabel} ${c.city}`, 3],
      [() => `Trofeo Junior Città di ${c.city}`, 2],
      [() => `Circuito Giovanile ${c.regionName}`, 1],
    ])();
  }
  if (main.ageCategory === 'veterani') {
    return rng.weighted<() => string>([
      [() => `Torneo Veterani ${main.ageLabel}`, 2],
      [() => `Torneo ${main.ageLabel} ${c.city}`, 2],
    ])();
  }
  const base = rng.weighted<() => string>([
    [() => rng.pick(SEASONAL_NAMES[c.month] ?? ['Torneo Sociale']), 4],
    [() => `Trofeo Città di ${c.city}`, 3],
    [
      () =>
        `Torneo di ${ORDINALS_FEMININE[main.categoryClass]} categoria ${DRAW_LABELS[main.type].replace('Singolare ', '')}`,
      4,
    ],
    [
      () =>
        `Memorial ${rng.pick(rng.chance(0.8) ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES)} ${rng.pick(SURNAMES)}`,
      2,
    ],
    [() => `Coppa ${rng.pick(CLUB_NICKNAMES)}`, 1],
    [() => (main.categoryClass <= 2 ? `Open ${c.city}` : `Torneo ${c.club}`), 2],
    [() => `Campionati provinciali ${ORDINALS_FEMININE[main.categoryClass]} categoria`, 1],
  ])();
  return rng.chance(0.18) ? `${rng.int(2, 45)}° ${base}` : base;
}
