// The tokens content may use to print a fact from the shop's own rules (server: features/content/shop-facts.ts),
// with what each prints, for the back office's editors.

export const FACT_TOKENS = {
  'discount-tiers': 'уровни персональной скидки (отдельным абзацем — таблица)',
  'discount-max': 'самая большая персональная скидка',
  gifts: 'подарки к заказу и их пороги (отдельным абзацем — список)',
  delivery: 'способы доставки: срок и стоимость (отдельным абзацем — таблица)',
  'free-delivery': 'с какой суммы доставка бесплатна',
  'delivery-term:5': 'срок доставки вида 5 (номер из справочника видов доставки)',
  'hydrolat-limits': 'способы доставки, которыми гидролаты не отправляются',
  'next-course': 'дата ближайшего курса школы',
  'promo:EFIR10': 'скидка промокода и сумма, с которой он действует',
} as const;
