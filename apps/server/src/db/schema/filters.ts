import type { CatEta, FilterTimePeriod, TipoTorneo } from '@radar/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's saved filter (spec §3 Filter), column for column the filters API body
 * `{ name, notificationsEnabled, codFonte, idStatopuc, dataInizio, dataFine, regionId,
 * provinceId, prize, tipoTorneo, catClass, catEta, timePeriod }`. "All" is 0 for the codes
 * (codFonte, idStatopuc, prize) and null for the others, as `filterBodySchema` outputs them.
 * `notificationsEnabled` is the filter's active flag.
 */
export const filters = pgTable(
  'filters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    codFonte: integer('cod_fonte').notNull().default(0),
    idStatopuc: integer('id_statopuc').notNull().default(0),
    dataInizio: date('data_inizio', { mode: 'string' }),
    dataFine: date('data_fine', { mode: 'string' }),
    regionId: integer('region_id'),
    provinceId: integer('province_id'),
    prize: integer('prize').notNull().default(0),
    tipoTorneo: text('tipo_torneo').$type<TipoTorneo>(),
    catClass: integer('cat_class'),
    catEta: text('cat_eta').$type<CatEta>(),
    timePeriod: text('time_period').$type<FilterTimePeriod>().notNull().default('all'),
    /**
     * "Within N km" (decision 202): the radius, the postal code it is measured from and that
     * code's point, resolved when the filter was saved (the point is what matching reads).
     */
    withinKm: integer('within_km'),
    nearPostalCode: text('near_postal_code'),
    nearLat: doublePrecision('near_lat'),
    nearLng: doublePrecision('near_lng'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('filters_user_name_idx').on(table.userId, sql`lower(${table.name})`),
    // The matching engine's entry point (docs/decisions/040): the active filters by region
    // (0 = any) and draw key (`*|*|*` = any draw), the two criteria nearly every filter sets.
    // The expressions are those of `filterPlaceKeySql` and `filterDrawKeySql` in filter-sql.ts:
    // the filter's narrowest place (minus its province, else its region, else 0 for anywhere).
    // Since migration 0017 (decision 133) it also includes every column the matching predicate,
    // its reasons and its grouping read (`include (user_id, region_id, …)`, written by the
    // migration: drizzle cannot declare it), so the candidates are tested in the index alone.
    // Since migration 0019 (decision 137) the time period is its third key: a competition is a
    // candidate only for the filters whose period's window overlaps it (`filterCandidateSql`).
    index('filters_match_idx')
      .on(
        sql`(case when ${table.provinceId} is not null then -${table.provinceId} when ${table.regionId} is not null then ${table.regionId} else 0 end)`,
        sql`(coalesce(${table.tipoTorneo}, '*') || '|' || coalesce(${table.catClass}::text, '*') || '|' || coalesce(${table.catEta}, '*'))`,
        table.timePeriod,
      )
      .where(sql`${table.notificationsEnabled}`),
  ],
);

export type FilterRow = typeof filters.$inferSelect;
