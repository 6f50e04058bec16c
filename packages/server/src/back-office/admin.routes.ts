// The back office API under /api/v1/admin. One plugin scope holds every admin route, and its preValidation hook
// lets only the users of MODERATOR_IDS in (401 for a guest, 403 for anyone else), so no route can forget the check.
import { adminMeSchema, auditAnswerSchema } from '@efir/domain/admin-wire';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { forbidden } from '../lib/app-error.ts';
import type { Authenticator } from '../plugins/auth.ts';
import { listAudit } from './audit.ts';

export const ADMIN_PREFIX = '/api/v1/admin';

export interface AdminRouteDeps {
  db: Database;
  authenticator: Authenticator;
  config: Pick<Config, 'MODERATOR_IDS'>;
  /** Each back-office feature adds its routes to the guarded scope (paths relative to /api/v1/admin). */
  sections: Array<(scope: FastifyInstance) => void>;
}

export function isModerator(config: Pick<Config, 'MODERATOR_IDS'>, userId: number): boolean {
  return config.MODERATOR_IDS.includes(userId);
}

/** The moderator a guarded admin route is serving (set by the scope's check). */
export function moderatorId(request: FastifyRequest): number {
  const user = request.authenticatedUser;
  if (!user) throw new Error('admin route outside the guarded scope');
  return user.id;
}

const auditQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  entity: z.string().trim().min(1).max(40).optional(),
  entity_id: z.string().trim().min(1).max(40).optional(),
  user_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export function registerAdminRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  app.register(
    async (scope) => {
      scope.addHook('preValidation', async (request) => {
        const user = await deps.authenticator.requireUser(request);
        if (!isModerator(deps.config, user.id)) throw forbidden();
      });
      const routes = scope.withTypeProvider<ZodTypeProvider>();

      /** The web back office asks this first: who am I, and may I be here. */
      routes.get('/me', { schema: { response: { 200: adminMeSchema } } }, async (request) => {
        const user = request.authenticatedUser;
        return { moderator: true as const, id: user?.id, name: user?.name };
      });

      routes.get(
        '/audit',
        { schema: { querystring: auditQuery, response: { 200: auditAnswerSchema } } },
        async (request) =>
          listAudit(deps.db, {
            page: request.query.page,
            entity: request.query.entity,
            entityId: request.query.entity_id,
            userId: request.query.user_id,
          }),
      );

      for (const section of deps.sections) section(scope);
    },
    { prefix: ADMIN_PREFIX },
  );
}
