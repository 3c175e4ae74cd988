/**
 * Schema-driven fuzz of every endpoint (issue 16): the requests are generated from the API's own
 * OpenAPI document (fast-check), mostly well-formed, often wrong. Whatever comes in: no answer
 * is a 5xx, and every error is in the one shape `{ code, message, status }`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/db/schema';
import { createUser, signIn } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  createArbitraries,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  requestArbitrary,
} from './openapi-arbitraries';

/** About 2,800 requests in all (56 operations). */
const REQUESTS_PER_OPERATION = 50;

const NO_LIMITS = {
  AUTH_RATE_LIMIT_IP_MAX: '1000000',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000000',
  AUTH_BACKOFF_AFTER_FAILURES: '1000000',
};

describe('fuzz of every endpoint from the OpenAPI document', () => {
  let t: TestApp;
  let operations: Operation[];
  let arbitraries: ReturnType<typeof createArbitraries>;
  let user: User;
  const tally = { requests: 0, serverErrors: 0, offShape: 0 };

  beforeAll(async () => {
    t = await createTestApp({ env: NO_LIMITS, withQueue: true });
    const document = (await t.app.inject('/api/docs/json')).json() as OpenApiDocument;
    operations = operationsOf(document);
    arbitraries = createArbitraries(document);
    user = await createUser(t.database.db);
  });
  afterAll(async () => {
    console.info(
      `fuzz: ${tally.requests} requests, ${tally.serverErrors} answers of 5xx, ${tally.offShape} errors off the shape`,
    );
    await t?.close();
  });

  /** A session of the fuzzed user (a new user once a fuzzed call deleted the account). */
  const session = async (): Promise<string> => {
    try {
      return await signIn(t.database.db, user);
    } catch {
      user = await createUser(t.database.db);
      return signIn(t.database.db, user);
    }
  };

  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/filters');
  });

  it('answers no request with a 5xx, and every error in the one shape', async () => {
    let ip = 0;
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(
          requestArbitrary(operation, arbitraries),
          fc.boolean(),
          fc.constantFrom('it', 'en', 'fr;q=0.9', ''),
          async (request, signedIn, language) => {
            ip += 1;
            const headers: Record<string, string> = { 'accept-language': language };
            if (signedIn) headers.cookie = await session();
            if (request.payload !== undefined) headers['content-type'] = 'application/json';
            const response = await t.app.inject({
              method: request.method,
              url: request.url,
              headers,
              remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
              ...(request.payload !== undefined && {
                payload:
                  typeof request.payload === 'string' ? request.payload : JSON.stringify(request.payload),
              }),
            });
            tally.requests += 1;
            const label = `${request.method} ${request.url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            if (response.statusCode >= 500) tally.serverErrors += 1;
            expect(response.statusCode, label).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const body = response.json();
              const inShape =
                typeof body.code === 'string' &&
                typeof body.message === 'string' &&
                body.message.length > 0 &&
                body.status === response.statusCode;
              if (!inShape) tally.offShape += 1;
              expect(inShape, label).toBe(true);
            }
          },
        ),
        { numRuns: REQUESTS_PER_OPERATION },
      );
    }
    expect(tally).toMatchObject({ serverErrors: 0, offShape: 0 });
    expect(tally.requests).toBe(operations.length * REQUESTS_PER_OPERATION);
  }, 300_000);
});
