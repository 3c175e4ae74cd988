/**
 * fast-check arbitraries generated from the API's own OpenAPI document (the JSON Schemas the
 * zod schemas of packages/shared produce): a request per operation, mostly well-formed, often
 * subtly or grossly wrong (wrong types, out-of-range numbers, long strings, NUL characters, lone
 * surrogates, unknown fields), so the fuzz reaches the handlers and their edges alike.
 */
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

export type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. `/api/filters/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | null;
};

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        method: upper as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** Strings that break things: NUL, lone surrogates, control characters, very long, markup, SQL. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\r\n',
    '%00',
    '%',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    '１２３',
    '🎾'.repeat(40),
    ' ',
    '',
    '-1',
    '1e309',
    'NaN',
    'null',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 2_000, maxLength: 5_000 }),
);

const junk: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

export function createArbitraries(document: OpenApiDocument) {
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unknown $ref ${schema.$ref}`);
    return resolve(target);
  };

  /** A value the schema accepts, as far as JSON Schema says (zod refinements may still refuse it). */
  const valid = (given: JsonSchema, depth = 0): fc.Arbitrary<unknown> => {
    const schema = resolve(given);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) return fc.oneof(...choices.map((choice) => valid(choice, depth + 1)));
    if (schema.allOf?.[0]) return valid(schema.allOf[0], depth + 1);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string':
        return stringOf(schema);
      case 'integer':
      case 'number': {
        const min =
          schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000);
        const max =
          schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
        return fc.integer({
          min: Math.ceil(Math.max(min, -(2 ** 31))),
          max: Math.floor(Math.min(max, 2 ** 31)),
        });
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return depth > 4
          ? fc.constant([])
          : fc.array(valid(schema.items ?? {}, depth + 1), {
              minLength: schema.minItems ?? 0,
              maxLength: Math.min(schema.maxItems ?? 4, 4),
            });
      case 'object': {
        if (depth > 4) return fc.constant({});
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, value] of Object.entries(properties)) record[key] = valid(value, depth + 1);
        const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
        const base = fc.record(record, { requiredKeys });
        if (Object.keys(properties).length === 0 && schema.additionalProperties) {
          return fc.dictionary(
            fc.string({ maxLength: 10 }),
            fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
            {
              maxKeys: 4,
            },
          );
        }
        return base;
      }
      default:
        return junk;
    }
  };

  const stringOf = (schema: JsonSchema): fc.Arbitrary<string> => {
    switch (schema.format) {
      case 'uuid':
        return fc.uuid();
      case 'email':
        return fc.emailAddress();
      case 'date-time':
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      case 'date':
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      default:
        break;
    }
    if (schema.pattern) {
      try {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length <= (schema.maxLength ?? 10_000));
      } catch {
        // A pattern fast-check cannot generate from: any string will do.
      }
    }
    return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) });
  };

  /** Often valid, sometimes wrong in one place, sometimes junk altogether. */
  const fuzzed = (schema: JsonSchema): fc.Arbitrary<unknown> =>
    fc.oneof(
      { weight: 6, arbitrary: valid(schema) },
      { weight: 3, arbitrary: mutated(schema) },
      { weight: 1, arbitrary: junk },
    );

  const mutated = (given: JsonSchema): fc.Arbitrary<unknown> => {
    const schema = resolve(given);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (type === 'object' && schema.properties && Object.keys(schema.properties).length > 0) {
      const keys = Object.keys(schema.properties);
      return fc
        .tuple(valid(schema), fc.constantFrom(...keys, '__proto__', 'constructor', 'extra'), junk)
        .map(([value, key, bad]) => {
          const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
          Object.defineProperty(copy, key, {
            value: bad,
            enumerable: true,
            configurable: true,
            writable: true,
          });
          return copy;
        });
    }
    return junk;
  };

  /** A value for a path or query parameter, as its text. */
  const parameterText = (schema: JsonSchema): fc.Arbitrary<string> =>
    fc
      .oneof({ weight: 7, arbitrary: valid(schema) }, { weight: 3, arbitrary: nastyString })
      .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));

  return { valid, fuzzed, parameterText, resolve };
}

/**
 * Percent-encodes a path segment; a lone surrogate (which has no UTF-8 form) goes as the bytes
 * a careless client would send for it.
 */
function encodePathSegment(value: string): string {
  return value
    .split(/([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/)
    .map((part) =>
      part.length === 1 && /[\uD800-\uDFFF]/.test(part)
        ? `%ED%${(0xa0 + ((part.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (part.charCodeAt(0) & 0x3f)).toString(16).toUpperCase()}`
        : encodeURIComponent(part),
    )
    .join('');
}

/** A request for an operation: URL with encoded path and query, and a JSON body when it takes one. */
export function requestArbitrary(
  operation: Operation,
  arbitraries: ReturnType<typeof createArbitraries>,
  pathOverrides: Record<string, fc.Arbitrary<string>> = {},
) {
  const pathValues = fc.tuple(
    ...operation.pathParams.map(
      (p) => pathOverrides[p.name] ?? arbitraries.parameterText(p.schema).filter((s) => s.length > 0),
    ),
  );
  const queryValues = fc.tuple(
    ...operation.queryParams.map((p) => fc.option(arbitraries.parameterText(p.schema), { nil: undefined })),
  );
  const body = operation.body ? arbitraries.fuzzed(operation.body) : fc.constant(undefined);
  return fc.tuple(pathValues, queryValues, body).map(([paths, queries, payload]) => {
    let url = operation.path;
    operation.pathParams.forEach((p, index) => {
      url = url.replace(`{${p.name}}`, encodePathSegment(String(paths[index])));
    });
    const search = new URLSearchParams();
    operation.queryParams.forEach((p, index) => {
      const value = queries[index];
      if (value !== undefined) search.append(p.name, value);
    });
    const query = search.toString();
    return { method: operation.method, url: query ? `${url}?${query}` : url, payload };
  });
}
