// Gift certificates on the wire (decision 045): the recipient a buyer names at checkout for each certificate bought,
// the certificates a cart holds, and the account's list.

import { refundAmountSchema } from './admin-wire.ts';
import { z } from './zod-ru.ts';

/** The catalogue's category of gift certificates: its goods become certificates when paid, services for 1C. */
export const CERTIFICATE_CATEGORY_URL = '/sertifikaty';
/** How 1C and the order's page name what certificates paid. */
export const CERTIFICATE_PAYMENT_NAME = 'Подарочный сертификат';

/** One certificate's recipient; every field optional (without an e-mail the letter goes to the buyer). */
export const certificateRecipientSchema = z.strictObject({
  name: z.string().trim().max(100, 'Имя — не длиннее 100 символов').optional(),
  email: z
    .string()
    .trim()
    .max(254, 'Слишком длинный адрес')
    .pipe(z.email('Проверьте e-mail получателя: в адресе ошибка'))
    .optional(),
  message: z.string().trim().max(500, 'Пожелание — не длиннее 500 символов').optional(),
  /** When the letter leaves; at once without it. Up to a year ahead. */
  send_at: z.iso
    .datetime({ offset: true, error: 'Укажите дату отправки' })
    .refine(
      (value) => Date.parse(value) < Date.now() + 366 * 86_400_000,
      'Отправить можно не позже чем через год',
    )
    .optional(),
});
export type CertificateRecipientForm = z.infer<typeof certificateRecipientSchema>;

/** A certificate entered in the cart's field: only the code's last characters travel back. */
export const cartCertificateSchema = z.object({
  id: z.int(),
  code_tail: z.string(),
  balance: z.int(),
  expires_at: z.string(),
});

/** GET /v1/cart/certificates and the answers that change them. */
export const cartCertificatesAnswerSchema = z.object({
  message: z.literal('cart/certificates'),
  certificates: z.array(cartCertificateSchema),
});
export type CartCertificatesAnswer = z.infer<typeof cartCertificatesAnswerSchema>;

/** GET /v1/my-certificates: what the buyer bought (not what was sent to their e-mail: decision 045). */
export const myCertificatesAnswerSchema = z.object({
  message: z.literal('my-certificates'),
  certificates: z.array(
    z.object({
      id: z.int(),
      code: z.string(),
      value: z.int(),
      balance: z.int(),
      expires_at: z.string(),
      state: z.enum(['active', 'blocked', 'expired', 'used']),
      state_name: z.string(),
      recipient_name: z.string().nullable(),
      recipient_email: z.string().nullable(),
      send_at: z.string().nullable(),
      /** When the letter leaves (or left); null until the certificate is issued on payment's letter. */
      sent_at: z.string().nullable(),
      mine: z.boolean(),
    }),
  ),
});
export type MyCertificatesAnswer = z.infer<typeof myCertificatesAnswerSchema>;

const adminCertificateSchema = z.object({
  id: z.int(),
  /** Masked: only the last four characters. */
  code: z.string(),
  value: z.int(),
  balance: z.int(),
  expires_at: z.string(),
  state: z.enum(['active', 'blocked', 'expired', 'used']),
  state_name: z.string(),
  order_id: z.int().nullable(),
  buyer_email: z.string(),
  buyer_name: z.string(),
  recipient_name: z.string().nullable(),
  recipient_email: z.string().nullable(),
  send_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});

/** GET /api/v1/admin/gift-certificates */
export const adminCertificatesAnswerSchema = z.object({
  certificates: z.array(adminCertificateSchema),
  total: z.int(),
  page: z.int(),
  /** Sold and not yet spent, ₽: a liability of the shop, not revenue. */
  outstanding: z.int(),
});

/** GET /api/v1/admin/gift-certificates/{id} and the answers of its actions. */
/** A 54-FZ receipt of a certificate payment (the offset of the advance, or its return) and its sending. */
export const certificateReceiptSchema = z.object({
  id: z.int(),
  order_id: z.int(),
  type: z.enum(['payment', 'refund']),
  amount: z.int(),
  state: z.enum(['pending', 'sent', 'failed', 'withdrawn']),
  state_name: z.string(),
  provider_receipt_id: z.string().nullable(),
  attempts: z.int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

/** GET /api/v1/admin/gift-certificates/receipts */
export const certificateReceiptsAnswerSchema = z.object({ receipts: z.array(certificateReceiptSchema) });

/** POST /api/v1/admin/orders/{id}/certificate-refunds: a part of what certificates paid goes back to them. */
export const certificateRefundBodySchema = z.strictObject({
  amount: refundAmountSchema,
  comment: z.string().trim().max(500, 'Комментарий — не длиннее 500 символов').optional(),
});

export const certificateRefundAnswerSchema = z.object({
  message: z.literal('order/certificate_refund'),
  order_id: z.int(),
  returned: z.int(),
  certificate_amount: z.int(),
  certificate_refunded: z.int(),
  receipts: z.array(certificateReceiptSchema),
});

export const adminCertificateAnswerSchema = z.object({
  certificate: adminCertificateSchema,
  /** The receipts of the orders this certificate paid (decision 045). */
  receipts: z.array(certificateReceiptSchema),
  history: z.array(
    z.object({
      at: z.string(),
      kind: z.string(),
      text: z.string(),
      amount: z.int(),
      order_id: z.int().nullable(),
      moderator_id: z.int().nullable(),
    }),
  ),
});

/** POST /api/v1/admin/gift-certificates: a certificate issued by hand (an apology, a prize). */
export const issueCertificateBodySchema = z.strictObject({
  value: z
    .int('Номинал — целое число рублей')
    .min(100, 'Номинал — от 100 ₽')
    .max(100_000, 'Номинал — до 100 000 ₽'),
  buyer_email: z.string().trim().max(254).pipe(z.email('Проверьте e-mail: в адресе ошибка')),
  recipient_name: z.string().trim().max(100, 'Имя — не длиннее 100 символов').optional(),
  message: z.string().trim().max(500, 'Пожелание — не длиннее 500 символов').optional(),
  comment: z.string().trim().min(1, 'Напишите, за что сертификат').max(500, 'Не длиннее 500 символов'),
});

/** PUT /api/v1/admin/gift-certificates/{id}/state */
export const certificateStateBodySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('block'), comment: z.string().trim().max(500).optional() }),
  z.strictObject({ action: z.literal('unblock'), comment: z.string().trim().max(500).optional() }),
  z.strictObject({
    action: z.literal('extend'),
    expires_at: z.iso.datetime({ offset: true, error: 'Укажите новую дату окончания' }),
    comment: z.string().trim().max(500).optional(),
  }),
]);

export type AdminCertificatesAnswer = z.infer<typeof adminCertificatesAnswerSchema>;
export type AdminCertificateAnswer = z.infer<typeof adminCertificateAnswerSchema>;
export type AdminCertificate = AdminCertificateAnswer['certificate'];
