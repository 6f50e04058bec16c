// GET and PUT /api/v1/admin/settings: the owner's form. A save is one transaction with its audit entry (before and
// after), then every cached copy is dropped here and on the other instances — settings, critical data, answers and
// rendered pages — so the next page, letter and feed show the new values without a restart.
import { DELIVERY_KINDS } from '@efir/domain/delivery-catalogue';
import { shopSettingsAnswerSchema, shopSettingsSchema } from '@efir/domain/shop-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { type SettingsStore, writeSettings } from './settings.service.ts';

export interface SettingsAdminDeps {
  db: Database;
  store: SettingsStore;
  /** Drops every cache built from the settings, on every instance (the content service's invalidate). */
  onSaved: () => void;
}

const DELIVERY_KIND_LIST = Object.entries(DELIVERY_KINDS).map(([kind, name]) => ({
  kind: Number(kind),
  name,
}));

async function answer(store: SettingsStore) {
  const [settings, updatedAt] = await Promise.all([store.get(), store.updatedAt()]);
  return { settings, deliveryKinds: DELIVERY_KIND_LIST, updatedAt: updatedAt?.toISOString() ?? null };
}

export function settingsAdminSection(deps: SettingsAdminDeps): (scope: FastifyInstance) => void {
  return (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get('/settings', { schema: { response: { 200: shopSettingsAnswerSchema } } }, async () =>
      answer(deps.store),
    );
    routes.put(
      '/settings',
      { schema: { body: shopSettingsSchema, response: { 200: shopSettingsAnswerSchema } } },
      async (request) => {
        const before = await deps.store.get();
        const userId = moderatorId(request);
        await deps.db.transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          await writeSettings(txDb, request.body, userId);
          await writeAudit(txDb, {
            userId,
            action: 'settings.update',
            entity: 'settings',
            entityId: 1,
            before,
            after: request.body,
          });
        });
        deps.store.invalidate();
        deps.onSaved();
        return answer(deps.store);
      },
    );
  };
}
