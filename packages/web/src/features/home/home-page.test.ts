// «Новое в блоге» on the home page: the newest articles and recipes together.
import type { PublicationCard } from '@efir/domain/catalog-wire';
import { describe, expect, it } from 'vitest';
import { pickLatestPosts } from './home-page.tsx';

function card(id: number, day: string): PublicationCard {
  return {
    id,
    title: `Публикация ${id}`,
    url: `/p-${id}`,
    excerpt: '',
    image: null,
    published_at: `${day}T09:00:00.000Z`,
    author: null,
    avg_rating: 0,
    comments_count: 0,
  };
}

describe('pickLatestPosts', () => {
  it('mixes articles and recipes newest first and keeps four', () => {
    const articles = [card(1, '2026-11-20'), card(2, '2026-11-10'), card(3, '2026-10-01')];
    const recipes = [card(1, '2026-11-18'), card(4, '2026-11-19'), card(5, '2026-09-01')];
    expect(pickLatestPosts(articles, recipes).map((post) => `${post.kind}:${post.id}`)).toEqual([
      'article:1',
      'recept:4',
      'recept:1',
      'article:2',
    ]);
  });

  it('copes with one empty list', () => {
    expect(pickLatestPosts([], [card(7, '2026-01-01')])).toHaveLength(1);
    expect(pickLatestPosts([], [])).toEqual([]);
  });
});
