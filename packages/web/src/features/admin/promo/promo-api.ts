// Promo codes as the back office gets them (/api/v1/admin/promo), and what their condition types mean.
import type { PromoView } from '@efir/domain/admin-wire';

/** A promo code as GET /api/v1/admin/promo/{id} answers it (its response schema, domain/admin-wire.ts). */
export type PromoCode = PromoView;

/** Spec §6: the first two add to the buyer's own discount; any other type replaces it with its percent (first_order once per buyer). */
export const CONDITION_TYPES: ReadonlyArray<{ value: string; name: string; hint: string }> = [
  {
    value: 'add_discount',
    name: 'Прибавляется к личной скидке',
    hint: 'Процент промокода складывается со скидкой покупателя; товары со специальной ценой — без скидки.',
  },
  {
    value: 'add_discount_all',
    name: 'Прибавляется к личной скидке, в том числе на спеццены',
    hint: 'Как предыдущий, но скидка действует и на товары со специальной ценой.',
  },
  {
    value: 'percent',
    name: 'Заменяет личную скидку',
    hint: 'Вместо скидки покупателя действует процент промокода; товары со специальной ценой — без скидки.',
  },
  {
    value: 'first_order',
    name: 'Только на первый заказ',
    hint: 'Как «заменяет личную скидку», но один раз на покупателя: по аккаунту, e-mail и телефону; после отменённого заказа снова доступен.',
  },
];

export function conditionName(type: string): string {
  return (
    CONDITION_TYPES.find((condition) => condition.value === type)?.name ?? `Заменяет личную скидку (${type})`
  );
}

export const STATE_TONES: Record<PromoCode['state'], 'neutral' | 'good' | 'warn' | 'bad'> = {
  active: 'good',
  scheduled: 'warn',
  off: 'neutral',
  expired: 'bad',
  used_up: 'bad',
};
