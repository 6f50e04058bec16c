// /catalog.html ordering (spec §9): top categories by pos, their sub-categories by name.
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../lib/app-state.ts';
import { groupCatalog } from './catalog-page.tsx';

function entry(id: number, name: string, pos: number, parent = 0): CatalogEntry {
  return { id, id_kat: parent, name, url: `/c${id}`, pos, top: 0, foto: null, foto_main: null, webp: null };
}

describe('groupCatalog', () => {
  it('sorts top categories by pos and children by name', () => {
    const groups = groupCatalog([
      entry(2, 'Гидролаты', 2),
      entry(1, 'Эфирные масла', 1),
      entry(11, 'Цитрусовые', 1, 1),
      entry(12, 'Древесные', 2, 1),
      entry(21, 'Для лица', 1, 2),
      entry(111, 'Внук', 1, 11),
    ]);
    expect(groups.map((group) => group.entry.name)).toEqual(['Эфирные масла', 'Гидролаты']);
    expect(groups[0]?.children.map((child) => child.name)).toEqual(['Древесные', 'Цитрусовые']);
    expect(groups[1]?.children.map((child) => child.name)).toEqual(['Для лица']);
  });
});
