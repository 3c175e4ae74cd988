/**
 * Deterministic randomness. Every random choice in the simulator comes from an {@link Rng} whose
 * seed is derived from the simulator seed plus a path (`deriveSeed(seed, 'week', 2901, 7)`), so any
 * piece of the world can be regenerated on its own, in any order, with the same result.
 */

/** 32-bit FNV-1a over the parts' text, finished with a murmur3 avalanche. */
export function hashParts(...parts: ReadonlyArray<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}\u001f`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export const deriveSeed = (seed: number, ...path: ReadonlyArray<string | number>): number =>
  hashParts(seed, ...path);

/** mulberry32: tiny, fast, good enough for test data; period 2^32. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HEX_BYTES = Array.from({ length: 256 }, (_, i) => i.toString(16).toUpperCase().padStart(2, '0'));

export class Rng {
  private readonly source: () => number;

  constructor(seed: number) {
    this.source = mulberry32(seed);
  }

  static derive(seed: number, ...path: ReadonlyArray<string | number>): Rng {
    return new Rng(deriveSeed(seed, ...path));
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.source();
  }

  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.source() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.source() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.source() * items.length)] as T;
  }

  /** Picks by relative weights: `weighted([['a', 3], ['b', 1]])` is 'a' three times in four. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of choices) total += w;
    let r = this.source() * total;
    for (const [value, w] of choices) {
      r -= w;
      if (r < 0) return value;
    }
    const last = choices[choices.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** `count` distinct integers from [0, n), in random order (Floyd's algorithm, O(count)). */
  sampleIndices(n: number, count: number): number[] {
    const k = Math.min(n, count);
    const chosen = new Set<number>();
    const order: number[] = [];
    for (let j = n - k; j < n; j++) {
      const t = this.int(0, j);
      const value = chosen.has(t) ? j : t;
      chosen.add(value);
      order.push(value);
    }
    // Floyd's selection is unbiased as a set but not as a sequence: shuffle the order.
    for (let i = order.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const tmp = order[i] as number;
      order[i] = order[j] as number;
      order[j] = tmp;
    }
    return order;
  }

  /** A version-4-shaped UUID, upper-case (the federation's canonical spelling). */
  uuid(): string {
    let hex = '';
    for (let i = 0; i < 16; i++) hex += HEX_BYTES[Math.floor(this.source() * 256)];
    const variant = '89AB'[Math.floor(this.source() * 4)] as string;
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}
