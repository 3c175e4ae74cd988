/**
 * `npm test`: every test, one stage after another, each timed (decision 183). Every stage runs
 * even when an earlier one failed, so one red stage never hides the others' results; the exit code
 * is 1 if any failed. Each test runner writes its JSON report under `.test-reports/`, which
 * scripts/test-summary.ts adds up (a runner that could not run at all leaves a report of one
 * failure, so it is never counted as green).
 *
 * Without TEST_DATABASE_URL everything runs on the embedded PGlite database. With it (CI, on the
 * local PostgreSQL server, the production database), every Vitest project and the browser tests
 * run on PostgreSQL, and the server tests whose behaviour depends on the database driver run a
 * second time on PGlite: {@link DRIVER_DEPENDENT}.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';

/**
 * The server test folders and files whose outcome depends on the database driver: the database
 * layer (PGlite's single connection and its named statements, node-postgres's pool), pg-boss on
 * each backend, transactions, locks and concurrent writers (ingestion, matching, delivery claims,
 * reminders, follows), the prepared hot reads (search, detail, inbox, My tournaments, home), the
 * embedded database's lock and start-up, and the crash tests. The rest (HTTP shape, validation,
 * auth rules, texts, the federation client, email rendering) runs the same SQL through the same
 * repositories and is run once, on PostgreSQL.
 */
export const DRIVER_DEPENDENT = [
  'apps/server/test/db/',
  'apps/server/test/jobs/',
  'apps/server/test/cli/',
  'apps/server/test/lifecycle.test.ts',
  'apps/server/test/multi-process.test.ts',
  'apps/server/test/security/',
  'apps/server/test/modules/competitions/',
  'apps/server/test/modules/events/',
  'apps/server/test/modules/filters/',
  'apps/server/test/modules/fitp/',
  'apps/server/test/modules/home/',
  'apps/server/test/modules/ingestion/',
  'apps/server/test/modules/matching/',
  'apps/server/test/modules/notifications/',
  'apps/server/test/modules/subscriptions/',
];

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string | undefined>;
  /** The JSON report the stage's runner writes, if it is a test runner. */
  report?: string;
  /** Skipped (and its report counted as one failure) when this earlier stage failed. */
  needs?: string;
}

const reports = '.test-reports';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const stages: Stage[] = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  {
    name: onPostgres ? 'vitest: every project (server on PostgreSQL)' : 'vitest: every project (PGlite)',
    command: ['npx', 'vitest', 'run', `--outputFile.json=${reports}/vitest.json`],
    report: `${reports}/vitest.json`,
  },
  ...(onPostgres
    ? [
        {
          name: 'vitest: driver-dependent server tests (PGlite)',
          command: [
            'npx',
            'vitest',
            'run',
            '--project',
            'server',
            `--outputFile.json=${reports}/vitest-pglite.json`,
            ...DRIVER_DEPENDENT,
          ],
          env: { TEST_DATABASE_URL: undefined },
          report: `${reports}/vitest-pglite.json`,
        },
      ]
    : []),
  { name: 'build', command: ['npm', 'run', 'build'] },
  {
    name: `playwright (${onPostgres ? 'PostgreSQL' : 'PGlite'})`,
    command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    report: `${reports}/playwright.json`,
    needs: 'build',
  },
];

function run(stage: Stage): Promise<boolean> {
  const env = { ...process.env, ...stage.env };
  for (const [key, value] of Object.entries(stage.env ?? {})) if (value === undefined) delete env[key];
  const [command = '', ...args] = stage.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const started = performance.now();
const outcomes = new Map<string, boolean>();
const times: string[] = [];
for (const stage of stages) {
  const since = performance.now();
  let ok: boolean;
  if (stage.needs && outcomes.get(stage.needs) === false) {
    console.log(`\n--- ${stage.name}: not run (${stage.needs} failed)`);
    ok = false;
  } else {
    console.log(`\n--- ${stage.name}`);
    ok = await run(stage);
  }
  outcomes.set(stage.name, ok);
  if (stage.report && !existsSync(stage.report)) {
    // A runner that wrote no report (it could not start, or was not run) is one failure.
    writeFileSync(stage.report, JSON.stringify({ numPassedTests: 0, numFailedTests: 1 }));
  }
  const seconds = Math.round((performance.now() - since) / 1000);
  times.push(`${stage.name.padEnd(50)} ${String(seconds).padStart(5)} s  ${ok ? 'ok' : 'FAILED'}`);
  console.log(`--- ${stage.name}: ${seconds} s, ${ok ? 'ok' : 'FAILED'}`);
}
console.log('\n--- stage times');
for (const line of times) console.log(line);
console.log(
  `${'total'.padEnd(50)} ${String(Math.round((performance.now() - started) / 1000)).padStart(5)} s`,
);
process.exit([...outcomes.values()].every(Boolean) ? 0 : 1);
