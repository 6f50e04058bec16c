// Shop reviews, rating votes and comments (spec §4, §7): the forms both sides check and the answers they exchange.
import { idField } from './account-schemas.ts';
import { nameField } from './auth-schemas.ts';
import { sanitizeHtml } from './sanitize-html.ts';
import { z } from './zod-ru.ts';

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 5000;
export const COMMENT_TEXT_MIN = 2;
export const COMMENT_TEXT_MAX = 3000;
export const REVIEWS_PER_PAGE = 10;
/** Top-level comments per page; each comes with all its replies. */
export const COMMENTS_PER_PAGE = 10;
/** Abuse limits: attempts per window. */
export const REVIEW_LIMITS = {
  perIp: { limit: 5, windowMs: 60 * 60 * 1000 },
  perUser: { limit: 5, windowMs: 24 * 60 * 60 * 1000 },
} as const;
export const COMMENT_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 } as const;
export const VOTE_LIMIT = { limit: 60, windowMs: 60 * 60 * 1000 } as const;

export const REVIEW_THANKS = 'Спасибо! Отзыв появится после проверки модератором.';
// The words live with the plural rules, so the browser's page frame can use them without these schemas (and zod).
export { REVIEW_FORMS } from './plural.ts';

/** The pages one can rate and comment on: the path type of PUT /v1/user/vote/{type} and its answer's message. */
export const VOTE_TYPES = ['product', 'recept', 'article'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];
export const VOTE_MESSAGES = {
  product: 'vote/product',
  recept: 'vote/recept',
  article: 'vote/article',
} as const satisfies Record<VoteType, string>;

/**
 * Characters a reader sees in sanitised HTML. The sanitiser's output is canonical (every `<` and `>` of text and
 * attribute values is escaped), so stripping `<…>` and counting each entity as one character is exact.
 */
export function countVisibleCharacters(safeHtml: string): number {
  return safeHtml
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot);/g, '&')
    .replace(/\s+/g, ' ')
    .trim().length;
}

/** Plain text (a textarea) as the rich text the server stores: paragraphs at blank lines, line breaks kept. */
export function plainTextToHtml(text: string): string {
  const escapeText = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

interface RichTextWords {
  empty: string;
  short: string;
  long: string;
}

/**
 * Rich text from an editor: sanitised by the one policy of spec §5 as it is parsed, so whatever passes is what
 * gets stored; the limits count what a reader sees, and the raw input may carry markup up to four times that.
 */
export function richTextField(min: number, max: number, words: RichTextWords) {
  return z
    .string({ error: words.empty })
    .max(max * 4, words.long)
    .transform((html) => sanitizeHtml(html).trim())
    .superRefine((html, context) => {
      const length = countVisibleCharacters(html);
      if (length === 0) context.addIssue({ code: 'custom', message: words.empty });
      else if (length < min) context.addIssue({ code: 'custom', message: words.short });
      else if (length > max) context.addIssue({ code: 'custom', message: words.long });
    });
}

export const ratingField = z
  .union([z.int(), z.string().regex(/^\d$/).transform(Number)], { error: 'Поставьте оценку от 1 до 5' })
  .pipe(z.int().min(1, 'Поставьте оценку от 1 до 5').max(5, 'Оценка — от 1 до 5'));

export const pageField = z
  .union(
    [
      z.int(),
      z
        .string()
        .regex(/^\d{1,4}$/)
        .transform(Number),
    ],
    { error: 'Неверный номер страницы' },
  )
  .pipe(z.int().min(1, 'Неверный номер страницы').max(1000, 'Неверный номер страницы'));

export const voteTypeField = z.enum(VOTE_TYPES, 'Оценивать и комментировать можно товар, рецепт или статью');

export const reviewTextField = richTextField(REVIEW_TEXT_MIN, REVIEW_TEXT_MAX, {
  empty: 'Напишите отзыв',
  short: `Отзыв — не короче ${REVIEW_TEXT_MIN} символов`,
  long: `Отзыв — не длиннее ${REVIEW_TEXT_MAX} символов`,
});

export const commentTextField = richTextField(COMMENT_TEXT_MIN, COMMENT_TEXT_MAX, {
  empty: 'Напишите комментарий',
  short: `Комментарий — не короче ${COMMENT_TEXT_MIN} символов`,
  long: `Комментарий — не длиннее ${COMMENT_TEXT_MAX} символов`,
});

/** POST /api/v1/reviews. */
export const reviewsListSchema = z.strictObject({ page: pageField.default(1) });

/** POST /api/v1/review. `website` is the honeypot: people never see it, so only robots fill it in. */
export const reviewSchema = z.strictObject({
  name: nameField,
  rating: ratingField,
  text: reviewTextField,
  website: z.string().max(500).default(''),
});

/** PUT /v1/user/vote/{type}. */
export const voteParamsSchema = z.strictObject({ type: voteTypeField });
export const voteSchema = z.strictObject({ rating: ratingField, id: idField });

/** POST /v1/user/comment. A reply to a reply joins the thread of the top comment. */
export const commentSchema = z.strictObject({
  type: voteTypeField,
  id: idField,
  text: commentTextField,
  parent_id: idField.nullish(),
});
export type CommentForm = z.input<typeof commentSchema>;

/** POST /api/v1/comments. */
export const commentsListSchema = z.strictObject({
  type: voteTypeField,
  id: idField,
  page: pageField.default(1),
});

// Answers.

export const commentAuthorSchema = z.object({
  id: z.int(),
  name: z.string(),
  avatar: z.object({ type: z.enum(['photo', 'other']), photo: z.string().nullable() }),
});

/** The shop's answer under a review or comment (issue 39 point 9); the page names the shop from its settings. */
export const shopReplySchema = z.object({
  /** Sanitised rich text. */
  html: z.string(),
  created_at: z.string(),
});
export type ShopReply = z.infer<typeof shopReplySchema>;

/** PUT /api/v1/admin/reviews/{id}/reply and /comments/{id}/reply: empty text removes the answer. */
export const shopReplyBodySchema = z.strictObject({
  text: z.string({ error: 'Напишите ответ' }).trim().max(5000, 'Ответ не длиннее 5000 символов'),
});

export const commentWireSchema = z.object({
  id: z.int(),
  parent_id: z.int().nullable(),
  user: commentAuthorSchema,
  /** Sanitised rich text. */
  html: z.string(),
  created_at: z.string(),
  reply: shopReplySchema.nullable(),
});
export type CommentWire = z.infer<typeof commentWireSchema>;

export const commentThreadSchema = commentWireSchema.extend({
  /** Oldest first, one level only. */
  replies: z.array(commentWireSchema),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;
