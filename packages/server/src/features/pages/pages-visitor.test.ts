// POST /api/v1/route with the answer cache on, as in production: the page data carries the visitor's own vote
// (and only to that visitor) and the page's first comments, newest first, as soon as they are posted.
import { COMMENTS_PER_PAGE } from '@efir/domain/reviews-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SHARED_ANSWER_HEAD, withUserRating } from './pages.service.ts';

type RatedType = 'product' | 'recept' | 'article';

let testApp: TestApp;
/** One page of each kind one can vote on and comment. */
const pages = {} as Record<RatedType, { id: number; url: string }>;

async function route(url: string, agent?: TestAgent) {
  const response = agent
    ? await agent.request({ method: 'POST', url: '/api/v1/route', payload: { url } })
    : await testApp.app.inject({ method: 'POST', url: '/api/v1/route', payload: { url } });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.json();
}

async function loggedIn(name: string): Promise<TestAgent> {
  const agent = createTestAgent(testApp.app);
  await agent.register({ name });
  return agent;
}

async function vote(agent: TestAgent, type: RatedType, rating: number) {
  const response = await agent.request({
    method: 'PUT',
    url: `/v1/user/vote/${type}`,
    payload: { id: pages[type].id, rating },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function comment(agent: TestAgent, type: RatedType, text: string, parentId?: number) {
  const response = await agent.request({
    method: 'POST',
    url: '/v1/user/comment',
    payload: { type, id: pages[type].id, text, ...(parentId ? { parent_id: parentId } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().comment as { id: number };
}

beforeAll(async () => {
  // The default time (10 s): every answer below could come from the cache, and must still be right.
  testApp = await createTestApp({ env: { PAGE_CACHE_TTL_MS: '10000' } });
  const product = (await route('/lavanda-uzkolistnaya-10-ml.html')).page.com_data;
  const recipe = (await route('/recept.html')).recepts[0];
  const article = (await route('/articles-new.html')).articles[0];
  pages.product = { id: product.id, url: product.url };
  pages.recept = { id: recipe.id, url: recipe.url };
  pages.article = { id: article.id, url: article.url };
});

afterAll(() => testApp.close());

describe('the visitor’s own vote in the page data', () => {
  it('gives the voter their own vote, and another user and a guest 0, right after, from the same cache', async () => {
    const voter = await loggedIn('Вера');
    const other = await loggedIn('Олег');
    for (const type of ['product', 'recept', 'article'] as const) {
      const { url } = pages[type];
      // The page is in the cache before the vote, as a guest saw it.
      expect((await route(url)).page.userRating, type).toBe(0);
      await vote(voter, type, 4);
      const own = await route(url, voter);
      expect(own.page.userRating, type).toBe(4);
      expect(own.page.votes_count, type).toBe(1);
      expect(own.page.avg_rating, type).toBe(4);
      // The voter's answer did not become everybody's.
      const others = await route(url, other);
      const guests = await route(url);
      expect(others.page.userRating, type).toBe(0);
      expect(guests.page.userRating, type).toBe(0);
      expect({ ...others.page, userRating: 4 }, type).toEqual(own.page);
      expect(guests, type).toEqual(others);
      // Each gets their own again once the answer is cached, and a changed vote shows at once.
      await vote(other, type, 2);
      expect((await route(url, other)).page.userRating, type).toBe(2);
      expect((await route(url, voter)).page.userRating, type).toBe(4);
      expect((await route(url)).page.userRating, type).toBe(0);
      await vote(voter, type, 5);
      expect((await route(url, voter)).page).toMatchObject({
        userRating: 5,
        votes_count: 2,
        avg_rating: 3.5,
      });
    }
  });

  it('lays the vote over the shared bytes without parsing them, and the same by parsing if ever needed', async () => {
    for (const type of ['product', 'recept', 'article'] as const) {
      const shared = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/route',
        payload: { url: pages[type].url },
      });
      expect(shared.body.startsWith(SHARED_ANSWER_HEAD), type).toBe(true);
      const expected = shared.json();
      expected.page.userRating = 3;
      expect(JSON.parse(withUserRating(shared.body, 3)), type).toEqual(expected);
      const reordered = JSON.stringify({ products: [], page: { type, userRating: 0 } });
      expect(JSON.parse(withUserRating(reordered, 3))).toEqual({
        products: [],
        page: { type, userRating: 3 },
      });
    }
  });

  it('keeps a personal answer out of shared caches and leaves pages without votes as they are', async () => {
    const voter = await loggedIn('Вера');
    await vote(voter, 'product', 3);
    const personal = await voter.request({
      method: 'POST',
      url: '/api/v1/route',
      payload: { url: pages.product.url },
    });
    expect(personal.headers['cache-control']).toBe('private, no-store');
    const category = await route('/efirnye-masla', voter);
    expect(category.page).toMatchObject({ userRating: 0, comments: [], comments_pagination: null });
  });

  it('answers a bad or ended session as a guest, not with 401: the page still opens', async () => {
    const voter = await loggedIn('Вера');
    await vote(voter, 'product', 5);
    const { url } = pages.product;
    expect((await route(url, voter)).page.userRating).toBe(5);
    const forged = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/route',
      headers: { authorization: 'Bearer not-a-token' },
      payload: { url },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json().page.userRating).toBe(0);
    const token = voter.token;
    expect((await voter.request({ method: 'POST', url: '/v1/user/logout' })).statusCode).toBe(200);
    // The token from before the logout is still well signed, but no longer the user's.
    const ended = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/route',
      headers: { authorization: `Bearer ${token}` },
      payload: { url },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().page.userRating).toBe(0);
  });
});

describe('comments in the page data', () => {
  it('shows a posted comment and a reply on the item’s page at once, newest first, with the total', async () => {
    const { url } = pages.recept;
    const before = await route(url);
    expect(before.page.comments).toEqual([]);
    expect(before.page.comments_pagination).toMatchObject({ page: 1, total: 0 });
    const anna = await loggedIn('Анна');
    const first = await comment(anna, 'recept', '<p>Сделала по рецепту — крем получился лёгкий.</p>');
    const second = await comment(anna, 'recept', '<p>А можно заменить масло ши на манго?</p>');
    const reply = await comment(anna, 'recept', '<p>Да, подойдёт и какао.</p>', first.id);
    const after = await route(url);
    expect(after.page.comments.map((thread: { id: number }) => thread.id)).toEqual([second.id, first.id]);
    expect(after.page.comments[0]).toMatchObject({
      parent_id: null,
      user: { name: 'Анна' },
      html: '<p>А можно заменить масло ши на манго?</p>',
      replies: [],
    });
    expect(after.page.comments[1].replies.map((item: { id: number }) => item.id)).toEqual([reply.id]);
    expect(after.page.comments_pagination).toEqual({
      page: 1,
      pages: 1,
      total: 2,
      per_page: COMMENTS_PER_PAGE,
    });
    expect(after.page.com_data.comments_count).toBe(3);
    // The same threads the comment list gives for its first page.
    const listed = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/comments',
      payload: { type: 'recept', id: pages.recept.id },
    });
    expect(after.page.comments).toEqual(listed.json().items);
    expect(after.page.comments_pagination).toEqual(listed.json().pagination);
  });

  it('carries only the first page of threads, the rest left to the comment list', async () => {
    const { url } = pages.article;
    const writers = [await loggedIn('Ирина'), await loggedIn('Павел')];
    const posted: number[] = [];
    for (let index = 0; index < COMMENTS_PER_PAGE + 2; index += 1) {
      const writer = writers[index % writers.length]!;
      posted.push((await comment(writer, 'article', `<p>Комментарий номер ${index + 1}</p>`)).id);
    }
    const { page } = await route(url);
    expect(page.comments.map((thread: { id: number }) => thread.id)).toEqual(
      [...posted].reverse().slice(0, COMMENTS_PER_PAGE),
    );
    expect(page.comments_pagination).toEqual({
      page: 1,
      pages: 2,
      total: COMMENTS_PER_PAGE + 2,
      per_page: COMMENTS_PER_PAGE,
    });
  });
});
