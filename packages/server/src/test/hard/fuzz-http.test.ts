// A slice of the fuzz over real HTTP, in `npm test`: the shop listens on a port and every case travels through
// Node's HTTP client, the network stack, the server's HTTP parser and its sockets — what app.inject skips. The
// lite sweep plus FUZZ_HTTP_RUNS generated cases (default 150) over all routes, each as a guest and as a user: no
// 5xx, no dropped connection, every 4xx in the catalogue's shape, the server healthy after each route.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  buildBadAuthorizations,
  checkHealth,
  createHttpSender,
  FUZZ_APP_ENV,
  type FuzzContext,
  formatReport,
  prepareFuzzContext,
  runFuzz,
  summarizeFailures,
} from './fuzz-kit.ts';
import { listRoutes } from './route-capture.ts';

vi.mock('fastify', async (importOriginal) => {
  const { wrapFastify } = await import('./route-capture.ts');
  return wrapFastify(await importOriginal());
});

const TOTAL_RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

let testApp: TestApp;
let ctx: FuzzContext;
let sender: ReturnType<typeof createHttpSender>;

beforeAll(async () => {
  testApp = await createTestApp({ env: FUZZ_APP_ENV });
  const address = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  sender = createHttpSender(address);
  ctx = { ...(await prepareFuzzContext(testApp)), send: sender.send };
});

afterAll(async () => {
  sender?.close();
  await testApp?.close();
});

it('answers prototype names in lookups keyed by what the visitor typed over HTTP without a 5xx', async () => {
  for (const qs of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype']) {
    const response = await sender.send({
      method: 'POST',
      url: '/api/v1/calculator/pvz-search',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ qs }),
    });
    expect(response.statusCode, `${qs}: ${response.body}`).toBeLessThan(500);
    const address = await sender.send({ method: 'GET', url: `/api/v1/address?q=${qs}` });
    expect(address.statusCode, `${qs}: ${address.body}`).toBeLessThan(500);
  }
});

it('answers an address over 16 KB with a catalogue 431 the client reads, not a reset connection (a fuzz finding)', async () => {
  for (const length of [20_000, 120_000]) {
    const response = await sender.send({
      method: 'GET',
      url: `/api/v1/address?q=${'%D1%91'.repeat(length / 6)}`,
      headers: { cookie: 'efir_cart=x' },
    });
    expect(response.statusCode).toBe(431);
    expect(JSON.parse(response.body)).toEqual({
      message: 'Request Header Fields Too Large',
      title: 'Слишком длинный адрес или заголовки запроса',
    });
  }
  // The shop goes on answering on new connections.
  expect((await sender.send({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
});

it(`survives the lite sweep and ${TOTAL_RUNS} generated cases over real HTTP (FUZZ_SEED=${SEED})`, async () => {
  const routes = listRoutes();
  const report = await runFuzz(ctx, routes, {
    sweep: 'lite',
    runs: Math.max(1, Math.ceil(TOTAL_RUNS / routes.length)),
    seed: SEED,
    badAuth: await buildBadAuthorizations(JWT_SECRET),
  });
  console.log(formatReport(report));
  expect(report.requests).toBeGreaterThan(routes.length * 2);
  expect(summarizeFailures(report)).toEqual([]);
  expect(report.healthProblems).toEqual([]);
  expect(await checkHealth(testApp.app)).toBeNull();
}, 600_000);
