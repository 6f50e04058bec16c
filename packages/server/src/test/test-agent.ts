// A browser-like client for inject tests: keeps cookies and sends the CSRF header the way our web client does.
import { CSRF_COOKIE, CSRF_HEADER } from '@efir/domain/http-contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface TestAgent {
  cookies: Map<string, string>;
  token: string | null;
  request(options: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse>;
  /** Registers and logs in a fresh user; returns its id, e-mail and password. */
  register(overrides?: Record<string, unknown>): Promise<{ id: number; email: string; password: string }>;
}

let registered = 0;
let agents = 0;

/** Each agent comes from its own address, as separate visitors would (limits are per IP). */
export function createTestAgent(app: FastifyInstance): TestAgent {
  agents += 1;
  const remoteAddress = `198.51.${Math.floor(agents / 250) % 250}.${(agents % 250) + 1}`;
  const agent: TestAgent = {
    cookies: new Map(),
    token: null,
    async request(options) {
      if (!agent.cookies.has(CSRF_COOKIE) && options.method !== 'GET') {
        await agent.request({ method: 'GET', url: '/refresh' });
      }
      const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const csrf = agent.cookies.get(CSRF_COOKIE);
      const response = await app.inject({
        remoteAddress,
        ...options,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
          ...(agent.token ? { authorization: `Bearer ${agent.token}` } : {}),
          ...options.headers,
        },
      } as InjectOptions);
      for (const set of response.cookies as Array<{
        name: string;
        value: string;
        maxAge?: number;
        expires?: Date;
      }>) {
        const expired =
          set.maxAge === 0 ||
          (set.expires !== undefined && set.expires.getTime() < Date.now()) ||
          set.value === '';
        if (expired) agent.cookies.delete(set.name);
        else agent.cookies.set(set.name, set.value);
      }
      return response;
    },
    async register(overrides = {}) {
      registered += 1;
      const email = `user${registered}.${Date.now()}@example.ru`;
      const password = 'лавандовое поле 2026';
      const response = await agent.request({
        method: 'POST',
        url: '/v1/user',
        payload: { name: 'Анна', email, password, agree: true, ...overrides },
      });
      if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
      const body = response.json();
      agent.token = body.access_token;
      return { id: body.user.id, email, password };
    },
  };
  return agent;
}
