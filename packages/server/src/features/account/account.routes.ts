// Long on purpose: 23 routes of one page group, each a few lines over the account service and its schemas.
// HTTP routes of the personal account (spec §7 Account and User): page data, profile, avatar, addresses, pickup
// points, favourites, waitlist, mailings, questions (the Telegram link's routes are modules/telegram's).

import {
  AVATAR_MAX_BYTES,
  addressSchema,
  birthdaySchema,
  FAVORITE_KINDS,
  favoriteSchema,
  idField,
  mailingsSchema,
  personalSchema,
  pickupPointSchema,
  questionSchema,
} from '@efir/domain/account-schemas';
import {
  accountSummarySchema,
  addressAddedAnswerSchema,
  addressBookChangedAnswerSchema,
  addressBookSchema,
  bookmarksAnswerSchema,
  favoriteProductsAnswerSchema,
  favoriteToggleAnswerSchema,
  personalAnswerSchema,
  pickupPointAddedAnswerSchema,
  questionAskedAnswerSchema,
  questionsAnswerSchema,
  settingsAnswerSchema,
  settingsChangedAnswerSchema,
  userChangedAnswerSchema,
  waitlistAnswerSchema,
  waitlistChangedAnswerSchema,
} from '@efir/domain/account-wire';
import { type SavedCart, savedCartsAnswerSchema } from '@efir/domain/cart-wire';
import { myOrdersAnswerSchema, type OrderView } from '@efir/domain/order-wire';
import { z } from '@efir/domain/zod-ru';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { forbidden, invalidData } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { describeUploadError } from '../../lib/upload-errors.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { UserRow } from './account.repo.ts';
import {
  addAddress,
  addPickupPoint,
  addToWaitlist,
  askQuestion,
  getAccountSummary,
  getPersonal,
  getSettings,
  getUserWire,
  listAddressBook,
  listBookmarks,
  listFavoriteProducts,
  listQuestions,
  listWaitlist,
  removeAddress,
  removeAvatar,
  removeFromWaitlist,
  removePickupPoint,
  replaceAvatar,
  setBirthday,
  setMailings,
  toggleFavorite,
  updatePersonal,
} from './account.service.ts';

export interface AccountDeps {
  db: Database;
  authenticator: Authenticator;
  mail: MailService;
  limiter: RateLimiter;
  config: Config;
  /** The user's orders and saved carts come from the orders and cart features. */
  listOrders?: (user: UserRow) => Promise<OrderView[]>;
  listSavedCarts?: (user: UserRow) => Promise<SavedCart[]>;
  /** Guest orders with the account's e-mail that wait for its confirmation (decision 040). */
  countGuestOrders?: (user: UserRow) => Promise<number>;
}

const userParams = z.strictObject({ id: idField });

export function registerAccountRoutes(app: FastifyInstance, deps: AccountDeps): void {
  // A scope of its own: personal answers are never stored by caches, and only the avatar route reads multipart.
  app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'private, no-store');
      return payload;
    });
    registerPageData(scope, deps);
    registerProfile(scope, deps);
    await scope.register(async (uploads) => registerAvatar(uploads, deps));
    registerAddressBook(scope, deps);
    registerFavoritesAndWaitlist(scope, deps);
    registerSettingsAndQuestions(scope, deps);
  });
}

/** The caller, who must be the user of the path's {id}: anyone else gets 403, whatever the id. */
async function requireOwner(
  authenticator: Authenticator,
  request: FastifyRequest & { params: { id: number } },
): Promise<UserRow> {
  const user = await authenticator.requireUser(request);
  if (user.id !== request.params.id) throw forbidden();
  return user;
}

function registerPageData(app: FastifyInstance, deps: AccountDeps) {
  const { db, authenticator, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/v1/my-account', { schema: { response: { 200: accountSummarySchema } } }, async (request) => {
    const user = await authenticator.requireUser(request);
    return getAccountSummary(db, user, config.DISCOUNT_TIERS);
  });

  routes.get('/v1/my-personal', { schema: { response: { 200: personalAnswerSchema } } }, async (request) => ({
    personal: getPersonal(await authenticator.requireUser(request)),
  }));

  routes.get('/v1/my-settings', { schema: { response: { 200: settingsAnswerSchema } } }, async (request) => ({
    settings: getSettings(await authenticator.requireUser(request), config.TELEGRAM_BOT_NAME),
  }));

  routes.get('/v1/my-waitlist', { schema: { response: { 200: waitlistAnswerSchema } } }, async (request) => ({
    items: await listWaitlist(db, (await authenticator.requireUser(request)).id),
  }));

  routes.get(
    '/v1/my-fav-prod',
    { schema: { response: { 200: favoriteProductsAnswerSchema } } },
    async (request) => ({
      items: await listFavoriteProducts(db, (await authenticator.requireUser(request)).id),
    }),
  );

  routes.get('/v1/my-bookmarks', { schema: { response: { 200: bookmarksAnswerSchema } } }, async (request) =>
    listBookmarks(db, (await authenticator.requireUser(request)).id),
  );

  routes.get(
    '/v1/my-question',
    { schema: { response: { 200: questionsAnswerSchema } } },
    async (request) => ({
      items: await listQuestions(db, (await authenticator.requireUser(request)).id),
    }),
  );

  routes.get('/v1/my-orders', { schema: { response: { 200: myOrdersAnswerSchema } } }, async (request) => {
    const user = await authenticator.requireUser(request);
    return {
      items: deps.listOrders ? await deps.listOrders(user) : [],
      guest_orders: deps.countGuestOrders ? await deps.countGuestOrders(user) : 0,
    };
  });

  routes.get('/v1/my-baskets', { schema: { response: { 200: savedCartsAnswerSchema } } }, async (request) => {
    const user = await authenticator.requireUser(request);
    return { items: deps.listSavedCarts ? await deps.listSavedCarts(user) : [] };
  });

  // GET /v1/my-courses lives with the school (modules/school/school.routes.ts; enrolment is flows/course-enrolment.ts).
}

function registerProfile(app: FastifyInstance, { db, authenticator }: AccountDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.put(
    '/v1/user/:id',
    { schema: { params: userParams, body: personalSchema, response: { 200: userChangedAnswerSchema } } },
    async (request) => {
      const user = await requireOwner(authenticator, request);
      const updated = await updatePersonal(db, user, request.body);
      return { status: 'ok' as const, message: 'Данные сохранены', user: await getUserWire(db, updated) };
    },
  );

  routes.post(
    '/v1/user/:id/birthday',
    { schema: { params: userParams, body: birthdaySchema, response: { 200: userChangedAnswerSchema } } },
    async (request) => {
      const user = await requireOwner(authenticator, request);
      const updated = await setBirthday(db, user, request.body.birthday);
      return {
        status: 'ok' as const,
        message: 'Дата рождения сохранена',
        user: await getUserWire(db, updated),
      };
    },
  );
}

/** Fastify's multipart failures, as field errors the avatar form can show. */

const AVATAR_UPLOAD_MESSAGES = {
  tooLarge: `Картинка больше ${AVATAR_MAX_BYTES / 1024 / 1024} МБ — выберите файл поменьше`,
  wrongKind: 'Прикрепите одну картинку в формате JPEG, PNG или WebP',
  notAFile: 'Прикрепите картинку как файл формы',
};

async function registerAvatar(app: FastifyInstance, { db, authenticator, config }: AccountDeps) {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/v1/user/:id/avatar',
    { schema: { params: userParams, response: { 200: userChangedAnswerSchema } } },
    async (request) => {
      // The caller is checked before a byte of the upload is read.
      const user = await requireOwner(authenticator, request);
      let upload: Buffer;
      try {
        const file = await request.file();
        if (!file) throw invalidData({ avatar: ['Выберите картинку'] });
        upload = await file.toBuffer();
      } catch (error) {
        const message = describeUploadError(error, AVATAR_UPLOAD_MESSAGES);
        if (message) throw invalidData({ avatar: [message] });
        throw error;
      }
      const updated = await replaceAvatar(db, user, config.imagesDir, upload);
      return { status: 'ok' as const, message: 'Фото сохранено', user: await getUserWire(db, updated) };
    },
  );

  routes.delete(
    '/v1/user/:id/avatar',
    { schema: { params: userParams, response: { 200: userChangedAnswerSchema } } },
    async (request) => {
      const user = await requireOwner(authenticator, request);
      const updated = await removeAvatar(db, user, config.imagesDir);
      return { status: 'ok' as const, message: 'Фото удалено', user: await getUserWire(db, updated) };
    },
  );
}

function registerAddressBook(app: FastifyInstance, { db, authenticator }: AccountDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/v1/user/:id/address',
    { schema: { params: userParams, response: { 200: addressBookSchema } } },
    async (request) => {
      const user = await requireOwner(authenticator, request);
      return listAddressBook(db, user.id);
    },
  );

  routes.post(
    '/v1/user/:id/address',
    { schema: { params: userParams, body: addressSchema, response: { 200: addressAddedAnswerSchema } } },
    async (request) => {
      const user = await requireOwner(authenticator, request);
      const item = await addAddress(db, user.id, request.body);
      return {
        status: 'ok' as const,
        message: 'Адрес сохранён',
        item,
        ...(await listAddressBook(db, user.id)),
      };
    },
  );

  routes.delete(
    '/v1/user/:id/address/:addressId',
    {
      schema: {
        params: z.strictObject({ id: idField, addressId: idField }),
        response: { 200: addressBookChangedAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireOwner(authenticator, request);
      await removeAddress(db, user.id, request.params.addressId);
      return { status: 'ok' as const, message: 'Адрес удалён', ...(await listAddressBook(db, user.id)) };
    },
  );

  routes.post(
    '/v1/user/:id/pvz',
    {
      schema: {
        params: userParams,
        body: pickupPointSchema,
        response: { 200: pickupPointAddedAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireOwner(authenticator, request);
      const item = await addPickupPoint(db, user.id, request.body);
      return {
        status: 'ok' as const,
        message: 'Пункт выдачи сохранён',
        item,
        ...(await listAddressBook(db, user.id)),
      };
    },
  );

  routes.delete(
    '/v1/user/:id/pvz/:pvzId',
    {
      schema: {
        params: z.strictObject({ id: idField, pvzId: idField }),
        response: { 200: addressBookChangedAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireOwner(authenticator, request);
      await removePickupPoint(db, user.id, request.params.pvzId);
      return {
        status: 'ok' as const,
        message: 'Пункт выдачи удалён',
        ...(await listAddressBook(db, user.id)),
      };
    },
  );
}

function registerFavoritesAndWaitlist(app: FastifyInstance, { db, authenticator }: AccountDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const favoriteTypes = Object.keys(FAVORITE_KINDS) as Array<keyof typeof FAVORITE_KINDS>;

  routes.put(
    '/v1/user/favorite/:type',
    {
      schema: {
        params: z.strictObject({ type: z.enum(favoriteTypes, 'Неизвестный тип избранного') }),
        body: favoriteSchema,
        response: { 200: favoriteToggleAnswerSchema },
      },
    },
    async (request) => {
      const user = await authenticator.requireUser(request);
      return toggleFavorite(db, user.id, request.params.type, request.body.id);
    },
  );

  const productParams = z.strictObject({ id: idField });

  routes.put(
    '/v1/user/waitlist/:id',
    { schema: { params: productParams, response: { 200: waitlistChangedAnswerSchema } } },
    async (request) => {
      const user = await authenticator.requireUser(request);
      return {
        message: 'waitlist/add' as const,
        waitlist: await addToWaitlist(db, user.id, request.params.id),
      };
    },
  );

  routes.delete(
    '/v1/user/waitlist/:id',
    { schema: { params: productParams, response: { 200: waitlistChangedAnswerSchema } } },
    async (request) => {
      const user = await authenticator.requireUser(request);
      return {
        message: 'waitlist/remove' as const,
        waitlist: await removeFromWaitlist(db, user.id, request.params.id),
      };
    },
  );
}

function registerSettingsAndQuestions(
  app: FastifyInstance,
  { db, authenticator, limiter, config }: AccountDeps,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/v1/user/mailings',
    { schema: { body: mailingsSchema, response: { 200: settingsChangedAnswerSchema } } },
    async (request) => {
      const user = await authenticator.requireUser(request);
      const updated = await setMailings(db, user, request.body.mailings);
      return {
        status: 'ok' as const,
        message: updated.mailings ? 'Вы подписаны на рассылку' : 'Вы отписались от рассылки',
        settings: getSettings(updated, config.TELEGRAM_BOT_NAME),
      };
    },
  );

  routes.post(
    '/v1/user/question',
    { schema: { body: questionSchema, response: { 200: questionAskedAnswerSchema } } },
    async (request) => {
      const user = await authenticator.requireUser(request);
      return {
        status: 'ok' as const,
        message: 'Вопрос отправлен. Ответ появится на странице «Мои вопросы»',
        question: await askQuestion(db, limiter, user.id, request.body),
      };
    },
  );
}
