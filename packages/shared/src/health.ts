import { z } from 'zod';

export const componentStatusSchema = z.enum(['up', 'down']);

export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptimeSeconds: z.number(),
    database: z.object({ status: componentStatusSchema, driver: z.enum(['pglite', 'postgres']) }),
    queue: z.object({
      status: componentStatusSchema,
      heartbeat: z
        .object({ lastRunAt: z.string().nullable(), runs: z.number().int() })
        .describe('The recurring heartbeat job: when it last ran and how many times.'),
    }),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
