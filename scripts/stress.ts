/**
 * Keeps CPU cores busy, to run tests on a loaded machine as CI's busy 2-core machines are:
 * `npx tsx scripts/stress.ts [--cores N] [--seconds S]` (defaults: 1 core, until stopped).
 * Each core is a worker thread spinning on arithmetic; Ctrl-C or SIGTERM stops them.
 */
import { isMainThread, Worker } from 'node:worker_threads';

function spin(): never {
  let x = 0;
  for (;;) x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
}

if (!isMainThread) spin();

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} takes a positive number`);
    process.exit(2);
  }
  return value;
}

const cores = option('--cores', 1);
const seconds = option('--seconds', Number.POSITIVE_INFINITY);
const workers = Array.from({ length: cores }, () => new Worker(new URL(import.meta.url)));
console.log(`stress: ${cores} core(s) busy${Number.isFinite(seconds) ? ` for ${seconds} s` : ''}`);

const stop = () => {
  for (const worker of workers) void worker.terminate();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (Number.isFinite(seconds)) setTimeout(stop, seconds * 1000);
