/**
 * zod's shared configuration lives on `globalThis.__zod_globalConfig` (so that several copies of
 * zod agree). Setting `jitless` there, before any schema parses, keeps zod from probing
 * `new Function` for its fast path: the CSP forbids eval and the browser reports even a caught
 * attempt as a violation (Lighthouse best practices, decision 164). Done without importing zod,
 * which the first load does not carry (decision 160); lib/zod-jitless.test.ts checks zod reads it.
 */
export function makeZodJitless(): void {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
}
