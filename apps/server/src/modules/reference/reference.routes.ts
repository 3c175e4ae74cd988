import { PROVINCES, REGIONS, referenceGeoResponseSchema } from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Reference data for the client's selects: the 20 regions and every province, with ISTAT codes. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const geo = {
    regions: REGIONS.map(({ id, name }) => ({ id, name })),
    provinces: PROVINCES.map(({ id, sigla, name, regionId }) => ({ id, sigla, name, regionId })),
  };
  app.get(
    '/api/reference/geo',
    {
      schema: {
        tags: ['reference'],
        summary: 'Italian regions and provinces with their ISTAT codes (public)',
        response: { 200: referenceGeoResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return geo;
    },
  );
};
