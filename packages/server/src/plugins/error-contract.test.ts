// The wire contract of errors: every kind of bad input gets a catalogue-shaped 4xx, a crash a bare 500.
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BODY_LIMIT: '2048' }, extend: addTestRoutes });
});

function addTestRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Routes that exist only in this test, to drive the error handler through every branch.
  routes.post(
    '/api/test/echo',
    {
      // The contract of bad bodies is under test here, not CSRF (see auth tests).
      config: { csrf: false },
      schema: {
        body: z.strictObject({
          email: z.email(),
          quantity: z.number().int().min(1),
          address: z.strictObject({ city: z.string().min(2) }).optional(),
        }),
      },
    },
    async (request) => ({ received: request.body }),
  );
  routes.get('/api/test/crash', async () => {
    throw new Error('relation "secret_table" does not exist at SELECT * FROM users');
  });
  routes.get('/api/test/conflict', async () => {
    throw new AppError(409, 'Товар закончился', { errors: { quantity: ['Осталось 2 шт.'] } });
  });
  // Every field the catalogue's error bodies carry: the declared error schema must let each of them through.
  routes.get('/api/test/undeliverable', async () => {
    throw new AppError(422, 'The given data was invalid.', {
      errors: { sposob_dost: ['Гидролаты этим способом не отправляются'] },
      hydr: true,
    });
  });
  routes.get('/api/test/unavailable', async () => {
    throw new AppError(503, 'Платёжный сервис временно недоступен', { title: 'Попробуйте через минуту' });
  });
}

afterAll(() => testApp.close());

function post(payload: string, contentType = 'application/json') {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/test/echo',
    headers: { 'content-type': contentType },
    payload,
  });
}

describe('bad input', () => {
  it('answers malformed JSON with 400 and a Russian title', async () => {
    const response = await post('{"email": "a@b.ru",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Bad Request',
      title: 'Тело запроса не является корректным JSON',
    });
  });

  it('answers wrong types with 422 and Russian messages per field', async () => {
    const response = await post(JSON.stringify({ email: 'not-an-email', quantity: 'two' }));
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'quantity']);
    expect(body.errors.email[0]).toMatch(/[а-яё]/i);
    expect(body.errors.quantity[0]).toMatch(/[а-яё]/i);
  });

  it('names nested fields with a dotted path', async () => {
    const response = await post(JSON.stringify({ email: 'a@b.ru', quantity: 1, address: { city: 'М' } }));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['address.city']);
  });

  it('rejects unknown fields (no mass assignment) naming each of them', async () => {
    const response = await post(JSON.stringify({ email: 'a@b.ru', quantity: 1, skidka: 90, isAdmin: true }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ skidka: ['Неизвестное поле'], isAdmin: ['Неизвестное поле'] });
  });

  it('caps the body size with 413', async () => {
    const response = await post(JSON.stringify({ email: 'a@b.ru', quantity: 1, pad: 'x'.repeat(5000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Payload Too Large' });
  });

  it('refuses a content type it does not read with 415', async () => {
    const response = await post('email=a@b.ru', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported Media Type' });
  });

  it('refuses prototype pollution attempts with 400', async () => {
    const response = await post('{"email":"a@b.ru","quantity":1,"__proto__":{"admin":true}}');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Bad Request');
  });

  it('handles deeply nested JSON without a 5xx', async () => {
    const deep = `${'['.repeat(400)}${']'.repeat(400)}`;
    const response = await post(deep);
    expect(response.statusCode).toBe(422);
  });

  it('refuses the NUL character (PostgreSQL cannot store it) in bodies and addresses with 400', async () => {
    const body = await post(JSON.stringify({ email: 'a\u0000@b.ru', quantity: 1 }));
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('Bad Request');
    const query = await testApp.app.inject({ method: 'GET', url: '/api/v1/address?q=%00' });
    expect(query.statusCode).toBe(400);
  });

  it('refuses a lone UTF-16 surrogate (PostgreSQL cannot store it) but keeps real emoji', async () => {
    const lone = await post('{"email":"a\\ud800@b.ru","quantity":1}');
    expect(lone.statusCode).toBe(400);
    const emoji = await post('{"email":"not-an-email-\\ud83c\\udf3f","quantity":1}');
    expect(emoji.statusCode).toBe(422);
  });

  it('answers a broken percent-encoding in the path with a catalogue 400', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Bad Request', title: 'Некорректный адрес запроса' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });
});

describe('failures', () => {
  it('hides the cause of a crash: no stack, no SQL, just "Server Error"', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error' });
    expect(response.body).not.toMatch(/secret_table|SELECT|at /);
  });

  it('passes an AppError through with its status, message and field errors', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Товар закончился',
      errors: { quantity: ['Осталось 2 шт.'] },
    });
  });

  it('keeps every field of the catalogue through the error schema declared on the route (hydr, title)', async () => {
    const undeliverable = await testApp.app.inject({ method: 'GET', url: '/api/test/undeliverable' });
    expect(undeliverable.statusCode).toBe(422);
    expect(undeliverable.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { sposob_dost: ['Гидролаты этим способом не отправляются'] },
      hydr: true,
    });
    const unavailable = await testApp.app.inject({ method: 'GET', url: '/api/test/unavailable' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({
      message: 'Платёжный сервис временно недоступен',
      title: 'Попробуйте через минуту',
    });
  });
});

describe('response rule (spec §7)', () => {
  it('wraps a 200 body as {ok: true, data} when the request carries the suppression marker', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-suppress-errors': '1' },
    });
    expect(response.json()).toEqual({ ok: true, data: { status: 'ok' } });
  });

  it('wraps the critical data too (kept ready as bytes, not as a string)', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/api/v1/critical' });
    const wrapped = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/critical',
      headers: { 'x-suppress-errors': '1' },
    });
    expect(wrapped.json()).toEqual({ ok: true, data: plain.json() });
  });

  it('leaves bodies alone without the marker, and errors alone with it', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.json()).toEqual({ status: 'ok' });
    const failed = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { 'x-suppress-errors': '1' },
    });
    expect(failed.json()).toEqual({ message: 'Not Found' });
  });
});

describe('headers', () => {
  it('accepts the custom header ar (and the others the client sends) in CORS preflight', async () => {
    const response = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/critical',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'ar,authorization,content-type,x-xsrf-token',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const allowed = String(response.headers['access-control-allow-headers'])
      .split(',')
      .map((name) => name.trim());
    expect(allowed).toEqual(expect.arrayContaining(['ar', 'authorization', 'content-type', 'x-xsrf-token']));
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('does not grant CORS to a foreign origin', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends security headers and a locked-down CSP on API answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
