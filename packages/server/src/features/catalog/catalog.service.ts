// The catalogue tree in the wire shape of spec §3 (id_kat, top, foto_main…), with the menu ordering of §9.
import type { Database } from '../../db/client.ts';
import { type CategoryRow, findAllCategories } from './catalog.repo.ts';

export interface CatalogEntry {
  id: number;
  id_kat: number;
  name: string;
  url: string;
  pos: number;
  top: 0 | 1;
  foto: string | null;
  foto_main: { filename: string; basename: string } | null;
  webp: string | null;
}

function toCatalogEntry(row: CategoryRow): CatalogEntry {
  return {
    id: row.id,
    id_kat: row.parentId,
    name: row.name,
    url: row.url,
    pos: row.pos,
    top: row.showInSubmenu ? 1 : 0,
    foto: row.foto,
    foto_main: row.fotoMain ?? null,
    webp: row.webp,
  };
}

export interface CatalogTree {
  /** Top entries (id_kat = 0), by pos. */
  catalogs: CatalogEntry[];
  /** Every entry, by pos. */
  categories: CatalogEntry[];
  /** Children of each entry shown in the sub-menu (top = 1), by name. */
  subCatalog: Record<string, CatalogEntry[]>;
}

export async function getCatalogTree(db: Database): Promise<CatalogTree> {
  const all = (await findAllCategories(db)).map(toCatalogEntry);
  const catalogs = all.filter((entry) => entry.id_kat === 0);
  const withSubmenu = new Set(all.filter((entry) => entry.top === 1).map((entry) => entry.id));
  const subCatalog: Record<string, CatalogEntry[]> = {};
  for (const entry of all) {
    if (!withSubmenu.has(entry.id_kat)) continue;
    const siblings = subCatalog[entry.id_kat] ?? [];
    siblings.push(entry);
    subCatalog[entry.id_kat] = siblings;
  }
  for (const children of Object.values(subCatalog)) {
    children.sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  }
  return { catalogs, categories: all, subCatalog };
}
