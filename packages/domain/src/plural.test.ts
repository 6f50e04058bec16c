import { describe, expect, it } from 'vitest';
import { formatCount, GOODS_FORMS, pluralize } from './plural.ts';

describe('pluralize (Russian rule)', () => {
  it.each([
    [0, 'товаров'],
    [1, 'товар'],
    [2, 'товара'],
    [4, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [12, 'товаров'],
    [14, 'товаров'],
    [21, 'товар'],
    [22, 'товара'],
    [25, 'товаров'],
    [101, 'товар'],
    [104, 'товара'],
    [111, 'товаров'],
    [112, 'товаров'],
    [1001, 'товар'],
  ])('%i → %s', (count, form) => {
    expect(pluralize(count, GOODS_FORMS)).toBe(form);
  });

  it('formats the number with a Russian thousands separator', () => {
    expect(formatCount(1021, GOODS_FORMS)).toBe('1\u00a0021 товар');
    expect(formatCount(3, GOODS_FORMS)).toBe('3 товара');
  });
});
