// Signing in as a moderator in tests: a user with a chosen id (listed in MODERATOR_IDS) and a token for it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createTestConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../features/account/account.table.ts';
import { createAccessTokens } from '../features/auth/tokens.ts';
import { createTestAgent, type TestAgent } from './test-agent.ts';

/** The moderator id tests put into MODERATOR_IDS (far above the ids registration hands out). */
export const TEST_MODERATOR_ID = 910_001;
export const MODERATOR_ENV = { MODERATOR_IDS: String(TEST_MODERATOR_ID) };

/** An agent signed in as the user with this id, created if missing (use TEST_MODERATOR_ID for a moderator). */
export async function signInAs(app: FastifyInstance, db: Database, id: number): Promise<TestAgent> {
  await db
    .insert(users)
    .values({ id, name: 'Модератор', email: `moderator.${id}.${randomBytes(4).toString('hex')}@example.ru` })
    .onConflictDoNothing();
  const agent = createTestAgent(app);
  const secret = createTestConfig().JWT_SECRET;
  if (!secret) throw new Error('the test config has no JWT secret');
  agent.token = (await createAccessTokens(secret, 900).issue({ userId: id, tokenVersion: 0 })).token;
  return agent;
}
