// The checkout data of this browser tab (spec §4): kept in session storage, so a reload on any checkout step keeps
// what the buyer chose and typed; logout (which sets it to null in the store) removes it from the storage too.
import type { AppStore, CertificateRecipientDraft, CheckoutDraft } from './app-state.ts';

export const CHECKOUT_STORAGE_KEY = 'efir_checkout';

export const EMPTY_ADDRESS_INPUT = { city: '', street: '', house: '', flat: '', zip: '', comment: '' };

export function createCheckoutDraft(): CheckoutDraft {
  return {
    form: { name: '', fam: '', email: '', tel: '' },
    delivery: {
      type: null,
      sposob_dost: null,
      sposob_oplat: null,
      adrec: null,
      addressNew: null,
      tarif: null,
      pvz: null,
      pvzNew: null,
      koment: '',
      ecopack: false,
      calling: false,
      consultant: false,
    },
    addressInput: { ...EMPTY_ADDRESS_INPUT },
    quote: null,
    passed: [],
    key: null,
  };
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** A guard, not a wire type: session storage holds whatever an older version of the shop (or a hand) left there. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function parseRecipient(value: unknown): CertificateRecipientDraft {
  const entry = isRecord(value) ? value : {};
  return {
    name: text(entry.name),
    email: text(entry.email),
    message: text(entry.message),
    when: entry.when === 'later' ? 'later' : 'now',
    sendAt: text(entry.sendAt),
  };
}

/** A stored draft read back defensively: anything malformed (an older layout, a hand edit) starts afresh. */
export function parseCheckoutDraft(raw: string | null): CheckoutDraft | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || !isRecord(value.form) || !isRecord(value.delivery)) return null;
    const empty = createCheckoutDraft();
    return {
      form: { ...empty.form, ...(value.form as Partial<CheckoutDraft['form']>) },
      delivery: { ...empty.delivery, ...(value.delivery as CheckoutDraft['delivery']) },
      addressInput: {
        ...empty.addressInput,
        ...(isRecord(value.addressInput)
          ? (value.addressInput as Partial<CheckoutDraft['addressInput']>)
          : {}),
      },
      quote: isRecord(value.quote) ? (value.quote as unknown as CheckoutDraft['quote']) : null,
      passed: Array.isArray(value.passed)
        ? value.passed.filter(
            (step): step is CheckoutDraft['passed'][number] =>
              step === 'delivery' || step === 'pay' || step === 'info' || step === 'check',
          )
        : [],
      key: typeof value.key === 'string' ? value.key : null,
      ...(value.onlineMethod === 'sbp' || value.onlineMethod === 'bank_card'
        ? { onlineMethod: value.onlineMethod }
        : {}),
      ...(Array.isArray(value.recipients) ? { recipients: value.recipients.map(parseRecipient) } : {}),
    };
  } catch {
    return null;
  }
}

export function readStoredCheckout(): CheckoutDraft | null {
  try {
    return parseCheckoutDraft(sessionStore()?.getItem(CHECKOUT_STORAGE_KEY) ?? null);
  } catch {
    return null;
  }
}

function writeStoredCheckout(draft: CheckoutDraft | null): void {
  try {
    const storage = sessionStore();
    if (!storage) return;
    if (draft) storage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(draft));
    else storage.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // A full or blocked storage only costs the reload-safety of the form.
  }
}

/** Mirrors the store's checkout into session storage from now on. */
export function persistCheckout(store: AppStore): () => void {
  let last = store.getState().checkout;
  return store.subscribe((state) => {
    if (state.checkout === last) return;
    last = state.checkout;
    writeStoredCheckout(state.checkout);
  });
}

/** A version-4 UUID; `crypto.randomUUID` exists only in secure contexts, so plain HTTP gets the same by hand. */
export function createIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let index = 0; index < 16; index += 1) bytes[index] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
