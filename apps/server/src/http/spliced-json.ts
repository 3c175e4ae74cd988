/**
 * JSON with shared parts written once (docs/decisions/135). A search's kept answer shows the same
 * competitions and tournaments to every user; only a few fields of each are the user's own
 * (followed, lost, matching filters, eligibility). An object built as `{ ...head, ...own }` and
 * registered with `spliceable(head, object)` is written as the head's JSON, made once per head and
 * kept as long as the head lives, followed by its own fields. The text is exactly what
 * `JSON.stringify` writes of the same value; a registered object whose first fields are no longer
 * its head's (same names, order and values) is written by `JSON.stringify` whole.
 */

/** The head each registered object was built from. */
const heads = new WeakMap<object, object>();
/** A head's JSON without its closing brace, and how many fields it has. */
const headTexts = new WeakMap<object, { text: string; keys: string[] }>();
/** Objects written field by field (their arrays may hold registered objects). */
const walked = new WeakSet<object>();

/** Counters for tests and benchmarks: objects written from a kept head, and whole. */
export const splicedJsonStats = { spliced: 0, whole: 0 };

/** Registers `object` (built as `{ ...head, ...ownFields }`) as written from `head`'s JSON. */
export function spliceable<T extends object>(head: object, object: T): T {
  heads.set(object, head);
  return object;
}

/** Marks `object` as written field by field, so that its arrays of spliceable objects are spliced. */
export function walkable<T extends object>(object: T): T {
  walked.add(object);
  return object;
}

/** `JSON.stringify(value)`, with registered objects written from their heads' kept JSON. */
export function splicedJson(value: unknown): string {
  return write(value) ?? 'undefined';
}

function headText(head: object) {
  let kept = headTexts.get(head);
  if (!kept) {
    const json = JSON.stringify(head);
    kept = { text: json.slice(0, -1), keys: Object.keys(head) };
    headTexts.set(head, kept);
  }
  return kept;
}

/** What JSON.stringify writes of `value`, or undefined where it writes nothing (a skipped field). */
function write(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || 'toJSON' in value) return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0 || !heads.has(value[0])) return JSON.stringify(value);
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += write(value[i]) ?? 'null';
    }
    return `${out}]`;
  }
  const head = heads.get(value);
  if (head) return writeSpliced(value as Record<string, unknown>, head);
  if (walked.has(value)) return writeFields(value as Record<string, unknown>, Object.keys(value), 0, '{');
  return JSON.stringify(value);
}

function writeSpliced(object: Record<string, unknown>, head: object): string | undefined {
  const { text, keys: headKeys } = headText(head);
  const keys = Object.keys(object);
  const own = head as Record<string, unknown>;
  for (let i = 0; i < headKeys.length; i++) {
    const key = headKeys[i] as string;
    if (keys[i] !== key || object[key] !== own[key]) {
      splicedJsonStats.whole++;
      return JSON.stringify(object);
    }
  }
  splicedJsonStats.spliced++;
  return writeFields(object, keys, headKeys.length, text);
}

/** `prefix` (an object's opening, maybe with fields) followed by the fields `keys[from…]` and the closing brace. */
function writeFields(object: Record<string, unknown>, keys: string[], from: number, prefix: string): string {
  let out = prefix;
  let first = prefix.length === 1;
  for (let i = from; i < keys.length; i++) {
    const key = keys[i] as string;
    const text = write(object[key]);
    if (text === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
    first = false;
  }
  return `${out}}`;
}
