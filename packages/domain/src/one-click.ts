// «Купить в 1 клик» (decision 029): the dialog's form, checked alike in the browser and on the server.
import { emailField, nameField, phoneField } from './auth-schemas.ts';
import { z } from './zod-ru.ts';

export const ONE_CLICK_MAX_QUANTITY = 99;

export const oneClickSchema = z.strictObject({
  /** The dialog's key: a double click or a retry finds the same order. */
  idempotency_key: z.uuid('Неверный ключ заказа'),
  name: nameField,
  tel: phoneField.refine((phone) => phone !== '', 'Введите телефон: по нему мы перезвоним'),
  /** Optional: with it the buyer also gets the order by letter. */
  email: z.union([z.literal(''), emailField]).default(''),
  /** From the product page: this product; without it, the caller's cart. */
  product_id: z.int('Неверный товар').min(1, 'Неверный товар').max(2_147_483_647).optional(),
  quantity: z
    .int('Укажите количество')
    .min(1, 'Не меньше одной штуки')
    .max(ONE_CLICK_MAX_QUANTITY, `Не больше ${ONE_CLICK_MAX_QUANTITY} штук`)
    .default(1),
});
export type OneClick = z.output<typeof oneClickSchema>;
