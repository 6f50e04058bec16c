// The back office's order editing and phone orders (issue 38, points 1–2; decision 055): the bodies of
// PUT /api/v1/admin/orders/{id} and POST /api/v1/admin/orders, shared by the server's routes and the web's forms.
import { addressSchema } from './account-schemas.ts';
import { adminOrderAnswerSchema } from './admin-wire.ts';
import { emailField, nameField, phoneField } from './auth-schemas.ts';
import { DELIVERY_KIND_IDS, DELIVERY_METHOD_IDS, PAYMENT_METHOD_IDS } from './delivery-rules.ts';
import { z } from './zod-ru.ts';

const MAX_QUANTITY = 99;

/** One line as the owner sets it: the product, how many, and (optionally) the unit price with its reason. */
export const editLineSchema = z
  .strictObject({
    product_id: z
      .int({ error: 'Выберите товар' })
      .min(1, 'Выберите товар')
      .max(2_147_483_647, 'Выберите товар'),
    quantity: z
      .int({ error: 'Укажите количество целым числом' })
      .min(1, 'Не меньше 1 шт.')
      .max(MAX_QUANTITY, `Не больше ${MAX_QUANTITY} шт.`),
    /** A unit price the owner agreed, ₽; null or absent: the price by the checkout's rules. */
    price: z
      .int({ error: 'Цена — целое число рублей' })
      .min(0, 'Цена не может быть меньше нуля')
      .max(10_000_000, 'Слишком большая цена')
      .nullish(),
    price_reason: z.string().trim().max(200, 'Причина — не длиннее 200 символов').default(''),
  })
  .superRefine((line, context) => {
    if (line.price != null && line.price_reason === '') {
      context.addIssue({
        code: 'custom',
        path: ['price_reason'],
        message: 'Укажите, почему цена другая',
      });
    }
  });
export type EditLine = z.output<typeof editLineSchema>;

const linesField = z
  .array(editLineSchema, { error: 'Добавьте товары' })
  .min(1, 'В заказе должен остаться хотя бы один товар')
  .max(50, 'Не больше 50 строк')
  .superRefine((lines, context) => {
    const seen = new Set<number>();
    lines.forEach((line, index) => {
      if (seen.has(line.product_id)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'product_id'],
          message: 'Этот товар уже есть в заказе — измените количество в его строке',
        });
      }
      seen.add(line.product_id);
    });
  });

/** How the order travels, as agreed with the customer; the owner sets the cost (the call agreed it). */
export const editDeliverySchema = z
  .strictObject({
    type: z.literal(DELIVERY_METHOD_IDS, { error: 'Выберите способ доставки' }),
    sposob_dost: z
      .literal(DELIVERY_KIND_IDS, { error: 'Выберите вариант доставки' })
      .nullable()
      .default(null),
    address: addressSchema.nullable().default(null),
    /** A pickup point or parcel locker in words: its name and address. */
    pickup_point: z.string().trim().max(300, 'Пункт выдачи — не длиннее 300 символов').default(''),
    price: z
      .int({ error: 'Стоимость доставки — целое число рублей' })
      .min(0, 'Стоимость доставки не может быть меньше нуля')
      .max(1_000_000, 'Слишком большая стоимость доставки'),
  })
  .superRefine((delivery, context) => {
    // 1 is «Самовывоз» from the shop's office: neither address nor point.
    const needsPoint = delivery.type === 5 || delivery.type === 7;
    if (needsPoint && delivery.pickup_point === '') {
      context.addIssue({ code: 'custom', path: ['pickup_point'], message: 'Укажите пункт выдачи' });
    }
    if (!needsPoint && delivery.type !== 1 && delivery.address === null) {
      context.addIssue({ code: 'custom', path: ['address', 'city'], message: 'Укажите адрес доставки' });
    }
  });
export type EditDelivery = z.output<typeof editDeliverySchema>;

/** Who receives the order. A one-click buyer may have left no e-mail: '' keeps it without one. */
export const editRecipientSchema = z.strictObject({
  name: nameField,
  fam: z.string().trim().max(60, 'Фамилия — не длиннее 60 символов').default(''),
  tel: phoneField.refine((phone) => phone !== '', 'Введите телефон'),
  email: z.union([z.literal(''), emailField], { error: 'Проверьте e-mail: в адресе ошибка' }).default(''),
});

const paymentField = z.literal(PAYMENT_METHOD_IDS, { error: 'Выберите способ оплаты' });
const commentField = z.string().trim().max(1000, 'Комментарий — не длиннее 1000 символов');

/** PUT /api/v1/admin/orders/{id}: only what is sent changes; `lines` replaces the order's lines (gifts stay). */
export const orderEditSchema = z
  .strictObject({
    lines: linesField.optional(),
    delivery: editDeliverySchema.optional(),
    recipient: editRecipientSchema.optional(),
    sposob_oplat: paymentField.optional(),
    comment: commentField.optional(),
    /** Why the order was changed: shown in its history. */
    reason: z.string().trim().max(500, 'Причина — не длиннее 500 символов').default(''),
  })
  .refine(
    (body) =>
      body.lines !== undefined ||
      body.delivery !== undefined ||
      body.recipient !== undefined ||
      body.sposob_oplat !== undefined ||
      body.comment !== undefined,
    {
      path: ['lines'],
      message: 'Нечего менять: измените товары, доставку, получателя, оплату или комментарий',
    },
  );
export type OrderEdit = z.output<typeof orderEditSchema>;

/** POST /api/v1/admin/orders: an order taken by phone. */
export const phoneOrderSchema = z.strictObject({
  /** The form's key: a second press of «Создать» finds the same order. */
  idempotency_key: z.uuid({ error: 'Неверный ключ заказа' }),
  recipient: editRecipientSchema,
  lines: linesField,
  delivery: editDeliverySchema,
  sposob_oplat: paymentField,
  comment: commentField.default(''),
});
export type PhoneOrder = z.output<typeof phoneOrderSchema>;

/** A paid order whose total moved: what is still to take («к доплате») or to give back («к возврату»), ₽. */
export const orderSettlementSchema = z
  .object({
    kind: z.enum(['extra', 'refund']),
    amount: z.int(),
    /** «К доплате 500 ₽» / «К возврату 300 ₽». */
    text: z.string(),
  })
  .nullable();
export type OrderSettlement = z.infer<typeof orderSettlementSchema>;

export const orderEditedSchema = adminOrderAnswerSchema.extend({
  message: z.literal('order/edited'),
  /** «было → стало», one per change. */
  changes: z.array(z.string()),
  settlement: orderSettlementSchema,
});
export type OrderEdited = z.infer<typeof orderEditedSchema>;

export const phoneOrderCreatedSchema = adminOrderAnswerSchema.extend({
  message: z.enum(['order/created', 'order/existing']),
  /** The customer the order joined (found by phone or e-mail), or null for a guest order. */
  customer_id: z.int().nullable(),
  /** The link the customer pays by (sent in the letter) for an order paid online. */
  payment_link: z.string().nullable(),
});
export type PhoneOrderCreated = z.infer<typeof phoneOrderCreatedSchema>;
