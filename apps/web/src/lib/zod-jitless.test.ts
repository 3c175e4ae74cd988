import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import { makeZodJitless } from './zod-jitless';

describe('makeZodJitless', () => {
  it("sets zod's own jitless option, so it never probes eval", () => {
    makeZodJitless();
    expect(config().jitless).toBe(true);
  });
});
