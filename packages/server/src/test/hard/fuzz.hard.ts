// The heavy fuzz run (`npm run test:hard`): the full sweep plus FUZZ_RUNS generated cases in all (default 5 400,
// spread over the routes; each sent as a guest and as a user: ≥ 10 000 requests with the sweep), then health.
// Not matched by the normal `*.test.ts` pattern; vitest.hard.config.ts includes it.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  buildBadAuthorizations,
  checkHealth,
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

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 5400);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

let testApp: TestApp;
let ctx: FuzzContext;

beforeAll(async () => {
  testApp = await createTestApp({ env: FUZZ_APP_ENV });
  ctx = await prepareFuzzContext(testApp);
});

afterAll(() => testApp?.close());

it(`survives the full sweep and ${TOTAL_RUNS} generated cases (FUZZ_SEED=${SEED})`, async () => {
  const routes = listRoutes();
  const report = await runFuzz(ctx, routes, {
    sweep: 'full',
    runs: Math.max(1, Math.ceil(TOTAL_RUNS / routes.length)),
    seed: SEED,
    badAuth: await buildBadAuthorizations(JWT_SECRET),
  });
  console.log(formatReport(report));
  expect(summarizeFailures(report)).toEqual([]);
  expect(report.healthProblems).toEqual([]);
  expect(await checkHealth(testApp.app)).toBeNull();
  // The issue asks for at least 10 000 hostile requests in the hard suite.
  if (TOTAL_RUNS >= 5400) expect(report.requests).toBeGreaterThanOrEqual(10_000);
}, 3_600_000);
