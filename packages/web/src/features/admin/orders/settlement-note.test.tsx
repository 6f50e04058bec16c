// @vitest-environment happy-dom
// «К возврату» / «К доплате» on a paid order whose total the owner changed (decision 055), as the owner reads it.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDetail } from './orders-api.ts';
import { SettlementNote } from './settlement-note.tsx';

afterEach(cleanup);

function paidOrder(toPay: number, paid: number, refunded = 0): OrderDetail {
  return {
    status: 'confirmed',
    to_pay: toPay,
    refunds: { paid, refunded, left: paid - refunded, items: [] },
  } as unknown as OrderDetail;
}

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

describe('the settlement of a changed paid order', () => {
  it('an order paid 1 800 ₽ and now costing 1 350 ₽ asks to return 450 ₽', () => {
    render(<SettlementNote order={paidOrder(1350, 1800)} />);
    expect(plain(screen.getByRole('heading').textContent)).toBe('К возврату 450 ₽');
    expect(plain(screen.getByRole('status').textContent)).toContain('в блоке «Возврат» ниже');
  });

  it('an order paid 1 350 ₽ and now costing 1 800 ₽ asks for 450 ₽ more', () => {
    render(<SettlementNote order={paidOrder(1800, 1350)} />);
    expect(plain(screen.getByRole('heading').textContent)).toBe('К доплате 450 ₽');
  });

  it('says nothing once the difference is returned, or for an order not paid online', () => {
    const { container } = render(<SettlementNote order={paidOrder(1350, 1800, 450)} />);
    expect(container.textContent).toBe('');
    render(<SettlementNote order={{ ...paidOrder(1350, 0), refunds: null } as unknown as OrderDetail} />);
    expect(container.textContent).toBe('');
  });
});
