// Checkout rules of the browser: what each delivery kind asks for, which payments suit it, when a step is done,
// which step owns a field the server refused, and the POST /v1/order body built from the checkout draft.
import { addressSchema } from '@efir/domain/account-schemas';
import { DELIVERY_KINDS, DELIVERY_METHODS, type PaymentMethodId } from '@efir/domain/delivery-catalogue';
import {
  type CheckoutContactInput,
  checkoutContactSchema,
  type DeliveryFormInput,
  deliveryFormSchema,
  isDeliveryStepReady,
} from '@efir/domain/delivery-rules';
import type { CertificateRecipientForm } from '@efir/domain/gift-certificate-wire';
import {
  type AddressInput,
  CHECKOUT_STEPS,
  type CheckoutDraft,
  type CheckoutStep,
} from '../../lib/app-state.ts';
import { checkRecipients } from './certificate-recipients.ts';

export const STEP_TITLES: Record<CheckoutStep, string> = {
  delivery: 'Доставка',
  pay: 'Оплата',
  info: 'Получатель',
  check: 'Проверка',
};

export function stepUrl(step: CheckoutStep): string {
  return `/checkout/${step}`;
}

/** What a delivery kind needs besides itself (spec §4 step rule, docs/decisions/005). */
export type KindNeeds = 'nothing' | 'address' | 'address-tarif' | 'point' | 'manager';

export function getKindNeeds(kind: number | null | undefined): KindNeeds {
  if (kind === 3 || kind === 5) return 'nothing';
  if (kind === 1 || kind === 2 || kind === 8 || kind === 14) return 'address';
  if (kind === 6 || kind === 11) return 'address-tarif';
  if (kind === 7 || kind === 9 || kind === 10) return 'point';
  return 'manager';
}

/** Cash: office pickups and the shop's own couriers in Moscow and St Petersburg. */
const CASH_KINDS: readonly number[] = [3, 5, 1, 8];
/** Cash on delivery: Russian Post, pickup points and parcel lockers. */
const COD_KINDS: readonly number[] = [2, 7, 9, 10, 14];

/** The payment methods that make sense for a kind, in the order they are offered: card and transfer always. */
export function listPaymentMethods(kind: number | null | undefined): PaymentMethodId[] {
  const methods: PaymentMethodId[] = [5];
  if (kind != null && CASH_KINDS.includes(kind)) methods.push(1);
  if (kind != null && COD_KINDS.includes(kind)) methods.push(4);
  methods.push(3);
  return methods;
}

export const PAYMENT_NOTES: Record<PaymentMethodId, string> = {
  5: 'Visa, Mastercard, «Мир» или СБП через ЮKassa — сразу после подтверждения заказа.',
  1: 'Курьеру или в офисе при получении заказа.',
  4: 'Оплата при получении на почте или в пункте выдачи; служба доставки берёт небольшую комиссию.',
  3: 'Пришлём счёт с реквизитами на e-mail; отправим заказ, когда придёт оплата.',
};

export function contactOf(draft: CheckoutDraft): CheckoutContactInput {
  const { id, name, fam, email, tel } = draft.form;
  return { ...(id ? { id } : {}), name, fam, email, tel };
}

export function isStepReady(step: CheckoutStep, draft: CheckoutDraft): boolean {
  switch (step) {
    case 'delivery':
      return isDeliveryStepReady(draft.delivery);
    case 'pay': {
      const payment = draft.delivery.sposob_oplat;
      return payment != null && listPaymentMethods(draft.delivery.sposob_dost).includes(payment);
    }
    case 'info':
      return checkoutContactSchema.safeParse(contactOf(draft)).success;
    case 'check':
      return false;
  }
}

/** The first step the buyer has not confirmed yet (or whose data no longer holds); the last one when all are done. */
export function findFirstUnfinishedStep(draft: CheckoutDraft): CheckoutStep {
  for (const step of CHECKOUT_STEPS) {
    if (step === 'check') return step;
    if (!draft.passed.includes(step) || !isStepReady(step, draft)) return step;
  }
  return 'check';
}

/** A step opens once every step before it is done. */
export function canOpenStep(step: CheckoutStep, draft: CheckoutDraft): boolean {
  return CHECKOUT_STEPS.indexOf(step) <= CHECKOUT_STEPS.indexOf(findFirstUnfinishedStep(draft));
}

const INFO_FIELDS = ['name', 'fam', 'email', 'tel', 'id', 'koment', 'ecopack', 'calling', 'consultant'];

/** Which step owns a field of a 422 answer; 'cart' for the cart's own refusals (sold out, promo spent, empty). */
export function findStepOfField(field: string): CheckoutStep | 'cart' {
  if (field === 'cart' || field === 'promo' || field === 'certificates' || field.startsWith('lines.'))
    return 'cart';
  if (field.startsWith('gift_certificates')) return 'info';
  const name = field.replace(/^(contact|delivery)\./, '');
  const head = name.split('.')[0] ?? name;
  if (field.startsWith('contact.') || INFO_FIELDS.includes(head)) return 'info';
  if (head === 'sposob_oplat') return 'pay';
  return 'delivery';
}

/** The earliest step among the refused fields, with its messages. */
export function routeFieldErrors(
  errors: Record<string, string[] | undefined>,
): { step: CheckoutStep | 'cart'; message: string } | null {
  const order: Array<CheckoutStep | 'cart'> = ['cart', ...CHECKOUT_STEPS];
  let best: { step: CheckoutStep | 'cart'; messages: string[] } | null = null;
  for (const [field, messages] of Object.entries(errors)) {
    const text = (messages ?? []).filter(Boolean);
    if (text.length === 0) continue;
    const step = findStepOfField(field);
    if (!best || order.indexOf(step) < order.indexOf(best.step)) best = { step, messages: [...text] };
    else if (best.step === step) best.messages.push(...text);
  }
  return best ? { step: best.step, message: [...new Set(best.messages)].join(' ') } : null;
}

/** A whole new address from what was typed (the postal code is required here: couriers are priced by it). */
export function parseAddressInput(input: AddressInput): DeliveryFormInput['addressNew'] {
  // Russian postal codes start with 1–6 (the calculator refuses the rest).
  if (!/^[1-6]\d{5}$/.test(input.zip.trim())) return null;
  const parsed = addressSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

/** «Москва, ул. Тверская, д. 12, кв. 34, 125009». */
export function formatAddress(address: Partial<AddressInput> | null | undefined): string {
  if (!address) return '';
  return [
    address.city,
    address.street,
    address.house ? `д. ${address.house}` : '',
    address.flat ? `кв. ${address.flat}` : '',
    address.zip,
  ]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
}

export function describeDeliveryChoice(delivery: DeliveryFormInput): { method: string; kind: string } {
  return {
    method: delivery.type != null ? (DELIVERY_METHODS[delivery.type] ?? '') : '',
    kind: delivery.sposob_dost != null ? (DELIVERY_KINDS[delivery.sposob_dost] ?? '') : '',
  };
}

/**
 * The Delivery form to send: only what the chosen kind uses (a saved address and a new one never travel together),
 * checked by the same schema the server uses.
 */
export function buildDeliveryForm(draft: CheckoutDraft, hydr: boolean): DeliveryFormInput {
  const { delivery } = draft;
  const needs = getKindNeeds(delivery.sposob_dost);
  const usesAddress = needs === 'address' || needs === 'address-tarif';
  const usesPoint = needs === 'point';
  const usesTarif = needs === 'address-tarif' || needs === 'point';
  return {
    type: delivery.type ?? null,
    sposob_dost: delivery.sposob_dost ?? null,
    dost_dop: '',
    sposob_oplat: delivery.sposob_oplat ?? null,
    adrec: usesAddress ? (delivery.adrec ?? null) : null,
    addressNew: usesAddress && delivery.adrec == null ? (delivery.addressNew ?? null) : null,
    tarif: usesTarif ? (delivery.tarif ?? null) : null,
    pvz: usesPoint ? (delivery.pvz ?? null) : null,
    pvzNew: usesPoint && delivery.pvz == null ? (delivery.pvzNew ?? null) : null,
    koment: delivery.koment ?? '',
    ecopack: delivery.ecopack ?? false,
    calling: delivery.calling ?? false,
    promo: false,
    consultant: delivery.consultant ?? false,
    detail: false,
    hydr,
  };
}

export interface OrderRequest {
  idempotency_key: string;
  contact: CheckoutContactInput;
  delivery: DeliveryFormInput;
  /** Whom each gift certificate is for, one per certificate unit in line order (decision 049). */
  gift_certificates?: CertificateRecipientForm[];
  /** What the /check step showed: the server places nothing when its figures differ. */
  expected?: { goods_total: number; delivery_price: number; cart_version?: string };
}

export type BuiltOrder =
  | { ok: true; body: OrderRequest }
  | { ok: false; step: CheckoutStep; message: string };

/**
 * The POST /v1/order body, or the step to go back to when the draft does not pass the shared schemas.
 * `certificates` is how many gift certificates the cart holds; `now` judges their send dates.
 */
export function buildOrderRequest(
  draft: CheckoutDraft,
  key: string,
  hydr: boolean,
  certificates = 0,
  now = Date.now(),
): BuiltOrder {
  const delivery = buildDeliveryForm(draft, hydr);
  const checkedDelivery = deliveryFormSchema.safeParse(delivery);
  if (!checkedDelivery.success || !isDeliveryStepReady(delivery)) {
    return { ok: false, step: 'delivery', message: 'Проверьте способ доставки и адрес.' };
  }
  if (!isStepReady('pay', draft)) {
    return { ok: false, step: 'pay', message: 'Выберите способ оплаты.' };
  }
  const contact = contactOf(draft);
  if (!checkoutContactSchema.safeParse(contact).success) {
    return { ok: false, step: 'info', message: 'Проверьте имя, фамилию, e-mail и телефон.' };
  }
  const recipients = checkRecipients(draft.recipients, certificates, now);
  if (!recipients.ok) {
    return { ok: false, step: 'info', message: 'Проверьте, кому и когда отправить сертификат.' };
  }
  return {
    ok: true,
    body: {
      idempotency_key: key,
      contact,
      delivery,
      ...(certificates > 0 ? { gift_certificates: recipients.value } : {}),
    },
  };
}
