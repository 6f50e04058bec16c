// How the /yookassa page reads the payment check: paid, failed (with a retry) or still pending (ask again).
import type { OrderView } from '@efir/domain/order-wire';
import { describe, expect, it } from 'vitest';
import type { PaymentCheck } from '../../lib/orders.ts';
import { isCourseOrder, readOutcome } from './yookassa-page.tsx';

type Payment = NonNullable<PaymentCheck['payment']>;

function check(order: Partial<OrderView>, payment: Pick<Payment, 'status' | 'paid_at'> | null): PaymentCheck {
  return {
    order: { status: 'new', payment_state: 'awaiting', sposob_oplat: 5, ...order } as OrderView,
    payment: payment && { method: 'bank_card', confirmation_type: 'redirect', ...payment },
  };
}

describe('readOutcome', () => {
  it('is paid when the order or the payment says so', () => {
    expect(readOutcome(check({ payment_state: 'paid' }, { status: 'pending', paid_at: null }))).toBe('paid');
    expect(readOutcome(check({}, { status: 'succeeded', paid_at: '2026-11-21T10:00:00Z' }))).toBe('paid');
  });

  it('has failed when the payment was cancelled, the order was, or no payment was ever started', () => {
    expect(readOutcome(check({}, { status: 'canceled', paid_at: null }))).toBe('failed');
    expect(readOutcome(check({ status: 'cancelled' }, { status: 'pending', paid_at: null }))).toBe('failed');
    expect(readOutcome(check({}, null))).toBe('failed');
  });

  it('is pending while the provider has not decided', () => {
    expect(readOutcome(check({ payment_state: 'pending' }, { status: 'pending', paid_at: null }))).toBe(
      'pending',
    );
    expect(readOutcome(check({}, { status: 'waiting_for_capture', paid_at: null }))).toBe('pending');
  });
});

describe('isCourseOrder', () => {
  it('knows a paid course, which is not packed or shipped', () => {
    expect(isCourseOrder({ handover: 'course' })).toBe(true);
  });

  it('leaves goods, delivered or collected, to the delivery wording', () => {
    expect(isCourseOrder({ handover: 'delivery' })).toBe(false);
    expect(isCourseOrder({ handover: 'pickup' })).toBe(false);
  });
});
