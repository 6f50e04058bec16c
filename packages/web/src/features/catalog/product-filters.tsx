// Product list filters (badges, availability) and sort of spec §3–§4: options and counts from
// POST /api/v1/filter/products, the chosen state kept in cookies by the listing that owns it.
import {
  AVAILABILITY,
  DEFAULT_AVAILABILITY,
  PRODUCT_ICON_NAMES,
  PRODUCT_ICONS,
  PRODUCT_SORTS,
} from '@efir/domain/catalog-constants';
import type { ProductFacets, ProductFilter, ProductIcon } from '@efir/domain/catalog-wire';
import type { RouteResponse } from '@efir/domain/page-wire';
import { useEffect, useId, useState } from 'react';
import type { ActiveFilterChip } from '../../components/ui/list-summary.tsx';
import { useAppContext } from '../../lib/app-context.tsx';

export interface ProductListState {
  filter: ProductFilter;
  sort: number;
}

export const DEFAULT_PRODUCT_LIST_STATE: ProductListState = {
  filter: { icons: [], anywhere: DEFAULT_AVAILABILITY },
  sort: 0,
};

const SORT_IDS = Object.keys(PRODUCT_SORTS).map(Number);

/** What the server applied, normalised: unknown badges dropped, badges in their canonical order, defaults filled in. */
export function readAppliedProductState(applied: RouteResponse['applied'] | undefined): ProductListState {
  const icons = applied?.filter.icons ?? [];
  const anywhere = applied?.filter.anywhere === 1 ? 1 : DEFAULT_AVAILABILITY;
  const sort = applied?.sort ?? 0;
  return {
    filter: { icons: PRODUCT_ICONS.filter((icon) => icons.includes(icon)), anywhere },
    sort: SORT_IDS.includes(sort) ? sort : 0,
  };
}

/** Adds or removes one badge, keeping the canonical order so equal filters serialise to equal cookies. */
export function toggleIcon(
  icons: readonly ProductIcon[],
  icon: ProductIcon,
  checked: boolean,
): ProductIcon[] {
  return PRODUCT_ICONS.filter((item) => (item === icon ? checked : icons.includes(item)));
}

export function isDefaultProductListState(state: ProductListState): boolean {
  return (
    state.filter.icons.length === 0 && state.filter.anywhere === DEFAULT_AVAILABILITY && state.sort === 0
  );
}

/** How many filter choices differ from the defaults (the sort is not a filter). */
export function countActiveFilters(filter: ProductFilter): number {
  return filter.icons.length + (filter.anywhere === DEFAULT_AVAILABILITY ? 0 : 1);
}

/** The chosen filters as chips above the list, each removing itself (badges in their order, then «в наличии»). */
export function activeProductFilterChips(
  filter: ProductFilter,
  setFilter: (filter: ProductFilter) => void,
): ActiveFilterChip[] {
  const chips: ActiveFilterChip[] = filter.icons.map((icon) => ({
    key: `icon:${icon}`,
    label: PRODUCT_ICON_NAMES[icon],
    remove: () => setFilter({ ...filter, icons: toggleIcon(filter.icons, icon, false) }),
  }));
  if (filter.anywhere !== DEFAULT_AVAILABILITY)
    chips.push({
      key: 'anywhere',
      label: AVAILABILITY[filter.anywhere],
      remove: () => setFilter({ ...filter, anywhere: DEFAULT_AVAILABILITY }),
    });
  return chips;
}

/** Filter options of one category (0: the whole catalogue, as on /akcii); null until they arrive or on failure. */
export function useProductFacets(categoryId: number): ProductFacets | null {
  const { api } = useAppContext();
  const [facets, setFacets] = useState<{ id: number; value: ProductFacets } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .post<ProductFacets>('/api/v1/filter/products', {
        body: { id: categoryId },
        suppressErrors: true,
        signal: controller.signal,
      })
      .then((value) => {
        if (Array.isArray(value?.icons) && Array.isArray(value.anywhere))
          setFacets({ id: categoryId, value });
      })
      // Without counts the filters still work: the options themselves are known in advance.
      .catch(() => {});
    return () => controller.abort();
  }, [api, categoryId]);
  return facets?.id === categoryId ? facets.value : null;
}

export function ProductFilters({
  state,
  facets,
  showCounts = true,
  onChange,
}: {
  state: ProductListState;
  facets: ProductFacets | null;
  /** Off where the counts describe more than the list shows; a zero still disables its option. */
  showCounts?: boolean;
  onChange(next: ProductListState): void;
}) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const active = countActiveFilters(state.filter);
  const iconCounts = new Map(facets?.icons.map((item) => [item.id, item.count]));
  const availabilityCounts = new Map(facets?.anywhere.map((item) => [item.id, item.count]));
  const setFilter = (filter: ProductFilter) => onChange({ ...state, filter });

  return (
    <div className={expanded ? 'filters filters--expanded' : 'filters'}>
      <button
        type="button"
        className="filters__toggle"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((value) => !value)}
      >
        <span>Фильтры</span>
        {active > 0 && (
          <span className="filters__count">
            <span className="visually-hidden">выбрано: </span>
            {active}
          </span>
        )}
      </button>
      <div className="filters__panel" id={panelId}>
        <fieldset className="filters__group">
          <legend>Метки</legend>
          {PRODUCT_ICONS.map((icon) => {
            const checked = state.filter.icons.includes(icon);
            const count = iconCounts.get(icon);
            return (
              <label key={icon} className="filters__option">
                <input
                  type="checkbox"
                  name="icons"
                  value={icon}
                  checked={checked}
                  // An empty option is kept clickable when checked, so it can always be unticked.
                  disabled={count === 0 && !checked}
                  onChange={(event) =>
                    setFilter({
                      ...state.filter,
                      icons: toggleIcon(state.filter.icons, icon, event.currentTarget.checked),
                    })
                  }
                />
                <span className={`filters__badge filters__badge--${icon}`}>{PRODUCT_ICON_NAMES[icon]}</span>
                {showCounts && count !== undefined && <span className="filters__num">{count}</span>}
              </label>
            );
          })}
        </fieldset>
        <fieldset className="filters__group">
          <legend>Наличие</legend>
          {([1, 2] as const).map((id) => {
            const count = availabilityCounts.get(id);
            return (
              <label key={id} className="filters__option">
                <input
                  type="radio"
                  name="anywhere"
                  value={id}
                  checked={state.filter.anywhere === id}
                  onChange={() => setFilter({ ...state.filter, anywhere: id })}
                />
                <span>{AVAILABILITY[id]}</span>
                {showCounts && count !== undefined && <span className="filters__num">{count}</span>}
              </label>
            );
          })}
        </fieldset>
        {!isDefaultProductListState(state) && (
          <button
            type="button"
            className="button button--ghost filters__reset"
            onClick={() => onChange(DEFAULT_PRODUCT_LIST_STATE)}
          >
            Сбросить
          </button>
        )}
      </div>
    </div>
  );
}

export function ProductSortSelect({ sort, onChange }: { sort: number; onChange(sort: number): void }) {
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id}>Сортировка</label>
      <select id={id} value={sort} onChange={(event) => onChange(Number(event.currentTarget.value))}>
        {Object.entries(PRODUCT_SORTS).map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
