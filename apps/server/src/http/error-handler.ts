import { type ApiError, describeIssue, type ErrorCode, type Language, translateShared } from '@radar/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../domain/errors';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'BAD_REQUEST',
  414: 'BAD_REQUEST',
  415: 'BAD_REQUEST',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

function isParams(data: unknown): data is Record<string, string | number> {
  return (
    data !== null &&
    typeof data === 'object' &&
    !Array.isArray(data) &&
    Object.values(data).every((value) => typeof value === 'string' || typeof value === 'number')
  );
}

export function errorBody(language: Language, code: ErrorCode, status: number, data?: unknown): ApiError {
  // A message with placeholders (e.g. FILTER_LIMIT_REACHED's {{count}}) takes them from the data.
  const params = isParams(data) ? data : {};
  const body: ApiError = { code, message: translateShared(language, `errors.${code}`, params), status };
  if (data !== undefined) body.data = data;
  return body;
}

function validationFields(
  request: FastifyRequest,
  error: FastifyError & { validation: unknown[]; validationContext?: string },
  language: Language,
): Record<string, string[]> {
  const input =
    error.validationContext === 'querystring'
      ? request.query
      : error.validationContext === 'params'
        ? request.params
        : error.validationContext === 'headers'
          ? request.headers
          : request.body;
  // No prototype: a field named `constructor` or `__proto__` (fuzz, issue 16) is a field like any other.
  const fields: Record<string, string[]> = Object.create(null);
  const items = error.validation as {
    keyword: string;
    instancePath: string;
    message: string;
    params: Record<string, unknown>;
  }[];
  for (const item of items) {
    const path = item.instancePath.split('/').slice(1).filter(Boolean);
    const issue = {
      ...item.params,
      code: item.keyword,
      message: item.message,
      path,
    } as unknown as Parameters<typeof describeIssue>[0];
    const ref = describeIssue(issue, input);
    const field = path.length ? path.join('.') : '_';
    fields[field] ??= [];
    fields[field].push(translateShared(language, ref.key, ref.params));
  }
  return fields;
}

/** One error shape for every failure: `{ code, message, status, data? }` in the user's language. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.language;
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(language, error.code, error.status, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(request, error, language);
      return reply.status(400).send(errorBody(language, 'VALIDATION_ERROR', 400, { fields }));
    }
    if (isDatabaseUnavailable(error)) {
      // The database restarting, failing over or out of reach (issue 28): the pool reconnects
      // by itself; until then the client is told the service is down, not that it failed.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(errorBody(language, 'SERVICE_UNAVAILABLE', 503));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody(language, 'SERVER_ERROR', 500));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'SERVER_ERROR';
      return reply.status(status).send(errorBody(language, code, status));
    }
    const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
    return reply.status(status).send(errorBody(language, code, status));
  });
}
