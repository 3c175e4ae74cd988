/**
 * "Only tournaments I can enter" as a search condition (docs/decisions/206): the SQL twin of
 * `competitionEligible` in packages/shared (`entry-verdict.ts`), which the calendar in memory
 * runs as it is. A competition qualifies when one of its tournaments is eligible now — not
 * entered by the card, registration open for the card's band, gender, age classes and ranking
 * limit fitting — or, when its tournaments are not read, when its main draw (the list's type and
 * class, the competition's age codes and deadline) is. Every step the player's data cannot decide
 * is not eligible. `calendar-snapshot.test.ts` and `search-equality.test.ts` hold the twins equal.
 */
import { type EntryPlayer, rankingValue } from '@radar/shared';
import { type SQL, sql } from 'drizzle-orm';
import { competitions, tournamentDeadlines, tournaments } from '../../db/schema';
import type { MatchInstant } from './filter-sql';

/**
 * `rankingValue` of @radar/shared in SQL: `3.4` → 3.04, `4.NC` → 4.99, `2` → 2; null when the text
 * is not a ranking. Lower is better. (`\\s` in this template reaches the database as `\s`.)
 */
export function rankingValueSql(ranking: SQL): SQL<number | null> {
  return sql<number | null>`(case when ${ranking} ~* '^\\s*[0-9]+([.,]([0-9]{1,2}|nc))?\\s*$' then
    substring(${ranking} from '^\\s*([0-9]+)')::numeric
    + coalesce(
        case when ${ranking} ~* 'nc\\s*$' then 99
        else substring(${ranking} from '[.,]([0-9]{1,2})\\s*$')::numeric end,
        0) / 100
  end)`;
}

/** `drawLimitValue`: the ranking limit's value, else the class N as N.01 (a class 0 is none). */
const limitValueSql = (rankingLimit: SQL, categoryClass: SQL) =>
  sql`coalesce(${rankingValueSql(rankingLimit)}, nullif(${categoryClass}, 0) + 0.01)`;

/** The draws' gender of a list's draw type (`GENDER_OF_DRAW_TYPE`). */
const mainDrawGenderSql = sql`(case ${competitions.tipoTorneo} when 'Maschile' then 'M' when 'Femminile' then 'F'
  when 'DoppioM' then 'MM' when 'DoppioF' then 'FF' when 'Misto' then 'MF' end)`;

/** `genderStep` fits: a draw for the other gender only fails, and so does any gendered draw without the player's. */
function genderFitsSql(gender: SQL, player: EntryPlayer): SQL {
  if (player.gender === null) return sql`(${gender} is null or ${gender} !~ '^(F+|M+)$')`;
  // The gender that does not fit: a draw for the other one only.
  const other = player.gender === 'M' ? '^F+$' : '^M+$';
  return sql`(${gender} is null or ${gender} !~ ${other})`;
}

/** `ageStep` fits: no code or an open one (not `U<N>`/`O<N>`), else one admitting the player's age. */
function ageFitsSql(codes: SQL, player: EntryPlayer): SQL {
  const open = sql`code !~ '^[UO][0-9]+$'`;
  if (player.birthYear === null)
    return sql`(cardinality(${codes}) = 0 or exists (select 1 from unnest(${codes}) as a(code) where ${open}))`;
  const age = sql`(extract(year from ${competitions.startDate})::int - ${player.birthYear}::int)`;
  return sql`(cardinality(${codes}) = 0 or exists (select 1 from unnest(${codes}) as a(code) where ${open}
    or (code ~ '^U[0-9]+$' and ${age} <= substring(code from 2)::numeric)
    or (code ~ '^O[0-9]+$' and ${age} >= substring(code from 2)::numeric)))`;
}

/**
 * `registrationState` without the competition's part: the deadline of the first band holding the
 * card's ranking when the draw has bands (none holding it: closed; the referee's: open), else the
 * draw's deadline, the competition's, the federation's status.
 */
function deadlineOpenSql(uuid: SQL | null, drawClosesAt: SQL, own: number | null, now: SQL): SQL {
  const fallback = sql`(case when coalesce(${drawClosesAt}, ${competitions.registrationClosesAt}) is not null
    then coalesce(${drawClosesAt}, ${competitions.registrationClosesAt}) > ${now}
    else coalesce(${competitions.idStato} = 3, false) end)`;
  if (uuid === null || own === null) return fallback;
  const d = tournamentDeadlines;
  return sql`(case when exists (select 1 from ${d} where ${d.tournamentUuid} = ${uuid})
    then coalesce((select ${d.byReferee} or ${d.closesAt} is null or ${d.closesAt} > ${now} from ${d}
      where ${d.tournamentUuid} = ${uuid}
        and ${rankingValueSql(sql`${d.maxRank}`)} <= ${own}::numeric + 0.000001
        and ${rankingValueSql(sql`${d.minRank}`)} >= ${own}::numeric - 0.000001
      order by ${d.ordinal} limit 1), false)
    else ${fallback} end)`;
}

/** Competitions with a draw the player may enter now (`competitionEligible`). */
export function eligibleForPlayerSql(player: EntryPlayer, at: MatchInstant): SQL {
  const own = rankingValue(player.ranking);
  // The ranking step never fits without the card's ranking.
  if (own === null) return sql`false`;
  const now = sql`${at.now.toISOString()}::timestamptz`;
  const atMost = sql`${own}::numeric + 0.000001`;
  const competitionOpen = sql`(${competitions.startDate} > ${at.today}::date
    and (${competitions.registrationOpensAt} is null or ${competitions.registrationOpensAt} <= ${now}))`;
  const entered = [...player.entered];
  const t = tournaments;
  const notEntered =
    entered.length === 0
      ? sql`true`
      : sql`${t.uuid} not in (${sql.join(
          entered.map((uuid) => sql`${uuid}`),
          sql`, `,
        )})`;
  // `drawClosedByFederation`: the federation's `Chiuso` or `Eliminato`, any case, trimmed.
  const tournamentEligible = sql`${notEntered}
    and coalesce(lower(btrim(${t.federationStatus})) not in ('chiuso', 'eliminato'), true)
    and ${deadlineOpenSql(sql`${t.uuid}`, sql`${t.registrationClosesAt}`, own, now)}
    and ${genderFitsSql(sql`${t.gender}`, player)}
    and ${ageFitsSql(sql`${t.ageCodes}`, player)}
    and ${limitValueSql(sql`${t.rankingLimit}`, sql`${t.categoryClass}`)} <= ${atMost}`;
  const mainDrawEligible = sql`${deadlineOpenSql(null, sql`null::timestamptz`, own, now)}
    and ${genderFitsSql(mainDrawGenderSql, player)}
    and ${ageFitsSql(sql`${competitions.ageCodes}`, player)}
    and ${limitValueSql(sql`null::text`, sql`${competitions.catClass}`)} <= ${atMost}`;
  return sql`(${competitionOpen} and (
    exists (select 1 from ${t} where ${t.competitionGuid} = ${competitions.guid} and ${tournamentEligible})
    or (not exists (select 1 from ${t} where ${t.competitionGuid} = ${competitions.guid})
      and ${mainDrawEligible})
  ))`;
}
