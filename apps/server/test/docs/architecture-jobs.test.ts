import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { JobDefinition, JobSettings } from '../../src/jobs/definition';
import { JOBS } from '../../src/jobs/index';

/**
 * The jobs table of docs/ARCHITECTURE.md is the job definitions' own (issue 30: it had drifted
 * on retries and expiry). Each row is written here from the definition in `src/jobs/`, in the
 * table's words, and compared with the document.
 */
const root = join(import.meta.dirname, '../../../..');
const jobsDir = join(root, 'apps/server/src/jobs');

// pg-boss's queue defaults (QUEUE_DEFAULTS in pg-boss's plans.js) for options a definition leaves out.
const PG_BOSS_DEFAULTS = { policy: 'standard', retryLimit: 2, retryDelay: 0, expireInSeconds: 15 * 60 };

const duration = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} h` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;

function retries<D>(job: JobDefinition<D>): string {
  const limit = job.queue.retryLimit ?? PG_BOSS_DEFAULTS.retryLimit;
  const delay = job.queue.retryDelay ?? PG_BOSS_DEFAULTS.retryDelay;
  if (limit === 0) return '0';
  if (job.queue.retryBackoff) {
    return `${limit}, backoff from ${duration(delay)} up to ${duration(job.queue.retryDelayMax ?? 0)}`;
  }
  return delay === 0 ? `${limit}, at once` : `${limit}, ${duration(delay)} apart`;
}

const settingsOf = (env: Record<string, string>): JobSettings => {
  const { heartbeatCron, ingestIntervalMinutes } = loadConfig(env);
  return { heartbeatCron, ingestIntervalMinutes };
};

/** A fixed cron as it is; one read from the configuration as its variable and its default. */
function cron<D>(job: JobDefinition<D>): string {
  if (!job.cron) return '—';
  const byDefault = job.cron(settingsOf({}));
  const otherwise = job.cron(settingsOf({ HEARTBEAT_CRON: '0 3 * * *', INGEST_INTERVAL_MINUTES: '120' }));
  if (byDefault === otherwise) return `\`${byDefault}\``;
  const variable = { heartbeat: 'HEARTBEAT_CRON', ingest: 'INGEST_INTERVAL_MINUTES' }[job.name] ?? '?';
  return `\`${variable}\`, default \`${byDefault}\``;
}

/** Which file of src/jobs defines each entry of JOBS, read from jobs/index.ts's imports. */
function definingFiles(): string[] {
  const index = readFileSync(join(jobsDir, 'index.ts'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, names = '', module = ''] of index.matchAll(/import \{([^}]+)\} from '\.\/([\w-]+)';/g)) {
    for (const name of names.split(',')) fileOf.set(name.replace(/^\s*type\s+/, '').trim(), `${module}.ts`);
  }
  const list = /export const JOBS[^=]*=\s*\[([^\]]*)\]/.exec(index)?.[1] ?? '';
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => fileOf.get(name) ?? `? (${name})`);
}

function documentedRows(): string[][] {
  const architecture = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const section = architecture.split('\n## Jobs\n')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| /, '').replace(/ \|$/, '').trim()));
}

describe('docs/ARCHITECTURE.md › Jobs', () => {
  it('has one row per job definition, with its file, policy, retries, expiry and cron', () => {
    const files = definingFiles();
    expect(files).toHaveLength(JOBS.length);
    const fromCode = JOBS.map((job, i) => [
      `\`${job.name}\``,
      `\`${files[i]}\``,
      job.queue.policy ?? PG_BOSS_DEFAULTS.policy,
      retries(job),
      duration(job.queue.expireInSeconds ?? PG_BOSS_DEFAULTS.expireInSeconds),
      cron(job),
    ]);
    const byName = (rows: string[][]) => [...rows].sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
    expect(byName(documentedRows())).toEqual(byName(fromCode));
  });
});
