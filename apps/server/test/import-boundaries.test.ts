import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of the server (decision 194), read from the source: every relative
 * import of every file under apps/server/src (type-only imports and re-exports too), as paths
 * relative to src. The web client's boundaries are Biome rules (apps/web/test/import-boundaries.test.ts);
 * the server's are checked here on the import graph, so they hold for type imports as well.
 *
 * The rules:
 * 1. A file under modules/ never imports jobs/.
 * 2. A file under modules/ imports http/ only if it is a route file (`*.routes.ts`), and then only
 *    the route helpers (ROUTE_HELPERS). Services, repositories and the rest take what they need
 *    from domain/ (AppError, Served, LiveDeps, spliced answers).
 * 3. A file under http/ never imports modules/: it is given what it needs (the attempt limits'
 *    store, by app.ts).
 * 4. In modules/notifications/, a room (a folder: inbox/, preferences/, devices/, unsubscribe/,
 *    delivery/) imports another room's `*.service.ts` only, and from the module's root only
 *    NOTIFICATIONS_SHARED; the root (creation) imports no room.
 * 5. No import cycle between files, and none between modules (modules/<name>/ as one unit).
 */
const src = resolve(import.meta.dirname, '../src');

/** What a module's route file may import from http/: the helpers of a route's definition and answer. */
const ROUTE_HELPERS = [
  'http/error-responses.ts',
  'http/serializers.ts',
  'http/served.ts',
  'http/rate-limit.ts',
];

/** The notifications module's root files its rooms may import. */
const NOTIFICATIONS_SHARED = [
  'modules/notifications/deps.ts',
  'modules/notifications/notification-keys.ts',
  'modules/notifications/delivery-queues.ts',
];

type Graph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const posix = (path: string) => path.split(sep).join('/');

/** The file a relative specifier names (as TypeScript resolves it here: .ts, .tsx, index.ts). */
function resolveImport(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`${posix(relative(src, from))}: cannot resolve '${specifier}'`);
  return found;
}

/** Every file under src and the files it imports, both relative to src. */
function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(src)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => posix(relative(src, resolveImport(file, specifier))));
    graph.set(posix(relative(src, file)), [...new Set(targets)]);
  }
  return graph;
}

/** The room of a file of the notifications module (its folder), '' for the module's root, null outside. */
function notificationsRoom(path: string): string | null {
  const match = /^modules\/notifications\/(?:([^/]+)\/)?[^/]+$/.exec(path);
  return match ? (match[1] ?? '') : null;
}

/** Every import that breaks rules 1-4, as `from → to: rule`. */
function violations(graph: Graph): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const broken = (rule: string) => found.push(`${from} → ${to}: ${rule}`);
      if (from.startsWith('modules/') && to.startsWith('jobs/')) broken('modules never import jobs/');
      if (from.startsWith('modules/') && to.startsWith('http/')) {
        if (!from.endsWith('.routes.ts')) broken('only a route file (*.routes.ts) imports http/');
        else if (!ROUTE_HELPERS.includes(to)) broken('a route file imports only the route helpers of http/');
      }
      if (from.startsWith('http/') && to.startsWith('modules/')) broken('http/ imports no module');
      const fromRoom = notificationsRoom(from);
      const toRoom = notificationsRoom(to);
      if (fromRoom === null || toRoom === null || fromRoom === toRoom) continue;
      if (fromRoom === '') broken('the notifications root imports no room');
      else if (toRoom === '' && !NOTIFICATIONS_SHARED.includes(to)) {
        broken('a notifications room imports from the root only deps, keys and queues');
      } else if (toRoom !== '' && !to.endsWith('.service.ts')) {
        broken('a notifications room imports only the service of another room');
      }
    }
  }
  return found;
}

/** The cycles of a graph: each strongly connected part of more than one node (or a self-import), sorted. */
function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || graph.get(node)?.includes(node)) found.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The graph of modules: modules/<name> imports modules/<other> when one of its files does. */
function moduleGraph(graph: Graph): Graph {
  const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];
  const modules: Graph = new Map();
  for (const [from, targets] of graph) {
    const name = moduleOf(from);
    if (!name) continue;
    const imported = targets.map(moduleOf).filter((other): other is string => !!other && other !== name);
    modules.set(name, [...new Set([...(modules.get(name) ?? []), ...imported])]);
  }
  return modules;
}

describe('server import boundaries (decision 194)', () => {
  const graph = importGraph();

  it('reads the imports of every source file', () => {
    expect(graph.size).toBeGreaterThan(100);
    // Imports the rules are about, seen as such: type-only, re-exported and plain.
    expect(graph.get('modules/competitions/competitions.routes.ts')).toContain('http/served.ts');
    expect(graph.get('modules/competitions/competitions.service.ts')).toContain('domain/served.ts');
    expect(graph.get('jobs/notification-delivery.ts')).toContain('modules/notifications/delivery/email.ts');
  });

  it('keeps modules out of jobs/ and http/ internals, http/ out of modules, and the notifications rooms apart', () => {
    expect(violations(graph)).toEqual([]);
  });

  it('has no import cycle between files, nor between modules', () => {
    expect(cycles(graph)).toEqual([]);
    expect(cycles(moduleGraph(graph))).toEqual([]);
  });

  it('catches each broken rule (on a made-up graph)', () => {
    const broken: Graph = new Map([
      ['modules/subscriptions/reminders.service.ts', ['jobs/subscriptions.ts']],
      ['modules/fitp/fitp.service.ts', ['http/served.ts']],
      ['modules/fitp/fitp.routes.ts', ['http/error-handler.ts', 'http/served.ts']],
      ['http/rate-limit.ts', ['modules/auth/attempts.repository.ts']],
      [
        'modules/notifications/delivery/email.ts',
        ['modules/notifications/preferences/preferences.repository.ts'],
      ],
      ['modules/notifications/inbox/inbox.service.ts', ['modules/notifications/notifications.repository.ts']],
      ['modules/notifications/notifications.service.ts', ['modules/notifications/delivery/email.ts']],
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
      ['modules/competitions/x.ts', ['modules/fitp/y.ts']],
      ['modules/fitp/y.ts', ['modules/subscriptions/z.ts']],
      ['modules/subscriptions/z.ts', ['modules/competitions/w.ts']],
    ]);
    expect(violations(broken)).toEqual([
      'modules/subscriptions/reminders.service.ts → jobs/subscriptions.ts: modules never import jobs/',
      'modules/fitp/fitp.service.ts → http/served.ts: only a route file (*.routes.ts) imports http/',
      'modules/fitp/fitp.routes.ts → http/error-handler.ts: a route file imports only the route helpers of http/',
      'http/rate-limit.ts → modules/auth/attempts.repository.ts: http/ imports no module',
      'modules/notifications/delivery/email.ts → modules/notifications/preferences/preferences.repository.ts: a notifications room imports only the service of another room',
      'modules/notifications/inbox/inbox.service.ts → modules/notifications/notifications.repository.ts: a notifications room imports from the root only deps, keys and queues',
      'modules/notifications/notifications.service.ts → modules/notifications/delivery/email.ts: the notifications root imports no room',
    ]);
    expect(cycles(broken)).toEqual([['a.ts', 'b.ts']]);
    expect(cycles(moduleGraph(broken))).toEqual([['competitions', 'fitp', 'subscriptions']]);
  });
});
