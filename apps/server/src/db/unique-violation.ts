/** The unique index a failed insert collided with, when it was a unique violation. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  // Drizzle wraps driver errors; the PostgreSQL error (code 23505) is the cause.
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      if (typeof candidate.constraint === 'string') return candidate.constraint;
      const match = typeof candidate.message === 'string' ? candidate.message.match(/"([^"]+)"/) : null;
      return match?.[1] ?? 'unknown';
    }
    current = candidate.cause;
  }
  return null;
}
