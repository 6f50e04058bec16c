// The back office's «Контент» under /api/v1/admin/content: what a moderator may send (strict objects, so an unknown
// field is refused by name; Russian messages) and what each route answers (docs/decisions/031). The server's
// routes name both; the web's section takes its types from the answers.
import { z } from './zod-ru.ts';

/** Menus the shop draws: top bar, its «Ещё» list, footer, legal links and the mega-menu's article links. */
export const MENU_NAMES = ['articles', 'top', 'more', 'footer', 'legal'] as const;
export const CONTENT_ADMIN_PAGE_SIZE = 30;
const AUDIENCE_NAMES = ['all', 'reg', 'guest'] as const;
const STATIC_PAGE_KINDS = ['static', 'legal'] as const;
const RICH_TEXT_MAX = 400_000;
const INT_MAX = 2_147_483_647;

// ---------------------------------------------------------------------------------------------------------------
// Requests.

const id = z.coerce.number().int().min(1).max(INT_MAX);
export const contentIdParams = z.strictObject({ id });

const pageUrl = z
  .string()
  .trim()
  .min(2, 'Укажите адрес страницы')
  .max(300, 'Адрес длиннее 300 символов')
  .regex(
    /^\/[a-z0-9][a-z0-9\-_./]*$/,
    'Адрес начинается с «/» и состоит из строчных латинских букв, цифр и знаков «-», «_», «.», «/»',
  )
  .refine(
    (url) => !url.includes('//') && !url.includes('..') && !url.endsWith('/'),
    'В адресе не может быть «//», «..» и «/» в конце',
  );

/** A link on the site («/akcii») or a full http(s) address. */
const linkUrl = z
  .string()
  .trim()
  .max(500, 'Ссылка длиннее 500 символов')
  .refine(
    (link) => link === '' || /^\/(?!\/)\S*$/.test(link) || /^https?:\/\/[^\s/]+\S*$/i.test(link),
    'Ссылка — адрес на сайте («/…») или полный адрес с https://',
  );

const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, 'Цвет в формате #RRGGBB, например #3f6b4f')
  .transform((value) => value.toLowerCase());

/** A picture already under /images/ («articles/lavanda.jpg»); its WebP twin sits next to it. */
const imageFile = z
  .string()
  .trim()
  .max(200, 'Имя файла длиннее 200 символов')
  .regex(
    /^[a-z0-9][a-z0-9\-_/]*\.(jpe?g|png|webp)$/i,
    'Файл из /images/: латинские буквы, цифры, «-», «_», «/» и расширение .jpg, .png или .webp',
  );

const title = z.string().trim().min(1, 'Заполните заголовок').max(300, 'Не длиннее 300 символов');
const plainText = (limit: number) => z.string().trim().max(limit, `Не длиннее ${limit} символов`);
const richText = z.string().max(RICH_TEXT_MAX, 'Текст слишком длинный');

const publicationFields = {
  title,
  url: pageUrl,
  razdel_id: id,
  author_id: id,
  tag_ids: z.array(id).max(50, 'Не больше 50 тегов'),
  excerpt: plainText(2000),
  html: richText,
  image: imageFile.nullable(),
  visible: z.boolean(),
  published_at: z.iso.datetime({ offset: true, message: 'Дата публикации в формате ISO 8601' }),
  html_title: plainText(300).nullable(),
  meta_description: plainText(500).nullable(),
};

const ingredient = z.strictObject({
  product_id: id.nullable().default(null),
  name: plainText(200).default(''),
  amount: plainText(100).default(''),
});

const recipeFields = {
  ...publicationFields,
  yield: plainText(200),
  time_minutes: z.int().min(0).max(10_000),
  ingredients: z.array(ingredient).max(60, 'Не больше 60 компонентов'),
};

export const articleUpdateSchema = z.strictObject(publicationFields).partial();
export const articleCreateSchema = articleUpdateSchema.required({
  title: true,
  url: true,
  razdel_id: true,
  author_id: true,
});
export const recipeUpdateSchema = z.strictObject(recipeFields).partial();
export const recipeCreateSchema = recipeUpdateSchema.required({
  title: true,
  url: true,
  razdel_id: true,
  author_id: true,
});
/** An article's or a recipe's fields as sent (an article has no recipe fields). */
export type PublicationInput = z.infer<typeof recipeUpdateSchema>;

export const publicationListQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type PublicationListQuery = z.infer<typeof publicationListQuery>;

export const staticPageUpdateSchema = z
  .strictObject({
    title,
    description: plainText(500),
    html: richText,
  })
  .partial();

const audience = z.enum(AUDIENCE_NAMES, {
  error: 'Кому показывать: all (всем), reg (вошедшим) или guest (гостям)',
});
const slideFields = {
  img: imageFile,
  name: z.string().trim().min(1, 'Заполните название').max(200, 'Не длиннее 200 символов'),
  link: linkUrl,
  show: audience,
  color,
};
export const slideUpdateSchema = z.strictObject(slideFields).partial();
export const slideCreateSchema = slideUpdateSchema.required({ img: true, name: true });

const menuName = z.enum(MENU_NAMES, { error: 'Неизвестное меню' });
export type MenuName = z.infer<typeof menuName>;
const menuFields = {
  menu: menuName,
  name: z.string().trim().min(1, 'Заполните название').max(200, 'Не длиннее 200 символов'),
  url: linkUrl.refine((link) => link !== '', 'Укажите ссылку'),
  img: imageFile.nullable(),
  color: color.nullable(),
};
export const menuUpdateSchema = z.strictObject(menuFields).partial();
export const menuCreateSchema = menuUpdateSchema.required({ menu: true, name: true, url: true });

export const slideOrderSchema = z.strictObject({ ids: z.array(id).min(1).max(500) });
export const menuOrderSchema = z.strictObject({ menu: menuName, ids: z.array(id).min(1).max(500) });
export const menuQuery = z.strictObject({ menu: menuName.default('articles') });
export const contentProductQuery = z.strictObject({ q: z.string().trim().min(1).max(100) });

// ---------------------------------------------------------------------------------------------------------------
// Answers.

const choice = z.object({ id: z.int(), name: z.string() });

/** GET /content/options: what the edit forms choose from. */
export const contentOptionsSchema = z.object({
  razdels: z.array(choice),
  authors: z.array(choice),
  tags: z.array(choice),
  menus: z.array(menuName),
});
export type ContentOptions = z.infer<typeof contentOptionsSchema>;

/** GET /content/products?q=: products for a recipe's ingredient lines. */
export const contentProductsSchema = z.object({
  products: z.array(z.object({ id: z.int(), name: z.string(), volume: z.string() })),
});

const publicationRowSchema = z.object({
  id: z.int(),
  title: z.string(),
  url: z.string(),
  visible: z.boolean(),
  published_at: z.string(),
  razdel: z.string().nullable(),
  author: z.string().nullable(),
});

/** GET /content/articles and /content/recipes: one page of the list. */
export const publicationPageSchema = z.object({
  items: z.array(publicationRowSchema),
  total: z.int(),
  page: z.int(),
  pages: z.int(),
});
export type PublicationPage = z.infer<typeof publicationPageSchema>;

const ingredientAnswer = z.object({
  product_id: z.int().nullable(),
  name: z.string(),
  amount: z.string(),
  /** The linked product's name and volume (null without a product). */
  product_name: z.string().nullable(),
  product_volume: z.string().nullable(),
});
export type IngredientAnswer = z.infer<typeof ingredientAnswer>;

/** Everything an article's or a recipe's edit form shows; the recipe fields only for recipes. */
const publicationSchema = z.object({
  id: z.int(),
  title: z.string(),
  url: z.string(),
  razdel_id: z.int(),
  author_id: z.int(),
  tag_ids: z.array(z.int()),
  excerpt: z.string(),
  html: z.string(),
  image: z.string().nullable(),
  visible: z.boolean(),
  published_at: z.string(),
  html_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  yield: z.string().optional(),
  time_minutes: z.int().optional(),
  ingredients: z.array(ingredientAnswer).optional(),
});
export type Publication = z.infer<typeof publicationSchema>;
/** GET, POST and PUT of one article or recipe. */
export const publicationAnswerSchema = z.object({ item: publicationSchema });

const staticPageRowSchema = z.object({
  id: z.int(),
  url: z.string(),
  kind: z.enum(STATIC_PAGE_KINDS),
  title: z.string(),
  updated_at: z.string(),
});
export type StaticPageRow = z.infer<typeof staticPageRowSchema>;
export const staticPageListSchema = z.object({ items: z.array(staticPageRowSchema) });

const staticPageSchema = staticPageRowSchema.extend({ description: z.string(), html: z.string() });
export type StaticPage = z.infer<typeof staticPageSchema>;
/** GET and PUT /content/pages/{id}. */
export const staticPageAnswerSchema = z.object({ item: staticPageSchema });

const slideSchema = z.object({
  id: z.int(),
  /** The picture's file under /images/. */
  img: z.string(),
  name: z.string(),
  link: z.string(),
  show: z.enum(AUDIENCE_NAMES),
  color: z.string(),
  pos: z.int(),
});
export type Slide = z.infer<typeof slideSchema>;
export const slideListSchema = z.object({ items: z.array(slideSchema) });
export const slideAnswerSchema = z.object({ item: slideSchema });

const menuItemSchema = z.object({
  id: z.int(),
  menu: menuName,
  name: z.string(),
  url: z.string(),
  img: z.string().nullable(),
  color: z.string().nullable(),
  pos: z.int(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
export const menuListSchema = z.object({ items: z.array(menuItemSchema) });
export const menuItemAnswerSchema = z.object({ item: menuItemSchema });

/** DELETE of a slide or a menu link: 204, no body. */
export const deletedSchema = z.null().describe('Удалено: ответ без тела');

/**
 * POST /admin/content/images: a picture for an article's, recipe's or page's text or cover, stored in WebP widths
 * with a JPEG fallback. `image.filename` is what the cover field takes; `src` is what the text's <img> shows.
 */
export const contentImageAnswerSchema = z.object({
  status: z.literal('ok'),
  image: z.object({ filename: z.string(), basename: z.string(), widths: z.array(z.int()).optional() }),
  src: z.string(),
});
export type ContentImageAnswer = z.infer<typeof contentImageAnswerSchema>;
