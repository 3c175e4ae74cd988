import { apiErrorSchema } from '@radar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../src/db/client';
import { AppError } from '../../src/domain/errors';
import { buildBareApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-db';

describe('the one error shape', () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildBareApp(database);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/test/echo',
      {
        schema: {
          body: z
            .object({
              username: z.string().min(3).max(50),
              email: z.email(),
              code: z.string().regex(/^\d{6}$/),
              password: z.string(),
              confirmPassword: z.string(),
            })
            .refine((body) => body.password === body.confirmPassword, {
              message: 'validation.passwordsMismatch',
              path: ['confirmPassword'],
            }),
        },
      },
      async (request) => ({ ok: request.body.username }),
    );
    typed.get('/api/test/conflict', async () => {
      throw new AppError('EMAIL_ALREADY_EXISTS', 409);
    });
    typed.get('/api/test/crash', async () => {
      throw new Error('database password is hunter2');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (body: unknown, language = 'it') =>
    app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: body as object,
      headers: { 'accept-language': language },
    });

  it('answers VALIDATION_ERROR with per-field messages in Italian by default', async () => {
    const response = await post({
      username: 'ab',
      email: 'nope',
      code: '12a',
      password: 'x',
      confirmPassword: 'y',
    });
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(body.message).toBe('Alcuni dati non sono validi. Controlla i campi evidenziati.');
    expect(body.data).toEqual({
      fields: {
        username: ['Deve contenere almeno 3 caratteri'],
        email: ['Inserisci un indirizzo email valido'],
        code: ['Formato non valido'],
        confirmPassword: ['Le password non coincidono'],
      },
    });
  });

  it('reports missing fields as required and custom rules by their key, in English when asked', async () => {
    const response = await post(
      { email: 'a@b.it', code: '123456', password: 'x', confirmPassword: 'y' },
      'en-GB,en;q=0.9',
    );
    const body = apiErrorSchema.parse(response.json());
    expect(body.message).toBe('Some data is not valid. Check the highlighted fields.');
    expect(body.data).toEqual({ fields: { username: ['This field is required'] } });

    const mismatch = await post(
      { username: 'mario', email: 'a@b.it', code: '123456', password: 'x', confirmPassword: 'y' },
      'en',
    );
    expect(mismatch.json().data).toEqual({ fields: { confirmPassword: ['Passwords do not match'] } });
  });

  it('answers an AppError with its code and translated message', async () => {
    const response = await app.inject({ url: '/api/test/conflict', headers: { 'accept-language': 'it' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'EMAIL_ALREADY_EXISTS',
      message: 'Email già registrata.',
      status: 409,
    });
  });

  it('hides internal failures behind SERVER_ERROR', async () => {
    const response = await app.inject({ url: '/api/test/crash', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'SERVER_ERROR',
      message: 'Server error. Please try again later.',
      status: 500,
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('answers unknown API paths and malformed JSON in the same shape', async () => {
    const missing = await app.inject({ url: '/api/nope', headers: { 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Resource not found.', status: 404 });

    const malformed = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(apiErrorSchema.parse(malformed.json()).code).toBe('BAD_REQUEST');
  });
});
