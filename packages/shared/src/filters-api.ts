/**
 * Payloads of the filters API (spec §7): `GET/POST/DELETE /api/filters`,
 * `PUT/DELETE /api/filters/{id}`, `PATCH /api/filters/{id}/toggle`, `PATCH /api/filters/disable-all`.
 * Requests carry the fixed body of {@link filterBodySchema}; answers carry the saved filter.
 */
import { z } from 'zod';
import {
  CAT_CLASSES,
  CAT_ETA_VALUES,
  COD_FONTE_VALUES,
  FILTER_TIME_PERIODS,
  ID_STATO_VALUES,
  PRIZE_BANDS,
  TIPI_TORNEO,
} from './competitions';
import { WITHIN_KM_CHOICES } from './geo';

/** How many filters one user may keep (a guard, far above what a person uses). */
export const MAX_FILTERS_PER_USER = 50;

/**
 * Filters are refetched hourly and kept in the browser 60 minutes (spec §7, §9); on returning to
 * the tab they are refetched if the last load is over 10 minutes old and the last focus over 5 s.
 */
export const FILTERS_REFETCH_INTERVAL_MS = 60 * 60 * 1000;
export const FILTERS_LOCAL_CACHE_MS = 60 * 60 * 1000;
export const FILTERS_TAB_RETURN_STALE_MS = 10 * 60 * 1000;
export const FILTERS_TAB_RETURN_MIN_FOCUS_GAP_MS = 5 * 1000;

export const filterIdParamSchema = z.object({ id: z.uuid() });

/** A saved filter as the API answers it: the body's fields in canonical form ("all" = 0 or null). */
export const filterSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    notificationsEnabled: z.boolean(),
    codFonte: z.literal(COD_FONTE_VALUES),
    idStatopuc: z.literal(ID_STATO_VALUES),
    dataInizio: z.iso.date().nullable(),
    dataFine: z.iso.date().nullable(),
    regionId: z.number().int().nullable(),
    provinceId: z.number().int().nullable(),
    prize: z.literal(PRIZE_BANDS),
    tipoTorneo: z.enum(TIPI_TORNEO).nullable(),
    catClass: z.literal(CAT_CLASSES).nullable(),
    catEta: z.enum(CAT_ETA_VALUES).nullable(),
    timePeriod: z.enum(FILTER_TIME_PERIODS),
    /** "Within N km" of `nearPostalCode` (decision 202); null: anywhere. */
    withinKm: z.literal(WITHIN_KM_CHOICES).nullable(),
    /** The postal code the distance is measured from, as saved with the filter. */
    nearPostalCode: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Last-updated time (spec §3). */
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Filter' });
export type Filter = z.infer<typeof filterSchema>;

/** `GET /api/filters`: the user's filters, active ones first, then by name. */
export const filterListSchema = z.object({ items: z.array(filterSchema) }).meta({ id: 'FilterList' });
export type FilterList = z.infer<typeof filterListSchema>;

/** `PATCH /api/filters/disable-all` and `DELETE /api/filters`: how many filters changed. */
export const filterBulkResultSchema = z
  .object({ count: z.number().int().min(0) })
  .meta({ id: 'FilterBulkResult' });
export type FilterBulkResult = z.infer<typeof filterBulkResultSchema>;
