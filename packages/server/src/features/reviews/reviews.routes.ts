// HTTP routes of reviews, votes and comments (spec §7): POST /api/v1/reviews and /api/v1/review, PUT
// /v1/user/vote/{type}, POST /v1/user/comment, and the comment list POST /api/v1/comments.

import { idField } from '@efir/domain/account-schemas';
import {
  commentSchema,
  commentsListSchema,
  reviewSchema,
  reviewsListSchema,
  voteParamsSchema,
  voteSchema,
} from '@efir/domain/reviews-schemas';
import {
  commentAnswerSchema,
  commentsAnswerSchema,
  reviewAnswerSchema,
  reviewsAnswerSchema,
  voteAnswerSchema,
} from '@efir/domain/reviews-wire';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import {
  addComment,
  type CacheInvalidator,
  castVote,
  getVote,
  listComments,
  listReviews,
  submitReview,
} from './reviews.service.ts';

export interface ReviewsDeps {
  db: Database;
  authenticator: Authenticator;
  limiter: RateLimiter;
  config: Pick<Config, 'REVIEWS_AUTOPUBLISH'>;
  /** Page data carries ratings and comment counts: it is dropped from the cache after each change. */
  content: CacheInvalidator;
}

/** Answers that depend on who asks are never kept by a shared cache. */
function keepPrivate(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
}

export function registerReviewRoutes(app: FastifyInstance, deps: ReviewsDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, limiter, content } = deps;

  // Only reads, so a cross-site POST could gain nothing: no CSRF token needed (like POST /api/v1/route).
  routes.post(
    '/api/v1/reviews',
    // The body may be left out altogether (Fastify then hands over null): the first page.
    {
      schema: { body: reviewsListSchema.nullish(), response: { 200: reviewsAnswerSchema } },
      config: { csrf: false },
    },
    async (request) => listReviews(db, request.body?.page ?? 1),
  );

  routes.post(
    '/api/v1/review',
    { schema: { body: reviewSchema, response: { 200: reviewAnswerSchema } } },
    async (request, reply) => {
      const user = await authenticator.findUser(request);
      keepPrivate(reply);
      return submitReview({ db, limiter, autopublish: deps.config.REVIEWS_AUTOPUBLISH }, request.body, {
        ip: request.ip,
        userId: user?.id ?? null,
      });
    },
  );

  routes.put(
    '/v1/user/vote/:type',
    { schema: { params: voteParamsSchema, body: voteSchema, response: { 200: voteAnswerSchema } } },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      keepPrivate(reply);
      return castVote({ db, limiter, content }, user.id, request.params.type, request.body);
    },
  );

  // The visitor's own vote alone (the page data carries it too, for a request made with the user's token).
  routes.get(
    '/v1/user/vote/:type/:id',
    {
      schema: {
        params: z.strictObject({ type: voteParamsSchema.shape.type, id: idField }),
        response: { 200: voteAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      keepPrivate(reply);
      return getVote(db, user.id, request.params.type, request.params.id);
    },
  );

  routes.post(
    '/v1/user/comment',
    { schema: { body: commentSchema, response: { 200: commentAnswerSchema } } },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      keepPrivate(reply);
      return addComment({ db, limiter, content }, user.id, request.body);
    },
  );

  routes.post(
    '/api/v1/comments',
    {
      schema: { body: commentsListSchema, response: { 200: commentsAnswerSchema } },
      config: { csrf: false },
    },
    async (request) => listComments(db, request.body),
  );
}
