// The product filter state: what the server applied becomes the initial UI state; badges keep one order.

import type { ProductFilter } from '@efir/domain/catalog-wire';
import { describe, expect, it } from 'vitest';
import {
  activeProductFilterChips,
  countActiveFilters,
  DEFAULT_PRODUCT_LIST_STATE,
  isDefaultProductListState,
  readAppliedProductState,
  toggleIcon,
} from './product-filters.tsx';

describe('readAppliedProductState', () => {
  it('fills in the defaults (all goods, no badges, no sort)', () => {
    expect(readAppliedProductState({ sort: 0, filter: {} })).toEqual(DEFAULT_PRODUCT_LIST_STATE);
    expect(readAppliedProductState(undefined)).toEqual(DEFAULT_PRODUCT_LIST_STATE);
    expect(DEFAULT_PRODUCT_LIST_STATE.filter.anywhere).toBe(2);
  });

  it('takes the applied badges in canonical order, the availability and the sort', () => {
    expect(readAppliedProductState({ sort: 2, filter: { icons: ['rare', 'new'], anywhere: 1 } })).toEqual({
      filter: { icons: ['new', 'rare'], anywhere: 1 },
      sort: 2,
    });
  });

  it('drops what it does not know', () => {
    const state = readAppliedProductState({
      sort: 42,
      filter: { icons: ['new', 'bogus' as 'new'], anywhere: 7 as 1 },
    });
    expect(state).toEqual({ filter: { icons: ['new'], anywhere: 2 }, sort: 0 });
  });
});

describe('toggleIcon', () => {
  it('adds and removes a badge keeping the canonical order', () => {
    expect(toggleIcon(['sale'], 'new', true)).toEqual(['new', 'sale']);
    expect(toggleIcon(['new', 'sale'], 'new', false)).toEqual(['sale']);
    expect(toggleIcon(['new'], 'new', true)).toEqual(['new']);
  });
});

describe('defaults and counts', () => {
  it('knows the default state, so a reset clears the cookies', () => {
    expect(isDefaultProductListState(DEFAULT_PRODUCT_LIST_STATE)).toBe(true);
    expect(isDefaultProductListState({ ...DEFAULT_PRODUCT_LIST_STATE, sort: 1 })).toBe(false);
    expect(isDefaultProductListState({ filter: { icons: [], anywhere: 1 }, sort: 0 })).toBe(false);
  });

  it('counts the chosen filters for the «Фильтры» button', () => {
    expect(countActiveFilters({ icons: [], anywhere: 2 })).toBe(0);
    expect(countActiveFilters({ icons: ['new', 'hit'], anywhere: 1 })).toBe(3);
  });
});

describe('activeProductFilterChips', () => {
  it('names each chosen badge and «Только в наличии», and each chip removes only itself', () => {
    const set: ProductFilter[] = [];
    const chips = activeProductFilterChips({ icons: ['hit', 'organic'], anywhere: 1 }, (filter) =>
      set.push(filter),
    );
    expect(chips.map((chip) => chip.label)).toEqual(['Хит продаж', 'Органик', 'Только в наличии']);
    chips[1]!.remove();
    chips[2]!.remove();
    expect(set).toEqual([
      { icons: ['hit'], anywhere: 1 },
      { icons: ['hit', 'organic'], anywhere: 2 },
    ]);
  });

  it('shows no chip for the defaults', () => {
    expect(activeProductFilterChips(DEFAULT_PRODUCT_LIST_STATE.filter, () => {})).toEqual([]);
  });
});
