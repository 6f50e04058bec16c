// The back office's customers as the server sends them (/api/v1/admin/customers…, decision 012), the words that say
// where a personal discount comes from, and the discount form's check (the same messages as the server's).
import type { AdminCustomer, AdminCustomerDetails, CustomersAnswer } from '@efir/domain/admin-wire';
import { formatRub } from '@efir/domain/money';
import type { PluralForms } from '@efir/domain/plural';
import { z } from '@efir/domain/zod-ru';
import { formatPercent } from '../../../components/shop/account-ui.tsx';

export const CUSTOMER_FORMS: PluralForms = ['покупатель', 'покупателя', 'покупателей'];

// The answers of /api/v1/admin/customers…: their response schemas' types (domain/admin-wire.ts).
export type CustomerListItem = AdminCustomer;
export type CustomersPage = CustomersAnswer;
export type CustomerDetail = AdminCustomerDetails;
type DiscountChange = AdminCustomerDetails['discount_history'][number];

/** «12 %» the Russian way; «—» for an entry written before the percent was recorded. */
function percentOrDash(percent: number | null): string {
  return percent === null ? '—' : formatPercent(percent);
}

/** The customer's name as the back office calls them: «Анна Смирнова», or the e-mail when no name was given. */
export function customerName(customer: Pick<CustomerListItem, 'name' | 'fam' | 'email'>): string {
  return [customer.name, customer.fam].filter(Boolean).join(' ').trim() || customer.email;
}

/** The order number as the shop writes it (orders.service.ts): 42 → «ЭФ-000042». */
export function orderNumber(id: number): string {
  return `ЭФ-${String(id).padStart(6, '0')}`;
}

/** Where the percent in effect comes from, said under «Личная скидка: N %». */
export function describeDiscountSource(
  customer: Pick<CustomerListItem, 'skidka_manual' | 'skidka_by_orders' | 'completed_total'>,
): string {
  const completed = formatRub(customer.completed_total);
  if (customer.skidka_manual === null) return `По сумме выполненных заказов: ${completed}.`;
  return `Установлена вручную. По заказам было бы ${formatPercent(customer.skidka_by_orders)} (выполнено заказов на ${completed}).`;
}

/** One line of the discount history: «5 % → 12 %, вручную» or «12 % → 5 %, снова по сумме заказов». */
export function describeDiscountChange(change: Pick<DiscountChange, 'before' | 'after' | 'manual'>): string {
  const how = change.manual === null ? 'по сумме заказов' : 'вручную';
  return `${percentOrDash(change.before)} → ${percentOrDash(change.after)}, ${how}`;
}

export type DiscountMode = 'auto' | 'manual';

export interface DiscountFormValues {
  mode: DiscountMode;
  percent: string;
  comment: string;
}

export function discountFormValues(customer: Pick<CustomerListItem, 'skidka_manual'>): DiscountFormValues {
  return customer.skidka_manual === null
    ? { mode: 'auto', percent: '', comment: '' }
    : { mode: 'manual', percent: String(customer.skidka_manual), comment: '' };
}

/** The form's strings become PUT /customers/:id/discount's body: {percent: 0…100 | null, comment?}. */
export const discountFormSchema = z
  .object({
    mode: z.enum(['auto', 'manual']),
    percent: z.string().trim(),
    comment: z.string().trim().max(500, 'Комментарий — не длиннее 500 символов'),
  })
  .superRefine((values, context) => {
    if (values.mode !== 'manual') return;
    const message = !values.percent
      ? 'Укажите процент скидки'
      : !/^\d+$/.test(values.percent)
        ? 'Укажите целое число процентов'
        : Number(values.percent) > 100
          ? 'Скидка — от 0 до 100 %'
          : null;
    if (message) context.addIssue({ code: 'custom', path: ['percent'], message });
  })
  .transform((values) => ({
    percent: values.mode === 'manual' ? Number(values.percent) : null,
    ...(values.comment ? { comment: values.comment } : {}),
  }));
