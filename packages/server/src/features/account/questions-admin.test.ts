// Answering customers' questions from the back office: the answer (sanitised rich text) shows on the asker's
// /my-question and nobody else's, the queue holds the unanswered ones, every answer is audited, and the asker's
// letter exists exactly when the answer does (one transaction, decision 026).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../back-office/admin.routes.ts';
import { auditLog } from '../../back-office/admin.table.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outbox } from '../mail/mail.table.ts';

let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop.close());

function admin(method: 'GET' | 'PUT', path: string, payload?: Record<string, unknown>) {
  return moderator.request({ method, url: `${ADMIN_PREFIX}${path}`, ...(payload ? { payload } : {}) });
}

async function ask(agent: TestAgent, text: string): Promise<number> {
  const response = await agent.request({ method: 'POST', url: '/v1/user/question', payload: { text } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().question.id;
}

async function myQuestions(agent: TestAgent): Promise<Array<{ id: number; answer: string | null }>> {
  const response = await agent.request({ method: 'GET', url: '/v1/my-question' });
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

describe('answering questions', () => {
  it('shows the sanitised answer on the asker’s /my-question only, and audits it', async () => {
    const asker = createTestAgent(shop.app);
    const { id: askerId, email: askerEmail } = await asker.register({ name: 'Полина' });
    const other = createTestAgent(shop.app);
    await other.register({ name: 'Георгий' });
    const questionId = await ask(asker, 'Можно ли лаванду в аромалампу в детской?');
    const otherId = await ask(other, 'Когда будет мята перечная?');

    const before = (await admin('GET', '/moderation/summary')).json().questions;
    const queue = (await admin('GET', '/questions?answered=false')).json();
    expect(queue.items.find((item: { id: number }) => item.id === questionId)).toEqual({
      id: questionId,
      text: 'Можно ли лаванду в аромалампу в детской?',
      user: { id: askerId, name: 'Полина' },
      product: null,
      answer: null,
      answered_at: null,
      created_at: expect.any(String),
    });

    const answered = await admin('PUT', `/questions/${questionId}/answer`, {
      answer:
        '<p>Да, <strong>2–3 капли</strong> на 15 м².</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    // The one sanitiser's policy: the script is gone, the image keeps only its harmless address.
    const safeAnswer = '<p>Да, <strong>2–3 капли</strong> на 15 м².</p><img src="x">';
    expect(answered.json().question).toMatchObject({ id: questionId, answer: safeAnswer });

    const mine = await myQuestions(asker);
    expect(mine.find((item) => item.id === questionId)).toMatchObject({
      answer: safeAnswer,
      answered_at: expect.any(String),
    });
    const theirs = await myQuestions(other);
    expect(theirs.map((item) => item.id)).toEqual([otherId]);
    expect(theirs[0]?.answer).toBeNull();

    expect((await admin('GET', '/moderation/summary')).json().questions).toBe(before - 1);
    const unanswered = (await admin('GET', '/questions')).json().items.map((item: { id: number }) => item.id);
    expect(unanswered).toContain(otherId);
    expect(unanswered).not.toContain(questionId);
    expect((await admin('GET', '/questions?answered=true')).json().items[0]).toMatchObject({
      id: questionId,
      answer: safeAnswer,
    });

    const audit = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'question'), eq(auditLog.entityId, String(questionId))));
    expect(audit).toEqual([
      expect.objectContaining({
        userId: TEST_MODERATOR_ID,
        action: 'question.answer',
        before: { answer: null },
        after: { answer: safeAnswer },
      }),
    ]);

    // The asker gets one letter with the question and the answer as text; a later correction sends none.
    const letters = () =>
      shop.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, askerEmail), eq(outbox.subject, 'Ответ на ваш вопрос — «Эфир»')));
    const [letter, ...more] = await letters();
    expect(more).toEqual([]);
    expect(letter?.text).toContain('Здравствуйте, Полина!');
    expect(letter?.text).toContain('Вы спрашивали: «Можно ли лаванду в аромалампу в детской?»');
    expect(letter?.text).toContain('Ответ магазина:\nДа, 2–3 капли на 15 м².');
    expect(letter?.text).not.toMatch(/<|alert/);
    expect(letter?.text).toContain('/my-question');
    const corrected = await admin('PUT', `/questions/${questionId}/answer`, {
      answer: '<p>Да, 2 капли.</p>',
    });
    expect(corrected.statusCode).toBe(200);
    expect(await letters()).toHaveLength(1);
    const otherEmail = (await shop.database.db.select().from(outbox)).filter((row) =>
      row.subject.startsWith('Ответ'),
    );
    expect(otherEmail.map((row) => row.to)).toEqual([askerEmail]);
  });

  it('writes the letter in the answer’s transaction: a failed answer leaves no letter, an unwritten letter no answer', async () => {
    const db = shop.database.db;
    const subject = 'Ответ на ваш вопрос — «Эфир»';
    const asker = createTestAgent(shop.app);
    const { email } = await asker.register({ name: 'Вера' });
    const questionId = await ask(asker, 'Подойдёт ли мята для ингаляций?');
    const letters = () =>
      db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.subject, subject)));
    const answer = () => admin('PUT', `/questions/${questionId}/answer`, { answer: '<p>Да, 1–2 капли.</p>' });
    // Faults of this file's own database: it refuses a row the answer writes.
    await db.execute(
      sql.raw(`CREATE FUNCTION refused_by_test() RETURNS trigger LANGUAGE plpgsql
               AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
    );
    const refusing = async (table: string, when: string, work: () => Promise<void>) => {
      await db.execute(
        sql.raw(`CREATE TRIGGER refuse_in_test BEFORE INSERT ON ${table} FOR EACH ROW WHEN (${when})
                 EXECUTE FUNCTION refused_by_test()`),
      );
      try {
        await work();
      } finally {
        await db.execute(sql.raw(`DROP TRIGGER refuse_in_test ON ${table}`));
      }
    };

    // The answer fails after its letter was written (its audit entry is refused): no letter goes out.
    await refusing('audit_log', `NEW.action = 'question.answer'`, async () => {
      expect((await answer()).statusCode).toBe(500);
    });
    expect(await letters()).toEqual([]);
    expect((await myQuestions(asker))[0]?.answer).toBeNull();

    // The letter cannot be written: the answer is not kept either, so the moderator sees the failure and retries.
    await refusing('outbox', `NEW.subject = '${subject}'`, async () => {
      expect((await answer()).statusCode).toBe(500);
    });
    expect((await myQuestions(asker))[0]?.answer).toBeNull();
    await db.execute(sql.raw('DROP FUNCTION refused_by_test()'));

    expect((await answer()).statusCode).toBe(200);
    expect((await myQuestions(asker))[0]?.answer).toBe('<p>Да, 1–2 капли.</p>');
    expect(await letters()).toHaveLength(1);
  });

  it('refuses an empty or unsafe-only answer with a Russian field error, and a missing question with 404', async () => {
    const asker = createTestAgent(shop.app);
    await asker.register();
    const questionId = await ask(asker, 'Есть ли скидки для школы?');
    for (const answer of ['', '   ', '<script>alert(1)</script>']) {
      const response = await admin('PUT', `/questions/${questionId}/answer`, { answer });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.answer).toEqual(['Напишите ответ']);
    }
    const extra = await admin('PUT', `/questions/${questionId}/answer`, {
      answer: '<p>Есть</p>',
      user_id: 1,
    });
    expect(extra.statusCode).toBe(422);
    const missing = await admin('PUT', '/questions/999999/answer', { answer: '<p>Есть</p>' });
    expect(missing.statusCode).toBe(404);
    expect((await myQuestions(asker))[0]?.answer).toBeNull();
  });
});
