/**
 * JSON with shared parts written once (docs/decisions/135). A search's kept answer shows the same
 * competitions and tournaments to every user; only a few fields of each are the user's own
 * (followed, lost, matching filters, eligibility). An object given a `Splice` (`withSplice`: a
 * hidden property, which JSON.stringify ignores) is written as the splice's kept text (the JSON of
 * its first fields, made once per row) followed by its own fields, the splice's `tail`. The text
 * is exactly what `JSON.stringify` writes of the same value, as long as the object's first fields
 * are the ones the text was made of, in the same order: the mappers that attach a splice build
 * both from the same row, and nothing changes an answer once built.
 */

/** The symbol an object's splice is kept under. */
export const SPLICE: unique symbol = Symbol('splice');

export interface Splice {
  /** The object's first fields, as they were when it was built. */
  readonly head: object;
  /** The JSON of `head` without its closing brace, made when first written. */
  text?: string;
  readonly tail: SpliceTail;
}

/** The object's other fields, in order, each with its `,"name":`. */
export type SpliceTail = readonly (readonly [string, string])[];

/** The fields after a head, made once per kind of object. */
export function spliceTail(keys: readonly string[]): SpliceTail {
  return keys.map((key) => [key, `,${JSON.stringify(key)}:`] as const);
}

/** An object written from its splice. */
export interface Spliced {
  readonly [SPLICE]: Splice;
}

/**
 * `object` with its splice, kept out of sight: not enumerable, so a spread or a rest of it (the
 * detail builds on the summary) makes a plain object, written whole.
 */
export function withSplice<T extends object>(object: T, splice: Splice): T & Spliced {
  return Object.defineProperty(object, SPLICE, { value: splice }) as T & Spliced;
}

/** A splice for the JSON of `head` (an object's first fields), followed by the fields `tail`. */
export function spliceOf(head: object, tail: SpliceTail): Splice {
  return { head, tail };
}

/** Objects written field by field (their arrays may hold spliced objects). */
const walked = new WeakSet<object>();

/** Counters for tests and benchmarks: objects written from a kept text. */
export const splicedJsonStats = { spliced: 0 };

/** Marks `object` as written field by field, so that its arrays of spliced objects are spliced. */
export function walkable<T extends object>(object: T): T {
  walked.add(object);
  return object;
}

/** `JSON.stringify(value)`, with spliced objects written from their kept text. */
export function splicedJson(value: unknown): string {
  return write(value) ?? 'undefined';
}

type Fields = Record<string | symbol, unknown>;

/** What JSON.stringify writes of `value`, or undefined where it writes nothing (a skipped field). */
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return JSON.stringify(value);
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (value.length === 0 || !(value[0] !== null && typeof value[0] === 'object' && SPLICE in value[0])) {
      return JSON.stringify(value);
    }
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += write(value[i]) ?? 'null';
    }
    return `${out}]`;
  }
  const splice = (value as Fields)[SPLICE] as Splice | undefined;
  if (splice !== undefined) {
    splicedJsonStats.spliced++;
    if (splice.text === undefined) splice.text = JSON.stringify(splice.head).slice(0, -1);
    let out = splice.text;
    for (const [key, prefix] of splice.tail) {
      const text = write((value as Fields)[key]);
      if (text === undefined) continue;
      // No comma before the first field written (an empty head's).
      out += `${out.length === 1 ? prefix.slice(1) : prefix}${text}`;
    }
    return `${out}}`;
  }
  if (walked.has(value) && !('toJSON' in value)) {
    let out = '{';
    for (const key of Object.keys(value)) {
      const text = write((value as Fields)[key]);
      if (text === undefined) continue;
      out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${text}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value);
}
