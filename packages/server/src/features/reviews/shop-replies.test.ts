// The shop's answer under a review or a comment (issue 39 point 9), over HTTP: only the back office writes it; it is
// escaped and sanitised like any user text; it is in the server-rendered page at once (the cached page dropped),
// named with the shop's name from the settings; it is audited; an empty text removes it.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../back-office/admin.routes.ts';
import { auditLog } from '../../back-office/admin.table.ts';
import { demoProducts, LAVENDER_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createSourceSsrOptions } from '../../test/page-renderer.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { shopReviews } from './reviews.table.ts';

let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  shop = await createTestApp({
    deps: { ssr: await createSourceSsrOptions() },
    env: { ...MODERATOR_ENV, PAGE_CACHE_TTL_MS: '600000' },
  });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop?.close());

function reply(agent: TestAgent, kind: 'reviews' | 'comments', id: number, text: string) {
  return agent.request({ method: 'PUT', url: `${ADMIN_PREFIX}/${kind}/${id}/reply`, payload: { text } });
}

async function pageHtml(url: string): Promise<string> {
  const response = await shop.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(response.statusCode, url).toBe(200);
  // The page's markup, without the data the browser hydrates with.
  return response.body.replace(/<script[\s\S]*?<\/script>/g, '');
}

async function auditOf(entity: string, id: number) {
  return shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

describe('the shop answers a product review (a comment on the product page)', () => {
  it('shows the answer under it in the server-rendered page, escaped, with the shop’s name; removes it on empty text', async () => {
    const { [LAVENDER_URL]: lavender } = await demoProducts(shop.database.db, [LAVENDER_URL]);
    const buyer = createTestAgent(shop.app);
    await buyer.register({ name: 'Вероника' });
    const posted = await buyer.request({
      method: 'POST',
      url: '/v1/user/comment',
      payload: { type: 'product', id: lavender!.id, text: '<p>Пахнет как в Провансе</p>' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const commentId: number = posted.json().comment.id;
    // The page is cached before the answer: the answer must drop it.
    expect(await pageHtml(LAVENDER_URL)).toContain('Пахнет как в Провансе');

    const answered = await reply(
      moderator,
      'comments',
      commentId,
      'Вероника, спасибо!\nЛаванда этого года особенно удалась.\n\n<script>alert(1)</script><img src=x onerror=alert(2)>',
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().reply.html).toBe(
      '<p>Вероника, спасибо!<br>Лаванда этого года особенно удалась.</p><p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</p>',
    );

    const page = await pageHtml(LAVENDER_URL);
    expect(page).toMatch(
      /Пахнет как в Провансе[\s\S]*Ответ магазина «Эфир»[\s\S]*Лаванда этого года особенно удалась/,
    );
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<img src="x"');
    const listed = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/comments',
      payload: { type: 'product', id: lavender!.id, page: 1 },
    });
    const mine = listed.json().items.find((item: { id: number }) => item.id === commentId);
    expect(mine.reply.html).toContain('Лаванда этого года особенно удалась');

    const audit = await auditOf('comment', commentId);
    expect(audit.at(-1)).toMatchObject({ action: 'comment.reply', userId: TEST_MODERATOR_ID });

    // The shop's name is the settings' one: renamed, the page says the new name.
    const settings = (await moderator.request({ method: 'GET', url: `${ADMIN_PREFIX}/settings` })).json()
      .settings;
    const renamed = await moderator.request({
      method: 'PUT',
      url: `${ADMIN_PREFIX}/settings`,
      payload: { ...settings, name: 'Efir' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await pageHtml(LAVENDER_URL)).toContain('Ответ магазина «Efir»');

    const removed = await reply(moderator, 'comments', commentId, '');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().reply).toBeNull();
    expect(await pageHtml(LAVENDER_URL)).not.toContain('Ответ магазина');
    expect((await auditOf('comment', commentId)).at(-1)?.action).toBe('comment.reply_remove');
  });
});

describe('the shop answers a review of the shop', () => {
  it('puts the answer under the review on /reviews', async () => {
    const [review] = await shop.database.db
      .select()
      .from(shopReviews)
      .where(eq(shopReviews.status, 'published'))
      .orderBy(asc(shopReviews.id))
      .limit(1);
    expect(review).toBeDefined();
    const answered = await reply(moderator, 'reviews', review!.id, 'Благодарим за тёплые слова!');
    expect(answered.statusCode, answered.body).toBe(200);
    const listed = await shop.app.inject({ method: 'POST', url: '/api/v1/reviews', payload: { page: 1 } });
    const shown = listed.json().items.find((item: { id: number }) => item.id === review!.id);
    expect(shown?.reply?.html).toBe('<p>Благодарим за тёплые слова!</p>');
    expect((await auditOf('review', review!.id)).at(-1)).toMatchObject({ action: 'review.reply' });
  });
});

describe('only the back office answers', () => {
  it('answers 401 to a guest, 403 to a customer, 404 for a missing text and 422 for a too long answer', async () => {
    const [review] = await shop.database.db.select().from(shopReviews).limit(1);
    const guest = createTestAgent(shop.app);
    expect((await reply(guest, 'reviews', review!.id, 'Спасибо')).statusCode).toBe(401);
    const customer = await signInAs(shop.app, shop.database.db, 910_555);
    expect((await reply(customer, 'reviews', review!.id, 'Спасибо')).statusCode).toBe(403);
    expect((await reply(moderator, 'comments', 99_999_999, 'Спасибо')).statusCode).toBe(404);
    const long = await reply(moderator, 'reviews', review!.id, 'а'.repeat(5001));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.text).toEqual(['Ответ не длиннее 5000 символов']);
  });
});
