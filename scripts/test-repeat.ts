/**
 * Runs one test file (or a few) again and again, to prove a flaky test fixed:
 * `npm run test:repeat -- <file>... [-n 20] [--stress] [--postgres]`.
 * Vitest files run through `vitest run`, `*.spec.ts` files under e2e/ through Playwright.
 * `--stress` keeps one other core busy meanwhile (scripts/stress.ts), as on a loaded CI machine;
 * `--postgres` runs against the local PostgreSQL server (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test). Prints each run's outcome and exits 1 if any failed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const args = process.argv.slice(2);
let runs = 20;
let stress = false;
let postgres = false;
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i] ?? '';
  if (arg === '-n' || arg === '--runs') runs = Number(args[++i]);
  else if (arg === '--stress') stress = true;
  else if (arg === '--postgres') postgres = true;
  else files.push(arg);
}
if (files.length === 0 || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run test:repeat -- <test file>... [-n 20] [--stress] [--postgres]');
  process.exit(2);
}

const e2e = files.filter((file) => /\.spec\.ts$/.test(file));
const unit = files.filter((file) => !e2e.includes(file));
const env = { ...process.env };
if (postgres) env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

function run(command: string, commandArgs: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('exit', (code) => resolve(code === 0));
  });
}

let load: ChildProcess | undefined;
if (stress) {
  // Its own process group, so that stopping it stops npx's node and the stress workers too.
  load = spawn('npx', ['tsx', path.join(import.meta.dirname, 'stress.ts'), '--cores', '1'], {
    stdio: 'inherit',
    detached: true,
  });
}
const stopLoad = () => {
  if (load?.pid !== undefined && load.exitCode === null) process.kill(-load.pid, 'SIGTERM');
};
process.on('SIGINT', () => {
  stopLoad();
  process.exit(130);
});

const outcomes: boolean[] = [];
try {
  for (let i = 1; i <= runs; i++) {
    let ok = true;
    if (unit.length) ok = (await run('npx', ['vitest', 'run', ...unit])) && ok;
    if (e2e.length) {
      const specs = e2e.map((file) => path.relative('e2e', file));
      ok = (await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...specs])) && ok;
    }
    outcomes.push(ok);
    console.log(`--- run ${i}/${runs}: ${ok ? 'passed' : 'FAILED'}`);
  }
} finally {
  stopLoad();
}
const failed = outcomes.filter((ok) => !ok).length;
console.log(`${runs - failed} passed, ${failed} failed (${runs} runs of ${files.join(' ')})`);
process.exit(failed ? 1 : 0);
