// The statuses of a YooKassa payment and the providers we keep payments at.

/** pending → waiting_for_capture (two-stage only) → succeeded | canceled; the last two are final. */
export const PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['yookassa', 'test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
