/**
 * Runs the simulator on its own: `npm start -w @radar/fitp-simulator`.
 * SIM_PORT (default 4010), SIM_SEED (default 42), SIM_HOST (default 127.0.0.1),
 * SIM_NOW (optional ISO instant: start with a frozen clock), SIM_QUIRKS (`0` turns them off),
 * SIM_COMPETITIONS (calendar size), SIM_PAGING (`honour` pages past the first 100 rows).
 */
import { z } from 'zod';
import { startSimulator } from './index';

const envSchema = z.object({
  SIM_PORT: z.coerce.number().int().min(0).max(65_535).default(4010),
  SIM_SEED: z.coerce.number().int().default(42),
  SIM_HOST: z.string().min(1).default('127.0.0.1'),
  SIM_NOW: z.iso.datetime({ offset: true }).optional(),
  SIM_QUIRKS: z.enum(['0', '1', 'true', 'false']).default('1'),
  SIM_COMPETITIONS: z.coerce.number().int().min(0).max(100_000).optional(),
  SIM_PAGING: z.enum(['saturate', 'honour']).default('saturate'),
});

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`Invalid ${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const env = parsed.data;

const simulator = await startSimulator({
  port: env.SIM_PORT,
  seed: env.SIM_SEED,
  host: env.SIM_HOST,
  quirks: env.SIM_QUIRKS === '1' || env.SIM_QUIRKS === 'true',
  ...(env.SIM_NOW && { now: new Date(env.SIM_NOW) }),
  ...(env.SIM_COMPETITIONS !== undefined && { competitions: env.SIM_COMPETITIONS }),
  paging: env.SIM_PAGING,
});
console.log(`FITP simulator listening on ${simulator.url} (seed ${env.SIM_SEED})`);

const stop = (): void => {
  simulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
