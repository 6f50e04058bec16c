// Moderating shop reviews and page comments from the back office: a decision changes what the public /reviews list
// and average show, and a page's comment count; each decision is audited and drops the cached pages.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../back-office/admin.routes.ts';
import { auditLog } from '../../back-office/admin.table.ts';
import { products } from '../../schema.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { shopReviews } from './reviews.table.ts';

let shop: TestApp;
let moderator: TestAgent;
const invalidations = {
  count: 0,
  invalidate() {
    invalidations.count += 1;
  },
};

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV, deps: { reviews: { content: invalidations } } });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop.close());
beforeEach(() => {
  invalidations.count = 0;
});

function admin(method: 'GET' | 'PUT', path: string, payload?: Record<string, unknown>) {
  return moderator.request({ method, url: `${ADMIN_PREFIX}${path}`, ...(payload ? { payload } : {}) });
}

async function publicReviews(): Promise<{
  items: Array<{ id: number; name: string }>;
  average: number;
  count: number;
}> {
  const response = await shop.app.inject({ method: 'POST', url: '/api/v1/reviews', payload: { page: 1 } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The average /reviews should show, worked out from the published ratings in the database. */
async function expectedAverage(): Promise<number> {
  const rows = await shop.database.db
    .select({ rating: shopReviews.rating })
    .from(shopReviews)
    .where(eq(shopReviews.status, 'published'));
  if (rows.length === 0) return 0;
  return Math.round((rows.reduce((sum, row) => sum + row.rating, 0) / rows.length) * 10) / 10;
}

async function writeReview(name: string, rating: number): Promise<number> {
  const visitor = createTestAgent(shop.app);
  const response = await visitor.request({
    method: 'POST',
    url: '/api/v1/review',
    payload: { name, rating, text: `<p>Отзыв от ${name}: всё пришло вовремя.</p>`, website: '' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const queue = await admin('GET', '/reviews?status=pending');
  const mine = queue.json().items.find((item: { name: string }) => item.name === name);
  expect(mine, `${name} in the queue`).toBeDefined();
  return mine.id;
}

async function auditOf(entity: string, entityId: number) {
  return shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id));
}

describe('moderating shop reviews', () => {
  it('keeps a new review off /reviews until a moderator publishes it, and off again once rejected', async () => {
    const before = await publicReviews();
    const id = await writeReview('Алевтина', 1);
    // REVIEWS_AUTOPUBLISH is off: the review waits.
    const waiting = await publicReviews();
    expect(waiting.count).toBe(before.count);
    expect(waiting.items.map((item) => item.id)).not.toContain(id);
    const summary = await admin('GET', '/moderation/summary');
    expect(summary.json().reviews).toBeGreaterThanOrEqual(1);

    const published = await admin('PUT', `/reviews/${id}`, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().review).toMatchObject({ id, status: 'published', rating: 1 });
    expect(invalidations.count).toBe(1);
    const shown = await publicReviews();
    expect(shown.count).toBe(before.count + 1);
    expect(shown.items[0]).toMatchObject({ id, name: 'Алевтина' });
    expect(shown.average).toBe(await expectedAverage());
    // A rating of 1 among better ones pulls the average down (the demo reviews are all above 1).
    if (before.count > 0) expect(shown.average).toBeLessThan(before.average);
    expect(
      (await admin('GET', '/reviews?status=pending')).json().items.map((r: { id: number }) => r.id),
    ).not.toContain(id);
    expect((await admin('GET', '/reviews?status=published')).json().items[0]).toMatchObject({ id });

    const rejected = await admin('PUT', `/reviews/${id}`, { status: 'rejected' });
    expect(rejected.statusCode).toBe(200);
    const hidden = await publicReviews();
    expect(hidden.count).toBe(before.count);
    expect(hidden.average).toBe(before.average);
    expect(hidden.items.map((item) => item.id)).not.toContain(id);
    expect((await admin('GET', '/reviews?status=rejected')).json().items[0]).toMatchObject({ id });

    expect(await auditOf('review', id)).toEqual([
      expect.objectContaining({
        userId: TEST_MODERATOR_ID,
        action: 'review.publish',
        before: { status: 'pending' },
        after: { status: 'published' },
      }),
      expect.objectContaining({
        action: 'review.reject',
        before: { status: 'published' },
        after: { status: 'rejected' },
      }),
    ]);
  });

  it('pages the queue oldest first and shows the stored text sanitised', async () => {
    const first = await writeReview('Первая', 5);
    const second = await writeReview('Вторая', 4);
    const queue = (await admin('GET', '/reviews')).json();
    const ids = queue.items.map((item: { id: number }) => item.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(queue.pagination).toMatchObject({ page: 1, per_page: 20 });
    expect(queue.items.find((item: { id: number }) => item.id === first).html).toBe(
      '<p>Отзыв от Первая: всё пришло вовремя.</p>',
    );
  });

  it('answers 404 for a review that does not exist and 422 for a bad decision, audits nothing', async () => {
    const id = await writeReview('Неясная', 3);
    expect((await admin('PUT', '/reviews/999999', { status: 'published' })).statusCode).toBe(404);
    for (const payload of [{ status: 'pending' }, { status: 'published', rating: 5 }, {}]) {
      const response = await admin('PUT', `/reviews/${id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const bad = await admin('PUT', `/reviews/${id}`, { status: 'deleted' });
    expect(bad.json().errors.status).toEqual(['Выберите решение: опубликовать или отклонить']);
    expect((await admin('GET', '/reviews?status=hidden')).statusCode).toBe(422);
    expect((await admin('GET', '/reviews?page=0')).statusCode).toBe(422);
    expect(await auditOf('review', id)).toEqual([]);
    expect(invalidations.count).toBe(0);
  });
});

describe('moderating comments', () => {
  let product: { id: number; name: string; url: string };

  beforeAll(async () => {
    const [first] = await shop.database.db
      .select({ id: products.id, name: products.name, url: products.url })
      .from(products)
      .where(eq(products.visible, true))
      .orderBy(products.id)
      .limit(1);
    product = first!;
  });

  async function commentCount(): Promise<number> {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/comments',
      payload: { type: 'product', id: product.id, page: 1 },
    });
    expect(response.statusCode).toBe(200);
    return response.json().count;
  }

  it('takes a comment off the page and its count, puts it back, and audits both', async () => {
    const customer = createTestAgent(shop.app);
    await customer.register({ name: 'Светлана' });
    const posted = await customer.request({
      method: 'POST',
      url: '/v1/user/comment',
      payload: { type: 'product', id: product.id, text: '<p>Пахнет летом</p>' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const id: number = posted.json().comment.id;
    const shownCount = await commentCount();

    // Shown at once, and waiting for a moderator's look, with the page it is on.
    const queue = (await admin('GET', '/comments?status=pending')).json();
    expect(queue.items.find((item: { id: number }) => item.id === id)).toEqual(
      expect.objectContaining({
        page: { type: 'product', id: product.id, title: product.name, url: product.url },
        user: { id: expect.any(Number), name: 'Светлана' },
        html: '<p>Пахнет летом</p>',
        status: 'published',
        unchecked: true,
      }),
    );

    invalidations.count = 0;
    const rejected = await admin('PUT', `/comments/${id}`, { status: 'rejected' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().comment).toEqual({ id, status: 'rejected', comments_count: shownCount - 1 });
    expect(await commentCount()).toBe(shownCount - 1);
    expect(invalidations.count).toBe(1);
    expect((await admin('GET', '/comments?status=rejected')).json().items[0]).toMatchObject({ id });

    const republished = await admin('PUT', `/comments/${id}`, { status: 'published' });
    expect(republished.json().comment.comments_count).toBe(shownCount);
    expect(await commentCount()).toBe(shownCount);
    // Kept by a moderator: out of the queue, in the checked list.
    expect(
      (await admin('GET', '/comments?status=pending')).json().items.map((c: { id: number }) => c.id),
    ).not.toContain(id);
    expect((await admin('GET', '/comments?status=published')).json().items[0]).toMatchObject({
      id,
      unchecked: false,
    });

    expect(await auditOf('comment', id)).toEqual([
      expect.objectContaining({
        userId: TEST_MODERATOR_ID,
        action: 'comment.reject',
        before: { status: 'published', page: `product:${product.id}` },
        after: { status: 'rejected', comments_count: shownCount - 1 },
      }),
      expect.objectContaining({
        action: 'comment.publish',
        after: { status: 'published', comments_count: shownCount },
      }),
    ]);
  });

  it('answers 404 for a comment that does not exist', async () => {
    const response = await admin('PUT', '/comments/999999', { status: 'rejected' });
    expect(response.statusCode).toBe(404);
  });
});
