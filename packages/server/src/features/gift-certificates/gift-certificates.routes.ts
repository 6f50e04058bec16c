// HTTP routes of gift certificates (decision 045): the certificates a cart holds (entered through the cart's
// «Подарочный сертификат или промокод» field, see enterCertificate), and the buyer's list in the account.
import { cartCertificatesAnswerSchema, myCertificatesAnswerSchema } from '@efir/domain/gift-certificate-wire';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import {
  deleteCartCertificate,
  findCartCertificates,
  findCertificatesOfUser,
  insertCartCertificate,
} from './gift-certificates.repo.ts';
import {
  acceptedText,
  type CertificateRow,
  checkCertificateCode,
  describeCertificateForCart,
} from './gift-certificates.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export type CertificateView = 'active' | 'blocked' | 'expired' | 'used';
export const CERTIFICATE_VIEW_NAMES: Record<CertificateView, string> = {
  active: 'Действует',
  blocked: 'Заблокирован',
  expired: 'Срок истёк',
  used: 'Потрачен',
};

export function certificateView(certificate: CertificateRow, now = new Date()): CertificateView {
  if (certificate.state === 'blocked') return 'blocked';
  if (certificate.balance === 0) return 'used';
  return certificate.expiresAt <= now ? 'expired' : 'active';
}

/**
 * The cart field's certificate path: null when `typed` is not shaped like a certificate code (the promo path takes
 * it); otherwise the answer the field shows, the certificate kept in the cart when it can pay.
 */
export async function enterCertificate(
  deps: { db: Database; limiter: RateLimiter },
  cartId: string,
  typed: string,
  ip: string,
): Promise<{ error: boolean; text: string } | null> {
  const checked = await checkCertificateCode(deps.db, deps.limiter, typed, { ip, cartId });
  if (checked.kind === 'not_certificate') return null;
  if (checked.kind === 'refused') return { error: true, text: checked.text };
  await insertCartCertificate(deps.db, cartId, checked.certificate.id);
  return { error: false, text: acceptedText(checked.certificate) };
}

export function registerGiftCertificateRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    authenticator: Authenticator;
    /** The caller's cart id, if they have a cart (the cart feature knows how to find it). */
    findCartId(request: FastifyRequest): Promise<string | null>;
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  async function cartAnswer(cartId: string | null) {
    const rows = cartId ? await findCartCertificates(db, cartId) : [];
    return { message: 'cart/certificates' as const, certificates: rows.map(describeCertificateForCart) };
  }

  routes.get(
    '/v1/cart/certificates',
    { schema: { response: { 200: cartCertificatesAnswerSchema } } },
    async (request) => cartAnswer(await deps.findCartId(request)),
  );

  routes.delete(
    '/v1/cart/certificates/:id',
    { schema: { params: idParams, response: { 200: cartCertificatesAnswerSchema } } },
    async (request) => {
      // Only the caller's own cart is touched: another cart's certificate id changes nothing.
      const cartId = await deps.findCartId(request);
      if (cartId) await deleteCartCertificate(db, cartId, request.params.id);
      return cartAnswer(cartId);
    },
  );

  routes.get(
    '/v1/my-certificates',
    { schema: { response: { 200: myCertificatesAnswerSchema } } },
    async (request) => {
      const user = await deps.authenticator.requireUser(request);
      const rows = await findCertificatesOfUser(db, user.id);
      return {
        message: 'my-certificates' as const,
        certificates: rows.map((row) => {
          const state = certificateView(row);
          return {
            id: row.id,
            code: row.code,
            value: row.value,
            balance: row.balance,
            expires_at: row.expiresAt.toISOString(),
            state,
            state_name: CERTIFICATE_VIEW_NAMES[state],
            recipient_name: row.recipientName,
            recipient_email: row.recipientEmail,
            send_at: row.sendAt?.toISOString() ?? null,
            sent_at: row.sentAt?.toISOString() ?? null,
            mine: row.buyerUserId === user.id,
          };
        }),
      };
    },
  );
}
