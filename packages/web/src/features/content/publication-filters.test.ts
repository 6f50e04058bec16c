// Publication filter logic: what the server applied becomes the panel's state, toggles, counts and shown options.

import type { PublicationFilter } from '@efir/domain/catalog-wire';
import { describe, expect, it } from 'vitest';
import { activePublicationFilterChips } from './publication-filter-chips.ts';
import {
  countActiveFilters,
  isDefaultPublicationFilter,
  mergeFacets,
  normaliseApplied,
  pickShownOptions,
  toggleId,
} from './publication-filters.tsx';

describe('normaliseApplied', () => {
  it('fills in the defaults the server left out', () => {
    expect(normaliseApplied({ sort: 0, filter: {} })).toEqual({
      filter: { authors: [], date: 4, tags: [] },
      sort: 0,
    });
    expect(normaliseApplied(undefined)).toEqual({ filter: { authors: [], date: 4, tags: [] }, sort: 0 });
  });

  it('keeps a valid filter and sort, with ids sorted and unique', () => {
    expect(normaliseApplied({ sort: 3, filter: { authors: [5, 2, 5], date: 2, tags: [9] } })).toEqual({
      filter: { authors: [2, 5], date: 2, tags: [9] },
      sort: 3,
    });
  });

  it('drops a sort and a period that publications do not have', () => {
    expect(normaliseApplied({ sort: 5, filter: { date: 7 as never } })).toEqual({
      filter: { authors: [], date: 4, tags: [] },
      sort: 0,
    });
  });
});

describe('toggleId', () => {
  it('adds a missing id in order and removes a present one', () => {
    expect(toggleId([1, 5], 3)).toEqual([1, 3, 5]);
    expect(toggleId([1, 3, 5], 3)).toEqual([1, 5]);
    expect(toggleId([], 2)).toEqual([2]);
  });
});

describe('defaults and active count', () => {
  it('treats all time, no authors and no tags as the default', () => {
    expect(isDefaultPublicationFilter({ authors: [], date: 4, tags: [] })).toBe(true);
    expect(isDefaultPublicationFilter({ authors: [], date: 1, tags: [] })).toBe(false);
    expect(isDefaultPublicationFilter({ authors: [2], date: 4, tags: [] })).toBe(false);
  });

  it('counts each author, each tag and a non-default period', () => {
    expect(countActiveFilters({ authors: [], date: 4, tags: [] })).toBe(0);
    expect(countActiveFilters({ authors: [1, 2], date: 3, tags: [7] })).toBe(4);
  });
});

const articles = {
  authors: [
    { id: 1, name: 'Анна Соколова', count: 3 },
    { id: 2, name: 'Марина Белова', count: 0 },
  ],
  date: [
    { id: 1, name: 'За неделю', count: 1 },
    { id: 4, name: 'За всё время', count: 15 },
  ],
  tags: [{ id: 10, name: 'Сон и отдых', count: 2 }],
  defaults: { authors: [], date: 4, tags: [] },
  sorts: [{ id: 0, name: 'По умолчанию' }],
};

describe('mergeFacets', () => {
  it('adds up the counts of articles and recipes for a section', () => {
    const recipes = {
      authors: [{ id: 1, name: 'Анна Соколова', count: 2 }],
      date: [{ id: 4, name: 'За всё время', count: 12 }],
      tags: [{ id: 11, name: 'Подарок своими руками', count: 4 }],
    };
    const merged = mergeFacets([articles, recipes]);
    expect(merged.authors.find((author) => author.id === 1)?.count).toBe(5);
    expect(merged.date.find((period) => period.id === 4)?.count).toBe(27);
    expect(merged.tags.map((tag) => tag.id)).toEqual([10, 11]);
  });
});

describe('pickShownOptions', () => {
  const named = [
    { id: 1, name: 'Анна Соколова' },
    { id: 2, name: 'Марина Белова' },
    { id: 3, name: 'Дмитрий Орлов' },
  ];

  it('shows every name without counts until the counts arrive (the server render)', () => {
    expect(pickShownOptions(null, named, [])).toEqual(named.map((item) => ({ ...item, count: null })));
  });

  it('hides options without publications but keeps a chosen one', () => {
    expect(pickShownOptions(articles.authors, named, [])).toEqual([
      { id: 1, name: 'Анна Соколова', count: 3 },
    ]);
    expect(pickShownOptions(articles.authors, named, [2, 3])).toEqual([
      { id: 1, name: 'Анна Соколова', count: 3 },
      { id: 2, name: 'Марина Белова', count: 0 },
      { id: 3, name: 'Дмитрий Орлов', count: 0 },
    ]);
  });
});

describe('activePublicationFilterChips', () => {
  it('names the period, the authors and the topics, and each chip removes only itself', () => {
    const changes: Array<Partial<PublicationFilter>> = [];
    const chips = activePublicationFilterChips(
      { authors: [2, 9], date: 3, tags: [5] },
      [{ id: 2, name: 'Анна Соколова' }],
      [{ id: 5, name: 'Сон' }],
      (change) => changes.push(change),
    );
    // An author whose name is not known yet still shows that the list is narrowed.
    expect(chips.map((chip) => chip.label)).toEqual(['За год', 'Анна Соколова', 'Выбранный автор', 'Сон']);
    for (const chip of chips) chip.remove();
    expect(changes).toEqual([{ date: 4 }, { authors: [9] }, { authors: [2] }, { tags: [] }]);
  });
});
