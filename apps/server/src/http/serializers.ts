/**
 * Response serialisation for the hot read routes (docs/decisions/130). The default
 * (`fastify-type-provider-zod`) encodes every answer through its zod schema before
 * `JSON.stringify` — for a page of 20 search results about 1–2 ms of CPU, a fifth of the
 * request. A route that builds its answer as the schema's own typed DTO (every field listed,
 * built by explicit mappers) may take `trustedJson`: in production it is serialised as built; in
 * development and tests it still goes through the schema, so a shape mismatch fails there.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { splicedJson } from '../domain/spliced-json';

export function trustedJson<RouteSchema>(isProduction: boolean): FastifySerializerCompiler<RouteSchema> {
  // Fastify hands the compiler each status's response schema (a zod type here), whatever the
  // route's schema type says.
  if (!isProduction) return serializerCompiler as unknown as FastifySerializerCompiler<RouteSchema>;
  // JSON.stringify's text, with the kept parts of a search answer written once (domain/spliced-json.ts).
  return () => (data) => splicedJson(data);
}
