import {
  filterBodySchema,
  filterBulkResultSchema,
  filterIdParamSchema,
  filterListSchema,
  filterSchema,
} from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses';
import { requireUser } from '../auth/auth.plugin';
import {
  createFilter,
  deleteAllFilters,
  deleteFilter,
  disableAllFilters,
  type FiltersDeps,
  listFilters,
  toggleFilter,
  updateFilter,
} from './filters.service';

const tags = ['filters'];

/** The signed-in user's saved filters (spec §7 filters calls). */
export const filtersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: FiltersDeps = { db: app.deps.database.db, now: () => app.now() };
  // Every call here is about the signed-in user: a visitor gets 401 before anything else.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/api/filters',
    {
      schema: {
        tags,
        summary: "The signed-in user's filters: active ones first, then by name",
        response: { 200: filterListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await listFilters(deps, requireUser(request).id) }),
  );

  app.post(
    '/api/filters',
    {
      schema: {
        tags,
        summary: `Saves a new filter (0 or null means "all"); its name must be new to the user, whatever the case`,
        description:
          'Answers 409 FILTER_NAME_TAKEN for a name the user already has, 409 FILTER_LIMIT_REACHED past the per-user cap.',
        body: filterBodySchema,
        response: { 201: filterSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const filter = await createFilter(deps, requireUser(request).id, request.body);
      return reply.status(201).send(filter);
    },
  );

  // Before `/api/filters/:id` so that it is not read as an id.
  app.patch(
    '/api/filters/disable-all',
    {
      schema: {
        tags,
        summary: 'Turns off every active filter of the user; how many changed',
        response: { 200: filterBulkResultSchema, ...errorResponses(401) },
      },
    },
    async (request) => disableAllFilters(deps, requireUser(request).id),
  );

  app.delete(
    '/api/filters',
    {
      schema: {
        tags,
        summary: 'Deletes every filter of the user; how many there were',
        response: { 200: filterBulkResultSchema, ...errorResponses(401) },
      },
    },
    async (request) => deleteAllFilters(deps, requireUser(request).id),
  );

  app.put(
    '/api/filters/:id',
    {
      schema: {
        tags,
        summary: "Replaces a filter's fields (the whole body, as on creation)",
        description: "Another user's filter answers 404 FILTER_NOT_FOUND, as a missing one does.",
        params: filterIdParamSchema,
        body: filterBodySchema,
        response: { 200: filterSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => updateFilter(deps, requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/filters/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a filter',
        params: filterIdParamSchema,
        response: { 204: z.null().describe('Deleted.'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteFilter(deps, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/filters/:id/toggle',
    {
      schema: {
        tags,
        summary: "Turns a filter's notifications on or off (its active flag)",
        params: filterIdParamSchema,
        response: { 200: filterSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => toggleFilter(deps, requireUser(request).id, request.params.id),
  );
};
