// Russian plural forms by CLDR rule (one / few / many), e.g. 1 товар, 2 товара, 5 товаров.

const rules = new Intl.PluralRules('ru-RU');

/** Forms in the order: one (1, 21, 101), few (2–4, 22–24), many (0, 5–20, 11–14, 25…). */
export type PluralForms = readonly [one: string, few: string, many: string];

export function pluralize(count: number, forms: PluralForms): string {
  const category = rules.select(Math.trunc(Math.abs(count)));
  if (category === 'one') return forms[0];
  if (category === 'few') return forms[1];
  return forms[2];
}

/** "3 товара" — the number followed by the right form. */
export function formatCount(count: number, forms: PluralForms): string {
  return `${count.toLocaleString('ru-RU')} ${pluralize(count, forms)}`;
}

export const GOODS_FORMS: PluralForms = ['товар', 'товара', 'товаров'];
export const REVIEW_FORMS: PluralForms = ['отзыв', 'отзыва', 'отзывов'];
export const COMMENT_FORMS: PluralForms = ['комментарий', 'комментария', 'комментариев'];
export const VOTE_FORMS: PluralForms = ['оценка', 'оценки', 'оценок'];
export const COURSE_FORMS: PluralForms = ['курс', 'курса', 'курсов'];
