import { type Filter, type FilterBody, MAX_FILTERS_PER_USER } from '@radar/shared';
import type { Db } from '../../db/client';
import type { FilterRow } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../http/errors';
import { criteriaOfFilterRow } from './filter-sql';
import {
  countFilters,
  deleteAllFilters,
  deleteFilter,
  disableAllFilters,
  type FilterValues,
  insertFilter,
  listFilters,
  lockUser,
  toggleFilter,
  updateFilter,
} from './filters.repository';

/** The unique index on (user_id, lower(name)): one name per user, whatever its case. */
const NAME_INDEX = 'filters_user_name_idx';

const nameTaken = () => new AppError('FILTER_NAME_TAKEN', 409);
const filterNotFound = () => new AppError('FILTER_NOT_FOUND', 404);
/** 409: the request is valid, but the account's current state (its filter count) forbids it. */
const limitReached = () => new AppError('FILTER_LIMIT_REACHED', 409, { count: MAX_FILTERS_PER_USER });

export function toFilterDto(row: FilterRow): Filter {
  return {
    id: row.id,
    name: row.name,
    notificationsEnabled: row.notificationsEnabled,
    ...criteriaOfFilterRow(row),
    // A saved filter's period is one of the four filter periods (the search has seven).
    timePeriod: row.timePeriod,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function valuesOf(body: FilterBody): FilterValues {
  return {
    name: body.name,
    notificationsEnabled: body.notificationsEnabled,
    codFonte: body.codFonte,
    idStatopuc: body.idStatopuc,
    dataInizio: body.dataInizio,
    dataFine: body.dataFine,
    regionId: body.regionId,
    provinceId: body.provinceId,
    prize: body.prize,
    tipoTorneo: body.tipoTorneo,
    catClass: body.catClass,
    catEta: body.catEta,
    timePeriod: body.timePeriod,
  };
}

/** A duplicate name becomes FILTER_NAME_TAKEN, also when two requests race past each other. */
async function guardName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === NAME_INDEX) throw nameTaken();
    throw error;
  }
}

/** A user's saved filters (spec §7 filters calls). Every call acts on the caller's own filters only. */
export function createFiltersService({ db, now }: { db: Db; now: () => Date }) {
  return {
    async list(userId: string): Promise<Filter[]> {
      return (await listFilters(db, userId)).map(toFilterDto);
    },

    async create(userId: string, body: FilterBody): Promise<Filter> {
      const row = await guardName(() =>
        db.transaction(async (tx) => {
          await lockUser(tx, userId);
          if ((await countFilters(tx, userId)) >= MAX_FILTERS_PER_USER) throw limitReached();
          return insertFilter(tx, userId, valuesOf(body), now());
        }),
      );
      return toFilterDto(row);
    },

    async update(userId: string, id: string, body: FilterBody): Promise<Filter> {
      const row = await guardName(() => updateFilter(db, userId, id, valuesOf(body), now()));
      if (!row) throw filterNotFound();
      return toFilterDto(row);
    },

    async toggle(userId: string, id: string): Promise<Filter> {
      const row = await toggleFilter(db, userId, id, now());
      if (!row) throw filterNotFound();
      return toFilterDto(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteFilter(db, userId, id))) throw filterNotFound();
    },

    async disableAll(userId: string): Promise<{ count: number }> {
      return { count: await disableAllFilters(db, userId, now()) };
    },

    async removeAll(userId: string): Promise<{ count: number }> {
      return { count: await deleteAllFilters(db, userId) };
    },
  };
}
