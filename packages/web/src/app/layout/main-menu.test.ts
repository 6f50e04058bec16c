// Mega-menu rules of spec §9: categories by pos, sub-menus for top = 1 sorted by name, split above 10 children.
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../lib/app-state.ts';
import { buildMegaMenu, splitIntoColumns } from './main-menu.tsx';
import { catalogPeekVariant } from './mobile-menu.tsx';

const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('splitIntoColumns', () => {
  it('keeps up to 10 items in one column', () => {
    expect(splitIntoColumns(range(10))).toEqual([range(10)]);
    expect(splitIntoColumns(range(3))).toEqual([[1, 2, 3]]);
  });

  it('splits more than 10 items into even columns of at most 10, keeping the order', () => {
    expect(splitIntoColumns(range(11)).map((column) => column.length)).toEqual([6, 5]);
    expect(splitIntoColumns(range(20)).map((column) => column.length)).toEqual([10, 10]);
    expect(splitIntoColumns(range(21)).map((column) => column.length)).toEqual([7, 7, 7]);
    expect(splitIntoColumns(range(23)).flat()).toEqual(range(23));
  });

  it('honours another column size and returns nothing for nothing', () => {
    expect(splitIntoColumns(range(7), 3)).toEqual([
      [1, 2, 3],
      [4, 5],
      [6, 7],
    ]);
    expect(splitIntoColumns(range(23)).map((column) => column.length)).toEqual([8, 8, 7]);
    expect(splitIntoColumns([])).toEqual([]);
    expect(splitIntoColumns(range(2), 0)).toEqual([[1], [2]]);
  });
});

function entry(id: number, name: string, pos: number, top: 0 | 1 = 0, parent = 0): CatalogEntry {
  return { id, id_kat: parent, name, url: `/c${id}`, pos, top, foto: null, foto_main: null, webp: null };
}

describe('buildMegaMenu', () => {
  it('orders categories by pos and shows sub-menus only for top = 1, sorted by name', () => {
    const catalogs = [entry(3, 'Наборы', 3), entry(1, 'Эфирные масла', 1, 1), entry(2, 'Гидролаты', 2, 0)];
    const subCatalog = {
      1: [entry(11, 'Цитрусовые', 2, 0, 1), entry(12, 'Хвойные', 1, 0, 1), entry(13, 'Древесные', 3, 0, 1)],
      2: [entry(21, 'Для лица', 1, 0, 2)],
    };
    const menu = buildMegaMenu(catalogs, subCatalog);
    expect(menu.groups.map((group) => group.entry.name)).toEqual(['Эфирные масла']);
    expect(menu.groups[0]?.columns.map((column) => column.map((child) => child.name))).toEqual([
      ['Древесные', 'Хвойные', 'Цитрусовые'],
    ]);
    expect(menu.others.map((item) => item.name)).toEqual(['Гидролаты', 'Наборы']);
  });

  it('splits a sub-menu of more than 10 children into columns', () => {
    const children = range(12).map((index) =>
      entry(100 + index, `Раздел ${String(index).padStart(2, '0')}`, 1, 0, 1),
    );
    const menu = buildMegaMenu([entry(1, 'Эфирные масла', 1, 1)], { 1: children });
    expect(menu.groups[0]?.columns.map((column) => column.length)).toEqual([6, 6]);
  });

  it('lists a top = 1 category without children among the plain links', () => {
    expect(buildMegaMenu([entry(1, 'Аксессуары', 1, 1)], {}).others.map((item) => item.id)).toEqual([1]);
  });
});

describe('catalogPeekVariant', () => {
  it('uses the home-page rule only on the home page', () => {
    expect(catalogPeekVariant('/')).toBe('home');
    expect(catalogPeekVariant('/catalog.html')).toBe('everywhere');
    expect(catalogPeekVariant('/efirnye-masla/cvetochnye')).toBe('everywhere');
  });
});
