import { type Filter, type FilterBody, MAX_FILTERS_PER_USER } from '@radar/shared';
import type { Db } from '../../db/client';
import type { FilterRow } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../domain/errors';
import { placeOfPostalCode } from '../places/places';
import { criteriaOfFilterRow } from './filter-sql';
import type { FilterValues } from './filters.repository';
import * as repository from './filters.repository';

/** The unique index on (user_id, lower(name)): one name per user, whatever its case. */
const NAME_INDEX = 'filters_user_name_idx';

const nameTaken = () => new AppError('FILTER_NAME_TAKEN', 409);
const filterNotFound = () => new AppError('FILTER_NOT_FOUND', 404);
/** 409: the request is valid, but the account's current state (its filter count) forbids it. */
const limitReached = () => new AppError('FILTER_LIMIT_REACHED', 409, { count: MAX_FILTERS_PER_USER });

export function toFilterDto(row: FilterRow): Filter {
  const { near: _near, ...criteria } = criteriaOfFilterRow(row);
  return {
    id: row.id,
    name: row.name,
    notificationsEnabled: row.notificationsEnabled,
    ...criteria,
    // A saved filter's period is one of the four filter periods (the search has seven).
    timePeriod: row.timePeriod,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The filter's columns. "Within N km" keeps the point of its postal code as it is now (decision
 * 202): matching reads the point; an unknown postal code is refused before anything is written.
 */
function valuesOf(body: FilterBody): FilterValues {
  const near = body.withinKm === null ? null : body.nearPostalCode;
  const place = near === null ? null : placeOfPostalCode(near);
  if (near !== null && !place?.point) throw new AppError('POSTAL_CODE_UNKNOWN', 404, { postal: near });
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
    withinKm: near === null ? null : body.withinKm,
    nearPostalCode: near,
    nearLat: place?.point?.lat ?? null,
    nearLng: place?.point?.lng ?? null,
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

/**
 * A user's saved filters (spec §7 filters calls): every call takes these deps first (decision
 * 086) and acts on the caller's own filters only.
 */
export interface FiltersDeps {
  db: Db;
  now: () => Date;
}

export async function listFilters(deps: FiltersDeps, userId: string): Promise<Filter[]> {
  return (await repository.listFilters(deps.db, userId)).map(toFilterDto);
}

export async function createFilter(deps: FiltersDeps, userId: string, body: FilterBody): Promise<Filter> {
  const row = await guardName(() =>
    deps.db.transaction(async (tx) => {
      await repository.lockUser(tx, userId);
      if ((await repository.countFilters(tx, userId)) >= MAX_FILTERS_PER_USER) throw limitReached();
      return repository.insertFilter(tx, userId, valuesOf(body), deps.now());
    }),
  );
  return toFilterDto(row);
}

export async function updateFilter(
  deps: FiltersDeps,
  userId: string,
  id: string,
  body: FilterBody,
): Promise<Filter> {
  const row = await guardName(() => repository.updateFilter(deps.db, userId, id, valuesOf(body), deps.now()));
  if (!row) throw filterNotFound();
  return toFilterDto(row);
}

export async function toggleFilter(deps: FiltersDeps, userId: string, id: string): Promise<Filter> {
  const row = await repository.toggleFilter(deps.db, userId, id, deps.now());
  if (!row) throw filterNotFound();
  return toFilterDto(row);
}

export async function deleteFilter(deps: FiltersDeps, userId: string, id: string): Promise<void> {
  if (!(await repository.deleteFilter(deps.db, userId, id))) throw filterNotFound();
}

export async function disableAllFilters(deps: FiltersDeps, userId: string): Promise<{ count: number }> {
  return { count: await repository.disableAllFilters(deps.db, userId, deps.now()) };
}

export async function deleteAllFilters(deps: FiltersDeps, userId: string): Promise<{ count: number }> {
  return { count: await repository.deleteAllFilters(deps.db, userId) };
}
