// Whom each gift certificate is for: what the checkout sends as `gift_certificates` (the server's own schema
// accepts it), the Russian messages for what it refuses, Moscow time for the send date, and the draft kept.
import { certificateRecipientSchema } from '@efir/domain/gift-certificate-wire';
import { describe, expect, it } from 'vitest';
import type { CheckoutDraft } from '../../lib/app-state.ts';
import { createCheckoutDraft, parseCheckoutDraft } from '../../lib/checkout-draft.ts';
import { splitByCertificates } from './certificate-payment.tsx';
import {
  checkRecipients,
  describeRecipient,
  EMPTY_RECIPIENT,
  listCertificateUnits,
} from './certificate-recipients.ts';
import { buildOrderRequest, findStepOfField } from './checkout-rules.ts';

const NOW = Date.parse('2026-12-07T12:00:00+03:00');
const ANNA = {
  ...EMPTY_RECIPIENT,
  name: 'Анна',
  email: 'anna@example.ru',
  when: 'later' as const,
  sendAt: '2026-12-31T10:00',
};

function placeable(recipients: CheckoutDraft['recipients']): CheckoutDraft {
  return {
    ...createCheckoutDraft(),
    form: { name: 'Ольга', fam: 'Петрова', email: 'olga@example.ru', tel: '+7 (916) 222-33-44' },
    delivery: { ...createCheckoutDraft().delivery, type: 1, sposob_dost: 3, sposob_oplat: 5 },
    ...(recipients ? { recipients } : {}),
  };
}

describe('certificate recipients at checkout', () => {
  it('asks once per certificate unit, in line order, and nothing for other goods', () => {
    const line = {
      name: 'Подарочный сертификат',
      volume: '5\u00a0000\u00a0₽',
      quantity: 2,
      certificate: true as const,
    };
    const units = listCertificateUnits([
      { ...line, id: 1 } as never,
      { name: 'Лаванда', volume: '10 мл', quantity: 3, id: 2 } as never,
    ]);
    expect(units.map((unit) => unit.title)).toEqual([
      'Подарочный сертификат, 5\u00a0000\u00a0₽ (1 из 2)',
      'Подарочный сертификат, 5\u00a0000\u00a0₽ (2 из 2)',
    ]);
  });

  it('sends each recipient as the server takes it, the date as Moscow time; empty means the buyer, at once', () => {
    const built = buildOrderRequest(placeable([ANNA]), 'key', false, 2, NOW);
    expect(built.ok).toBe(true);
    const sent = built.ok ? built.body.gift_certificates : undefined;
    expect(sent).toEqual([
      { name: 'Анна', email: 'anna@example.ru', send_at: '2026-12-31T10:00:00+03:00' },
      {},
    ]);
    for (const recipient of sent ?? [])
      expect(certificateRecipientSchema.safeParse(recipient).success).toBe(true);
    expect(describeRecipient(sent![0]!, 'olga@example.ru')).toBe(
      'Анна, anna@example.ru; отправим 31 декабря 2026 г. в 10:00 (мск)',
    );
    expect(describeRecipient(sent![1]!, 'olga@example.ru')).toBe(
      'письмо придёт вам на olga@example.ru; отправим сразу после оплаты',
    );
    // A cart without certificates sends no such field.
    const plain = buildOrderRequest(placeable([ANNA]), 'key', false, 0, NOW);
    expect(plain.ok && 'gift_certificates' in plain.body).toBe(false);
  });

  it('refuses in Russian: a broken e-mail, no date, a date gone by — and sends the buyer back to «Получатель»', () => {
    const checked = checkRecipients(
      [
        { ...ANNA, email: 'anna@' },
        { ...ANNA, sendAt: '' },
        { ...ANNA, sendAt: '2026-12-07T11:00' },
      ],
      3,
      NOW,
    );
    expect(checked.ok ? [] : checked.errors).toEqual([
      { email: 'Проверьте e-mail получателя: в адресе ошибка' },
      { sendAt: 'Укажите дату и время отправки' },
      { sendAt: 'Это время уже прошло — выберите позже' },
    ]);
    expect(buildOrderRequest(placeable([{ ...ANNA, email: 'anna@' }]), 'key', false, 1, NOW)).toMatchObject({
      ok: false,
      step: 'info',
    });
    expect(findStepOfField('gift_certificates.0.email')).toBe('info');
    expect(findStepOfField('certificates')).toBe('cart');
  });

  it('keeps what was typed in the stored draft', () => {
    const stored = placeable([ANNA, { ...EMPTY_RECIPIENT, message: 'С праздником!' }]);
    expect(parseCheckoutDraft(JSON.stringify(stored))).toEqual(stored);
  });
});

describe('paying with certificates', () => {
  it('pays the total from the certificates in the order entered, each up to its balance, and says what is left', () => {
    const certificate = (id: number, balance: number) => ({
      id,
      code_tail: `T${id}`,
      balance,
      expires_at: '',
    });
    expect(
      splitByCertificates([certificate(1, 1000), certificate(2, 5000), certificate(3, 700)], 2580),
    ).toEqual({
      shares: [
        { certificate: certificate(1, 1000), amount: 1000 },
        { certificate: certificate(2, 5000), amount: 1580 },
      ],
      rest: 0,
    });
    expect(splitByCertificates([certificate(1, 1000)], 2580).rest).toBe(1580);
  });
});
