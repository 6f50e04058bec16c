// HTTP routes of the shop assistant: POST /api/v1/ai (spec §7) and the widget's thread list and thread.
import {
  chatFailureSchema,
  chatReplySchema,
  chatRequestSchema,
  chatThreadListSchema,
  chatThreadViewSchema,
} from '@efir/domain/chat-schemas';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import { type ChatService, canUseChat } from './chat.service.ts';

const threadParams = z.strictObject({
  id: z.coerce
    .number({ error: 'Неверный номер диалога' })
    .int('Неверный номер диалога')
    .min(1, 'Неверный номер диалога')
    .max(2_147_483_647, 'Неверный номер диалога'),
});

export interface ChatRouteDeps {
  chat: ChatService;
  authenticator: Authenticator;
  config: Pick<Config, 'CHAT_USER_ID'>;
}

export function registerChatRoutes(app: FastifyInstance, deps: ChatRouteDeps): void {
  const { chat, authenticator, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Before the body is validated: a guest learns 401 and anyone else 403, whatever they sent. */
  async function requireChatUser(request: FastifyRequest): Promise<void> {
    const user = await authenticator.requireUser(request);
    if (!canUseChat(config, user.id)) throw forbidden();
  }

  /** The user requireChatUser let through. */
  function chatUserId(request: FastifyRequest): number {
    const user = request.authenticatedUser;
    if (!user) throw new Error('chat route without its preValidation check');
    return user.id;
  }

  routes.post(
    '/api/v1/ai',
    {
      schema: {
        body: chatRequestSchema,
        response: { 200: chatReplySchema, 502: chatFailureSchema, 504: chatFailureSchema },
      },
      preValidation: requireChatUser,
    },
    async (request, reply) => {
      const result = await chat.ask(chatUserId(request), {
        message: request.body.q.message,
        threadId: request.body.q.thread_id,
      });
      if (!result.ok) return reply.status(result.status).send(result.failure);
      return result.reply;
    },
  );

  routes.get(
    '/api/v1/ai/threads',
    { schema: { response: { 200: chatThreadListSchema } }, preValidation: requireChatUser },
    async (request) => chat.listThreads(chatUserId(request)),
  );

  routes.get(
    '/api/v1/ai/threads/:id',
    {
      schema: { params: threadParams, response: { 200: chatThreadViewSchema } },
      preValidation: requireChatUser,
    },
    async (request) => chat.getThread(chatUserId(request), request.params.id),
  );
}
