/**
 * A tiny federation for the client's tests: a node:http server on 127.0.0.1 (port 0) that records
 * every request and answers with what the test's handler says, bytes exactly as given (the
 * samples are served verbatim from ./samples, copies of shared/design/fitp-samples).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFederationClient, type FederationClientOptions } from '../../src/federation';
import type { FederationClient } from '../../src/federation/types';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The body as sent. */
  raw: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  body: unknown;
}

export interface Answer {
  status?: number;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** Answers a request, or writes to `res` itself and returns nothing (streams, hangs, resets). */
export type Handler = (
  request: RecordedRequest,
  res: ServerResponse,
) => Answer | undefined | Promise<Answer | undefined>;

export interface FixtureServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const samplesDir = new URL('./samples/', import.meta.url);

/** A sample's exact bytes. */
export const sample = (name: string): Buffer => readFileSync(new URL(name, samplesDir));

/** A sample parsed (to cross-check the client's mapping against the raw payload). */
export const sampleJson = <T = unknown>(name: string): T => JSON.parse(sample(name).toString('utf8')) as T;

export async function startFixtureServer(handler: Handler): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      raw,
      body,
    };
    requests.push(request);
    const answer = await handler(request, res);
    if (!answer) return;
    const bytes = Buffer.from(answer.body ?? '');
    res.writeHead(answer.status ?? 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(bytes.length),
      ...answer.headers,
    });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A server answering every request with one sample's bytes and status. */
export const serveSample = (name: string, status = 200) =>
  startFixtureServer(() => ({ status, body: sample(name) }));

export interface RecordedWarning {
  data: unknown;
  message: string | undefined;
}

/** A logger keeping the client's warnings (skipped rows). */
export function recordingLogger() {
  const warnings: RecordedWarning[] = [];
  const noop = () => undefined;
  const logger = {
    debug: noop,
    info: noop,
    error: noop,
    warn: (data: unknown, message?: string) => {
      warnings.push({ data, message });
    },
  };
  return { logger: logger as unknown as FederationClientOptions['logger'], warnings };
}

/** A client for a fixture server: no real waiting between retries (the delays are recorded). */
export function fixtureClient(
  url: string,
  options: Partial<FederationClientOptions> = {},
): { client: FederationClient; sleeps: number[] } {
  const sleeps: number[] = [];
  const client = createFederationClient({
    baseUrl: url,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0,
    ...options,
  });
  return { client, sleeps };
}
