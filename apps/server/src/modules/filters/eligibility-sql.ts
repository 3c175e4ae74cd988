/**
 * "Only tournaments I can enter" (docs/decisions/101) as a search condition: the SQL twin of
 * `eligibilityFor` in packages/shared. A competition qualifies when one of its draws has a limit
 * (its ranking limit, else its category class N read as N.1) whose value is at or below the card's
 * ranking value; a competition whose draws are not read yet is judged by its main draw's class.
 */
import { rankingValue } from '@radar/shared';
import { type SQL, sql } from 'drizzle-orm';
import { competitions, tournaments } from '../../db/schema';

/**
 * `rankingValue` of @radar/shared in SQL: `3.4` → 3.04, `4.NC` → 4.99, `2` → 2; null when the text
 * is not a ranking. Lower is better.
 */
export function rankingValueSql(ranking: SQL): SQL<number | null> {
  return sql<number | null>`(case when ${ranking} ~* '^\s*[0-9]+([.,]([0-9]{1,2}|nc))?\s*$' then
    substring(${ranking} from '^\s*([0-9]+)')::numeric
    + coalesce(
        case when ${ranking} ~* 'nc\s*$' then 99
        else substring(${ranking} from '[.,]([0-9]{1,2})\s*$')::numeric end,
        0) / 100
  end)`;
}

/** The value of a draw's limit in SQL (null when neither its ranking limit nor its class is known). */
const limitValueSql = sql`coalesce(
  case when t.ranking_limit ~* '^\\s*[0-9]+([.,]([0-9]{1,2}|nc))?\\s*$' then
    substring(t.ranking_limit from '^\\s*([0-9]+)')::numeric
    + coalesce(
        case when t.ranking_limit ~* 'nc\\s*$' then 99
        else substring(t.ranking_limit from '[.,]([0-9]{1,2})\\s*$')::numeric end,
        0) / 100
  end,
  t.category_class + 0.01)`;

/** Competitions the card may enter; nothing qualifies when the card's ranking is unknown. */
export function eligibleForCardSql(cardRanking: string | null): SQL {
  const own = rankingValue(cardRanking);
  if (own === null) return sql`false`;
  const value = sql`${own}::numeric + 0.000001`;
  return sql`(
    exists (select 1 from ${tournaments} t
      where t.competition_guid = ${competitions.guid} and ${limitValueSql} <= ${value})
    or (not exists (select 1 from ${tournaments} t where t.competition_guid = ${competitions.guid})
      and ${competitions.catClass} + 0.01 <= ${value})
  )`;
}
