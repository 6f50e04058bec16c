// What the moderation calls of /api/v1/admin answer (their response schemas: domain's reviews-wire.ts and
// admin-wire.ts), the answer form's schema, and the words of the queue counts.
import type { AdminQuestion } from '@efir/domain/admin-wire';
import type { Pagination } from '@efir/domain/catalog-wire';
import { COMMENT_FORMS, formatCount, type PluralForms, REVIEW_FORMS } from '@efir/domain/plural';
import { richTextField } from '@efir/domain/reviews-schemas';
import type { AdminComment, AdminReview, ModerationSummary } from '@efir/domain/reviews-wire';
import { z } from '@efir/domain/zod-ru';

export type ModerationStatus = 'pending' | 'published' | 'rejected';
export type Decision = 'published' | 'rejected';

export type CommentPageType = AdminComment['page']['type'];
export type { AdminComment, AdminQuestion, AdminReview, ModerationSummary };

export interface ModerationPage<T> {
  items: T[];
  pagination: Pagination;
}

export const QUESTION_FORMS: PluralForms = ['вопрос', 'вопроса', 'вопросов'];
export { COMMENT_FORMS, REVIEW_FORMS };

/** «Ждут решения: 2 отзыва · 1 комментарий · 5 вопросов», or that everything is done. */
export function describeWaiting(summary: ModerationSummary): string {
  const parts = [
    summary.reviews > 0 ? formatCount(summary.reviews, REVIEW_FORMS) : null,
    summary.comments > 0 ? formatCount(summary.comments, COMMENT_FORMS) : null,
    summary.questions > 0 ? formatCount(summary.questions, QUESTION_FORMS) : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Ждут решения: ${parts.join(' · ')}` : 'Всё проверено';
}

/** The same limits the server checks (questions-admin.ts). */
export const ANSWER_TEXT_MAX = 5000;
export const answerSchema = z.strictObject({
  answer: richTextField(2, ANSWER_TEXT_MAX, {
    empty: 'Напишите ответ',
    short: 'Ответ — не короче 2 символов',
    long: `Ответ — не длиннее ${ANSWER_TEXT_MAX} символов`,
  }),
});

export const PAGE_TYPE_NAMES: Record<CommentPageType, string> = {
  product: 'Товар',
  recept: 'Рецепт',
  article: 'Статья',
};
