// The statuses of a YooKassa payment and the providers we keep payments at.

/** pending → waiting_for_capture (two-stage only) → succeeded | canceled; the last two are final. */
export const PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['yookassa', 'test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** How the buyer pays: null in a payment means YooKassa's own page (the card form). */
export const PAYMENT_METHODS = ['bank_card', 'sbp'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** redirect: a page (card form, or the bank list on a phone for СБП); qr: a QR code shown on a desktop (СБП). */
export const CONFIRMATION_TYPES = ['redirect', 'qr'] as const;
export type ConfirmationType = (typeof CONFIRMATION_TYPES)[number];

/**
 * A refund at the provider: pending → succeeded | canceled. `creating` is ours only: the row reserves the amount
 * before the provider has answered.
 */
export const REFUND_STATUSES = ['creating', 'pending', 'succeeded', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
