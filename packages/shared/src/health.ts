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
    jobs: z
      .array(
        z.object({
          name: z.string(),
          lastSuccessAt: z.string().nullable(),
          stale: z.boolean().describe('Its last success is older than allowed: the job has stopped.'),
        }),
      )
      .describe('The recurring jobs (ingest, match, live-updates, remind) and their last success.'),
    checkedAt: z
      .string()
      .describe('When the database was read (on PGlite, a busy database answers the last reading).'),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
