// The reviews pages and widgets in the server render, the live numbers after a vote or a comment, the thread
// helpers, and the structured data of /reviews.
import type { CommentThread, CommentWire } from '@efir/domain/reviews-schemas';
import type { ReviewsAnswer } from '@efir/domain/reviews-wire';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type AppContextValue, AppProvider } from '../../lib/app-context.tsx';
import { createAppStore, EMPTY_CART, EMPTY_CRITICAL, type SessionUser } from '../../lib/app-state.ts';
import { canonicalPath, formatDescription, formatTitle } from '../../lib/page-meta.ts';
import { createRouter } from '../../lib/router/router.ts';
import { RouterView } from '../../lib/router/router-view.tsx';
import { AddReviewPage } from './add-review-page.tsx';
import { appendThreads, CommentCount, CommentsSection, insertComment } from './comments-section.tsx';
import {
  readCommentCount,
  readOwnRating,
  readRating,
  recordCommentCount,
  recordRating,
} from './item-stats.ts';
import { describeRating, RatingSummary, RatingVote } from './rating-vote.tsx';
import { describeReviewTotals, getReviewsMeta, ReviewsPage, readReviewsPage } from './reviews-page.tsx';

const ORIGIN = 'https://efir.test';

/** The element a test renders, as the page of its one route. */
let elementOfTest: ReactNode = null;
const ElementOfTest = () => elementOfTest;

function render(element: ReactNode, options: { user?: Partial<SessionUser>; loaderData?: unknown } = {}) {
  const context: AppContextValue = {
    api: {} as AppContextValue['api'],
    store: createAppStore({
      user: (options.user ?? null) as SessionUser | null,
      cart: EMPTY_CART,
      critical: EMPTY_CRITICAL,
    }),
    origin: ORIGIN,
    isServer: true,
    getCurrentUrl: () => null,
  };
  elementOfTest = element;
  const router = createRouter(
    [{ id: 'page', path: '/lavanda.html', Component: ElementOfTest }],
    createMemoryHistory({ initialEntries: ['/lavanda.html?page=2'] }),
    { loaderData: { page: options.loaderData ?? null }, errors: null },
  );
  return renderToString(
    <AppProvider value={context}>
      <RouterView router={router} />
    </AppProvider>,
  );
}

const reviews: ReviewsAnswer = {
  items: [
    {
      id: 2,
      name: 'Ольга <script>',
      rating: 5,
      html: '<p>Всё <b>чудесно</b></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">ссылка</a>',
      created_at: '2026-11-20T09:00:00.000Z',
      reply: null,
    },
    {
      id: 1,
      name: 'Пётр',
      rating: 4,
      html: '<p>Хорошо &amp; быстро</p>',
      reply: null,
      created_at: '2026-11-18T09:00:00.000Z',
    },
  ],
  pagination: { page: 1, pages: 3, total: 21, per_page: 10 },
  average: 4.8,
  count: 21,
};

describe('/reviews', () => {
  it('says the totals with the right plural form', () => {
    expect(describeReviewTotals(4.8, 21)).toBe('4,8 из 5 · 21 отзыв');
    expect(describeReviewTotals(4, 3)).toBe('4 из 5 · 3 отзыва');
    expect(describeReviewTotals(3.5, 11)).toBe('3,5 из 5 · 11 отзывов');
    expect(describeReviewTotals(0, 0)).toBe('Отзывов пока нет');
    expect(readReviewsPage(new URL('https://x/reviews?page=3'))).toBe(3);
    expect(readReviewsPage(new URL('https://x/reviews?page=-1'))).toBe(1);
    expect(readReviewsPage(new URL('https://x/reviews?page=abc'))).toBe(1);
  });

  it('has a title and description per page', () => {
    expect(getReviewsMeta(reviews)).toEqual({
      title: 'Отзывы покупателей о магазине эфирных масел',
      description:
        'Что покупатели говорят о магазине эфирных масел «Эфир»: средняя оценка 4,8 из 5, 21 отзыв. Поделитесь и своим впечатлением.',
      page: 1,
    });
    const second = getReviewsMeta({ ...reviews, pagination: { ...reviews.pagination, page: 2 } });
    expect(formatTitle(second)).toBe('Отзывы покупателей о магазине эфирных масел — страница 2 | Эфир');
    expect(formatTitle({ title: 'Контакты' })).toBe('Контакты — магазин эфирных масел в Москве | Эфир');
    expect(formatTitle({ title: 'Корзина', noindex: true })).toBe('Корзина | Эфир');
    expect(formatDescription(second)).toBe(
      'Что покупатели говорят о магазине эфирных масел «Эфир»: средняя оценка 4,8 из 5, 21 отзыв. Поделитесь и своим впечатлением — страница 2.',
    );
    expect(canonicalPath('/reviews.html', second)).toBe('/reviews.html?page=2');
  });

  it('renders the average, the reviews harmlessly and the pages on the server, with no rating markup of the shop', () => {
    const html = render(<ReviewsPage />, { loaderData: reviews });
    expect(html).toContain('<h1>Отзывы о магазине</h1>');
    expect(html).toContain('4,8 из 5 · 21 отзыв');
    expect(html).toContain('href="/add-review"');
    expect(html).toContain('Всё <b>чудесно</b>');
    expect(html).toContain('Ольга &lt;script&gt;');
    expect(html).not.toMatch(/onerror|javascript:/);
    expect(html).toContain('<img src="x"><a>ссылка</a>');
    expect(html).toContain('aria-label="Оценка 5 из 5"');
    expect(html).toContain('aria-label="Страницы"');
    // Search engines take a shop's rating of itself as self-serving: only the breadcrumbs' list is marked up.
    expect(html).not.toContain('AggregateRating');
    expect(html).toContain('"@type":"BreadcrumbList"');
  });
});

describe('/add-review', () => {
  it('renders the form with the name filled in for a logged-in visitor, stars as radios and a hidden honeypot', () => {
    const html = render(<AddReviewPage />, { user: { id: 7, name: 'Мария' } });
    expect(html).toContain('aria-label="Новый отзыв"');
    expect(html).toMatch(/name="name"[^>]*value="Мария"/);
    expect(html.match(/type="radio"/g)).toHaveLength(5);
    expect(html).toContain('5 из 5 — отлично');
    // The editor arrives in the browser; the server render has the plain box the form also works with.
    expect(html).toMatch(/<textarea[^>]*name="text"/);
    expect(html).toMatch(/class="review-form__trap" aria-hidden="true"/);
    expect(html).toMatch(/name="website"[^>]*tabindex="-1"|tabindex="-1"[^>]*name="website"/i);
  });

  it('leaves the name empty for a guest', () => {
    const html = render(<AddReviewPage />);
    expect(html).toMatch(/name="name"[^>]*value=""/);
  });
});

describe('live numbers', () => {
  // The numbers live in a module-wide store: ids no other test uses keep the tests apart.
  const page = { avg_rating: 4, votes_count: 2 };

  it('shows a vote answer on the page data it was given on, and the page data again once it changes', () => {
    expect(readRating('product', 501, page)).toEqual(page);
    recordRating('product', 501, page, { avg_rating: 4.3, votes_count: 3, userRating: 5 }, 11);
    expect(readRating('product', 501, page)).toEqual({ avg_rating: 4.3, votes_count: 3 });
    expect(readOwnRating('product', 501, 11)).toBe(5);
    expect(readOwnRating('product', 501, 12)).toBe(0);
    expect(readOwnRating('product', 501, null)).toBe(0);
    // What the page data says counts until a vote or a look-up for this very user says otherwise.
    expect(readOwnRating('recept', 501, 11, 3)).toBe(3);
    expect(readOwnRating('recept', 501, null, 3)).toBe(0);
    expect(readOwnRating('product', 501, 11, 3)).toBe(5);
    recordRating('product', 501, page, { avg_rating: 4, votes_count: 2, userRating: 0 }, 12);
    expect(readOwnRating('product', 501, 12, 3)).toBe(0);
    expect(readRating('recept', 501, page)).toEqual(page);
    // Fresh page data (after a reload of the data) wins.
    expect(readRating('product', 501, { avg_rating: 4.3, votes_count: 3 })).toEqual({
      avg_rating: 4.3,
      votes_count: 3,
    });
    expect(readRating('product', 501, { avg_rating: 4.5, votes_count: 4 })).toEqual({
      avg_rating: 4.5,
      votes_count: 4,
    });

    recordCommentCount('article', 509, 2, 3);
    expect(readCommentCount('article', 509, 2)).toBe(3);
    expect(readCommentCount('article', 509, 5)).toBe(5);
  });

  it('says the rating with its plural form', () => {
    expect(describeRating(4.3, 3)).toBe('4,3 из 5 · 3 оценки');
    expect(describeRating(5, 1)).toBe('5 из 5 · 1 оценка');
    expect(describeRating(3.7, 25)).toBe('3,7 из 5 · 25 оценок');
    expect(describeRating(0, 0)).toBe('Оценок пока нет');
  });
});

describe('rating and comments in the server render', () => {
  it('renders five vote buttons and the average for a guest, who is asked to log in', () => {
    const html = render(<RatingVote type="product" id={5} avgRating={4.5} votesCount={2} />);
    expect(html.match(/aria-label="Оценить на \d из 5"/g)).toHaveLength(5);
    expect(html).toContain('4,5 из 5 · 2 оценки');
    expect(html).toContain('Войдите, чтобы поставить оценку');
    expect(render(<RatingSummary type="product" id={5} avgRating={4.5} votesCount={2} />)).toContain(
      '4,5 из 5 · 2 оценки',
    );
    // Under a summary the vote control is only the stars: the average is not said twice.
    const buttons = render(
      <RatingVote type="product" id={5} avgRating={4.5} votesCount={2} summary={false} />,
    );
    expect(buttons.match(/aria-label="Оценить на \d из 5"/g)).toHaveLength(5);
    expect(buttons).not.toContain('из 5 · 2 оценки');
  });

  it('shows a guest the way to log in and back, and a user the form', () => {
    const guest = render(<CommentsSection type="recept" id={3} count={2} />);
    expect(guest).toContain('href="/login?from=%2Flavanda.html%3Fpage%3D2"');
    expect(guest).toContain('Загружаем комментарии…');
    expect(guest).not.toContain('<form');
    // A product's comments are reviews, and the section says so.
    const productGuest = render(<CommentsSection type="product" id={3} count={0} />);
    expect(productGuest).toContain('чтобы написать отзыв или ответить');
    expect(productGuest).toContain('Загружаем отзывы…');
    const user = render(<CommentsSection type="recept" id={3} count={2} />, {
      user: { id: 7, name: 'Мария' },
    });
    expect(user).toContain('aria-label="Ваш комментарий"');
    expect(user).toMatch(/<textarea[^>]*name="text"/);
    expect(
      render(<CommentCount type="product" id={3} count={5} forms={['отзыв', 'отзыва', 'отзывов']} />),
    ).toContain('5 отзывов');
    expect(render(<CommentCount type="product" id={3} count={0} />)).toContain('Комментариев пока нет');
  });

  it('renders the page data’s first comments on the server, with no loader', () => {
    const author = { id: 1, name: 'Анна', avatar: { type: 'other' as const, photo: null } };
    const threads: CommentThread[] = [
      {
        id: 2,
        parent_id: null,
        user: author,
        html: '<p>Крем получился лёгкий</p>',
        created_at: '2026-11-20T09:00:00.000Z',
        reply: { html: '<p>Спасибо, что готовите с нами!</p>', created_at: '2026-11-22T09:00:00.000Z' },
        replies: [
          {
            id: 3,
            parent_id: 2,
            user: { ...author, id: 4, name: 'Ирина' },
            html: '<p>Согласна</p>',
            created_at: '2026-11-21T09:00:00.000Z',
            reply: null,
          },
        ],
      },
    ];
    const html = render(
      <CommentsSection
        type="recept"
        id={3}
        count={2}
        firstThreads={threads}
        firstPagination={{ page: 1, pages: 1, total: 1, per_page: 10 }}
      />,
    );
    expect(html).toContain('Крем получился лёгкий');
    expect(html).toContain('Согласна');
    // The shop's answer is in the server's HTML, under the comment it answers, named with the shop's name.
    expect(html).toMatch(
      /Крем получился лёгкий[\s\S]*Ответ магазина «Эфир»[\s\S]*Спасибо, что готовите с нами![\s\S]*Согласна/,
    );
    expect(html.match(/class="shop-reply"/g)).toHaveLength(1);
    expect(html).not.toContain('Загружаем комментарии…');
    const empty = render(
      <CommentsSection
        type="product"
        id={3}
        count={0}
        firstThreads={[]}
        firstPagination={{ page: 1, pages: 1, total: 0, per_page: 10 }}
      />,
    );
    expect(empty).toContain('Пока никто не написал — ваш отзыв может быть первым.');
  });

  it('shows a logged-in visitor the vote their page data carries, and a guest none', () => {
    const vote = <RatingVote type="product" id={5} avgRating={4.5} votesCount={2} userRating={4} />;
    const user = render(vote, { user: { id: 7, name: 'Мария' } });
    expect(user).toContain('Ваша оценка: 4 из 5');
    expect(user.match(/rating-vote__star rating-vote__star--on/g)).toHaveLength(4);
    expect(render(vote)).not.toContain('Ваша оценка: 4 из 5');
  });
});

describe('threads', () => {
  const author = { id: 1, name: 'Анна', avatar: { type: 'other' as const, photo: null } };
  const wire = (id: number, parent_id: number | null): CommentWire => ({
    id,
    parent_id,
    user: author,
    html: `<p>${id}</p>`,
    created_at: '2026-11-20T09:00:00.000Z',
    reply: null,
  });
  const thread = (id: number, replies: CommentWire[] = []): CommentThread => ({ ...wire(id, null), replies });

  it('puts a new comment on top and a reply at the end of its thread', () => {
    const threads = [thread(2, [wire(3, 2)]), thread(1)];
    expect(insertComment(threads, wire(4, null)).map((item) => item.id)).toEqual([4, 2, 1]);
    const replied = insertComment(threads, wire(5, 2));
    expect(replied[0]!.replies.map((item) => item.id)).toEqual([3, 5]);
    expect(replied[1]).toBe(threads[1]);
  });

  it('does not show a thread twice when pages have shifted', () => {
    expect(appendThreads([thread(9), thread(8)], [thread(8), thread(7)]).map((item) => item.id)).toEqual([
      9, 8, 7,
    ]);
  });
});
