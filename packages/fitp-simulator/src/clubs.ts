/** The tennis clubs of each province: they host the competitions and hold the players' cards. */
import { CLUB_NICKNAMES, CLUB_PATTERNS } from './names';
import { placesOf } from './places';
import { Rng } from './prng';

export interface Club {
  readonly name: string;
  readonly municipality: string;
}

/** Roughly one club per 40,000 inhabitants, at least 3 and at most 60 per province. */
const clubCountFor = (populationThousands: number): number =>
  Math.max(3, Math.min(60, Math.round(populationThousands / 40)));

export class ClubDirectory {
  private readonly cache = new Map<string, readonly Club[]>();

  constructor(private readonly seed: number) {}

  /** The clubs of a province (generated on first use, always the same for a seed). */
  of(sigla: string): readonly Club[] {
    let clubs = this.cache.get(sigla);
    if (!clubs) {
      clubs = this.generate(sigla);
      this.cache.set(sigla, clubs);
    }
    return clubs;
  }

  private generate(sigla: string): readonly Club[] {
    const rng = Rng.derive(this.seed, 'clubs', sigla);
    const places = placesOf(sigla);
    const [capital, ...others] = places.municipalities;
    const count = clubCountFor(places.populationThousands);
    const names = new Set<string>();
    const clubs: Club[] = [];
    for (let attempt = 0; clubs.length < count && attempt < count * 10; attempt++) {
      const municipality = others.length === 0 || rng.chance(0.45) ? (capital as string) : rng.pick(others);
      const pattern = rng.weighted(CLUB_PATTERNS);
      const name = pattern(municipality, rng.pick(CLUB_NICKNAMES));
      if (names.has(name)) continue;
      names.add(name);
      clubs.push({ name, municipality });
    }
    return clubs;
  }
}
