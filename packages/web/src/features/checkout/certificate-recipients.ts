// Whom each gift certificate of the cart is for (decision 049): one recipient per certificate unit, in line order,
// as POST /v1/order takes them in `gift_certificates`. Every field is optional — empty means «to the buyer, at once».
// The date is typed as Moscow time (the shop's clock), so the buyer's own time zone never shifts it.
import type { CartLine } from '@efir/domain/cart-wire';
import { formatDateTimeLong } from '@efir/domain/dates';
import {
  type CertificateRecipientForm,
  certificateRecipientSchema,
} from '@efir/domain/gift-certificate-wire';
import type { CertificateRecipientDraft } from '../../lib/app-state.ts';
import { describeLine } from '../../lib/cart-state.ts';

export const EMPTY_RECIPIENT: CertificateRecipientDraft = {
  name: '',
  email: '',
  message: '',
  when: 'now',
  sendAt: '',
};

export interface CertificateUnit {
  /** «Подарочный сертификат, 5 000 ₽», with «(2 из 3)» when a line holds several. */
  title: string;
}

/** One entry per certificate unit of the cart, in line order (the order the server issues them). */
export function listCertificateUnits(lines: readonly CartLine[]): CertificateUnit[] {
  return lines
    .filter((line) => line.certificate)
    .flatMap((line) =>
      Array.from({ length: line.quantity }, (_, index) => ({
        title:
          line.quantity > 1 ? `${describeLine(line)} (${index + 1} из ${line.quantity})` : describeLine(line),
      })),
    );
}

export function recipientAt(
  recipients: readonly CertificateRecipientDraft[] | undefined,
  index: number,
): CertificateRecipientDraft {
  return { ...EMPTY_RECIPIENT, ...recipients?.[index] };
}

/** '2026-12-24T10:00' typed in the form → the same wall-clock time in Moscow. */
export function moscowInstant(local: string): string {
  return `${local}:00+03:00`;
}

export type RecipientField = 'name' | 'email' | 'message' | 'sendAt';
export type RecipientErrors = Array<Partial<Record<RecipientField, string>>>;

/** The wire form of one recipient, or its field messages. `now` is when the buyer presses «Далее». */
export function checkRecipient(
  draft: CertificateRecipientDraft,
  now: number,
):
  | { ok: true; value: CertificateRecipientForm }
  | { ok: false; errors: Partial<Record<RecipientField, string>> } {
  const errors: Partial<Record<RecipientField, string>> = {};
  if (draft.when === 'later') {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(draft.sendAt))
      errors.sendAt = 'Укажите дату и время отправки';
    else if (Date.parse(moscowInstant(draft.sendAt)) <= now)
      errors.sendAt = 'Это время уже прошло — выберите позже';
  }
  const parsed = certificateRecipientSchema.safeParse({
    ...(draft.name.trim() ? { name: draft.name } : {}),
    ...(draft.email.trim() ? { email: draft.email } : {}),
    ...(draft.message.trim() ? { message: draft.message } : {}),
    ...(draft.when === 'later' && !errors.sendAt ? { send_at: moscowInstant(draft.sendAt) } : {}),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'send_at' ? 'sendAt' : (issue.path[0] as RecipientField);
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

/** Every unit's recipient for the order, or the messages of those that do not pass. */
export function checkRecipients(
  recipients: readonly CertificateRecipientDraft[] | undefined,
  units: number,
  now: number,
): { ok: true; value: CertificateRecipientForm[] } | { ok: false; errors: RecipientErrors } {
  const value: CertificateRecipientForm[] = [];
  const errors: RecipientErrors = [];
  let failed = false;
  for (let index = 0; index < units; index += 1) {
    const checked = checkRecipient(recipientAt(recipients, index), now);
    if (checked.ok) {
      value.push(checked.value);
      errors.push({});
    } else {
      failed = true;
      errors.push(checked.errors);
    }
  }
  return failed ? { ok: false, errors } : { ok: true, value };
}

/** «Анне Ивановой, anna@example.ru; письмо уйдёт 24 декабря 2026 г. в 10:00 (мск)» for the /check step. */
export function describeRecipient(recipient: CertificateRecipientForm, buyerEmail: string): string {
  const who = recipient.email
    ? [recipient.name, recipient.email].filter(Boolean).join(', ')
    : `${recipient.name ? `${recipient.name}; ` : ''}письмо придёт вам на ${buyerEmail}`;
  const when = recipient.send_at
    ? `отправим ${formatDateTimeLong(recipient.send_at)} (мск)`
    : 'отправим сразу после оплаты';
  return `${who}; ${when}`;
}
