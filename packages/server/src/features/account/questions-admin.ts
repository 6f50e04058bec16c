// The back office's side of /my-question (issue 9): the questions customers asked, unanswered first, and the
// moderator's answer — rich text through the one sanitiser, written with its audit entry and the asker's letter in
// one transaction.

import { idField } from '@efir/domain/account-schemas';
import {
  type AdminQuestion,
  adminQuestionsAnswerSchema,
  questionAnsweredSchema,
} from '@efir/domain/admin-wire';
import type { Pagination } from '@efir/domain/catalog-wire';
import { pageField, richTextField } from '@efir/domain/reviews-schemas';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { z } from '@efir/domain/zod-ru';
import { asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { products } from '../catalog/catalog.table.ts';
import { htmlToLetterText } from '../mail/letter-text.ts';
import type { MailService } from '../mail/mail.service.ts';
import { findUsersByIds } from './account.repo.ts';
import { answerQuestion } from './account.service.ts';
import { questions, users } from './account.table.ts';

export const QUESTIONS_PAGE_SIZE = 20;
export const ANSWER_TEXT_MIN = 2;
export const ANSWER_TEXT_MAX = 5000;

const listQuery = z.strictObject({
  answered: z.enum(['true', 'false'], 'Укажите answered=true или answered=false').default('false'),
  page: pageField.default(1),
});
const idParams = z.strictObject({ id: idField });
const answerBody = z.strictObject({
  answer: richTextField(ANSWER_TEXT_MIN, ANSWER_TEXT_MAX, {
    empty: 'Напишите ответ',
    short: `Ответ — не короче ${ANSWER_TEXT_MIN} символов`,
    long: `Ответ — не длиннее ${ANSWER_TEXT_MAX} символов`,
  }),
});

export async function countUnansweredQuestions(db: Database): Promise<number> {
  const [totals] = await db.select({ total: count() }).from(questions).where(isNull(questions.answeredAt));
  return totals?.total ?? 0;
}

export async function listQuestionsForModeration(
  db: Database,
  answered: boolean,
  page: number,
): Promise<{ items: AdminQuestion[]; pagination: Pagination }> {
  const where = answered ? isNotNull(questions.answeredAt) : isNull(questions.answeredAt);
  // Waiting questions oldest first (the longest wait is answered first); answered ones newest first.
  const order = answered
    ? [desc(questions.answeredAt), desc(questions.id)]
    : [asc(questions.createdAt), asc(questions.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        question: questions,
        userName: users.name,
        productName: products.name,
        productUrl: products.url,
      })
      .from(questions)
      .leftJoin(users, eq(users.id, questions.userId))
      .leftJoin(products, eq(products.id, questions.productId))
      .where(where)
      .orderBy(...order)
      .limit(QUESTIONS_PAGE_SIZE)
      .offset((page - 1) * QUESTIONS_PAGE_SIZE),
    db.select({ total: count() }).from(questions).where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    items: rows.map(({ question, userName, productName, productUrl }) => ({
      id: question.id,
      text: question.text,
      user: { id: question.userId, name: userName ?? 'Покупатель' },
      product:
        question.productId && productName && productUrl
          ? { id: question.productId, name: productName, url: productUrl }
          : null,
      answer: question.answer === null ? null : sanitizeHtml(question.answer),
      answered_at: question.answeredAt?.toISOString() ?? null,
      created_at: question.createdAt.toISOString(),
    })),
    pagination: {
      page,
      pages: Math.max(1, Math.ceil(total / QUESTIONS_PAGE_SIZE)),
      total,
      per_page: QUESTIONS_PAGE_SIZE,
    },
  };
}

interface QuestionsAdminDeps {
  db: Database;
  mail: MailService;
  origin: string;
}

/**
 * Answers (or corrects the answer to) a question; the asker sees it on /my-question. The first answer to a waiting
 * question is also a letter to the asker — written to the outbox in the answer's own transaction (decision 026), so
 * there is a letter exactly when there is an answer; a correction is not news to the asker.
 */
export async function answerQuestionAsModerator(
  deps: QuestionsAdminDeps,
  moderator: number,
  id: number,
  safeHtml: string,
) {
  return deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [before] = await txDb.select().from(questions).where(eq(questions.id, id)).for('update');
    if (!before) throw notFound();
    const question = await answerQuestion(txDb, id, safeHtml);
    if (before.answeredAt === null) await tellAsker(deps, txDb, before, question.answer ?? '');
    await writeAudit(txDb, {
      userId: moderator,
      action: 'question.answer',
      entity: 'question',
      entityId: id,
      before: { answer: before.answer },
      after: { answer: question.answer },
    });
    return question;
  });
}

/** The letter to the asker of a question that got its answer. */
async function tellAsker(
  deps: QuestionsAdminDeps,
  txDb: Database,
  asked: { userId: number; text: string },
  answerHtml: string,
): Promise<void> {
  const [asker] = await findUsersByIds(txDb, [asked.userId]);
  if (!asker) return;
  await deps.mail.send(
    {
      to: asker.email,
      subject: 'Ответ на ваш вопрос — «Эфир»',
      text: `Здравствуйте, ${asker.name}!\n\nВы спрашивали: «${asked.text}»\n\nОтвет магазина:\n${htmlToLetterText(answerHtml)}\n\nВсе ваши вопросы и ответы: ${new URL('/my-question', deps.origin).toString()}\n\nИнтернет-магазин «Эфир»`,
    },
    txDb,
  );
}

// Routes (paths relative to /api/v1/admin; the scope has already let only moderators in).

export function questionsAdminSection(deps: QuestionsAdminDeps): (scope: FastifyInstance) => void {
  return (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/questions',
      { schema: { querystring: listQuery, response: { 200: adminQuestionsAnswerSchema } } },
      async (request) =>
        listQuestionsForModeration(deps.db, request.query.answered === 'true', request.query.page),
    );

    routes.put(
      '/questions/:id/answer',
      { schema: { params: idParams, body: answerBody, response: { 200: questionAnsweredSchema } } },
      async (request) => ({
        question: await answerQuestionAsModerator(
          deps,
          moderatorId(request),
          request.params.id,
          request.body.answer,
        ),
      }),
    );
  };
}
