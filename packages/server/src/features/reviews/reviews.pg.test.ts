// Votes and comments that arrive at the same moment are all counted: on PostgreSQL, whose many connections let them
// really overlap (the PostgreSQL run alone includes *.pg.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { articles } from '../content/content.table.ts';

let shop: TestApp;
let target: { id: number };

beforeAll(async () => {
  shop = await createTestApp();
  const [first] = await shop.database.db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.visible, true))
    .orderBy(articles.id)
    .limit(1);
  if (!first) throw new Error('the demo content has no article');
  target = first;
});

afterAll(() => shop.close());

describe('reviews under concurrency (PostgreSQL)', () => {
  it('counts every one of 15 simultaneous votes and 15 simultaneous comments', async () => {
    const users = await Promise.all(
      Array.from({ length: 15 }, async () => {
        const agent = createTestAgent(shop.app);
        await agent.register();
        return agent;
      }),
    );
    const ratings = users.map((_, index) => 1 + (index % 5));
    const answers = await Promise.all(
      users.map((user, index) =>
        user.request({
          method: 'PUT',
          url: '/v1/user/vote/article',
          payload: { rating: ratings[index], id: target.id },
        }),
      ),
    );
    expect(answers.every((response) => response.statusCode === 200)).toBe(true);
    const mean = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
    const [row] = await shop.database.db
      .select({ avg: articles.avgRating, votes: articles.votesCount, comments: articles.commentsCount })
      .from(articles)
      .where(eq(articles.id, target.id));
    expect(row!.votes).toBe(15);
    expect(row!.avg).toBeCloseTo(mean, 5);

    const posted = await Promise.all(
      users.map((user, index) =>
        user.request({
          method: 'POST',
          url: '/v1/user/comment',
          payload: { type: 'article', id: target.id, text: `<p>Мнение ${index}</p>` },
        }),
      ),
    );
    expect(posted.every((response) => response.statusCode === 200)).toBe(true);
    const [after] = await shop.database.db
      .select({ comments: articles.commentsCount })
      .from(articles)
      .where(eq(articles.id, target.id));
    expect(after!.comments).toBe(row!.comments + 15);
  });
});
