// The article and recipe form's values: from the edit answer, to what the server takes, and the checks the browser
// can make at once.
import { z } from '@efir/domain/zod-ru';
import type { Ingredient, Publication, PublicationKind } from './content-api.ts';

/** The form's values: what the inputs hold. */
export interface FormValues {
  title: string;
  url: string;
  razdel_id: string;
  author_id: string;
  tag_ids: number[];
  excerpt: string;
  html: string;
  image: string;
  visible: boolean;
  /** yyyy-mm-dd, Moscow time. */
  published_on: string;
  html_title: string;
  meta_description: string;
  yield: string;
  time_minutes: string;
  ingredients: Ingredient[];
}

export const BASE_FIELDS = [
  'title',
  'url',
  'razdel_id',
  'author_id',
  'tag_ids',
  'excerpt',
  'html',
  'image',
  'visible',
  'published_at',
  'html_title',
  'meta_description',
] as const;
export const RECIPE_FIELDS = ['yield', 'time_minutes', 'ingredients'] as const;

/** The day of an ISO moment in Moscow («2026-11-21»). */
function moscowDay(iso: string): string {
  return new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });
}

export function toFormValues(item: Publication | null): FormValues {
  return {
    title: item?.title ?? '',
    url: item?.url ?? '',
    razdel_id: item ? String(item.razdel_id) : '',
    author_id: item ? String(item.author_id) : '',
    tag_ids: item?.tag_ids ?? [],
    excerpt: item?.excerpt ?? '',
    html: item?.html ?? '',
    image: item?.image ?? '',
    visible: item?.visible ?? true,
    published_on: moscowDay(item?.published_at ?? new Date().toISOString()),
    html_title: item?.html_title ?? '',
    meta_description: item?.meta_description ?? '',
    yield: item?.yield ?? '',
    time_minutes: item?.time_minutes !== undefined ? String(item.time_minutes) : '0',
    ingredients: item?.ingredients ?? [],
  };
}

/** The values as the server takes them. */
export function toPayload(values: FormValues, kind: PublicationKind): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    title: values.title,
    url: values.url.trim(),
    razdel_id: values.razdel_id ? Number(values.razdel_id) : Number.NaN,
    author_id: values.author_id ? Number(values.author_id) : Number.NaN,
    tag_ids: values.tag_ids,
    excerpt: values.excerpt,
    html: values.html,
    image: values.image.trim() === '' ? null : values.image.trim(),
    visible: values.visible,
    // Morning in Moscow, so the day is the same wherever it is read.
    published_at: `${values.published_on}T09:00:00+03:00`,
    html_title: values.html_title.trim() === '' ? null : values.html_title,
    meta_description: values.meta_description.trim() === '' ? null : values.meta_description,
  };
  if (kind === 'recipes') {
    payload.yield = values.yield;
    payload.time_minutes = /^\s*\d+\s*$/.test(values.time_minutes) ? Number(values.time_minutes) : Number.NaN;
    payload.ingredients = values.ingredients.map((line) => ({
      product_id: line.product_id,
      name: line.name,
      amount: line.amount,
    }));
  }
  return payload;
}

// The browser checks what it can say at once; the server checks everything again (addresses, references).
export const checks = z.looseObject({
  title: z.string().trim().min(1, 'Заполните заголовок').optional(),
  url: z.string().regex(/^\//, 'Адрес начинается с «/»').min(2, 'Укажите адрес страницы').optional(),
  razdel_id: z.number({ error: 'Выберите раздел' }).int().optional(),
  author_id: z.number({ error: 'Выберите автора' }).int().optional(),
  time_minutes: z.number({ error: 'Время — целое число минут' }).int().min(0).optional(),
  published_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T/, 'Укажите дату публикации')
    .optional(),
});
