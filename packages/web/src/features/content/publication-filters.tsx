// Filters and sort of the article and recipe lists (spec §3–§4): authors, date period, tags and sort, kept in the
// list's cookies; a change reloads the page data from the first page.
import { DATE_PERIODS, DEFAULT_DATE_PERIOD, PUBLICATION_SORTS } from '@efir/domain/catalog-constants';
import type {
  PublicationFacets as PublicationFacetsAnswer,
  PublicationFilter,
} from '@efir/domain/catalog-wire';
import type { RouteResponse } from '@efir/domain/page-wire';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { ListSummary } from '../../components/ui/list-summary.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import type { FilterSource } from '../../lib/app-state.ts';
import { listKindOfUrl, saveListPreferences } from '../../lib/list-preferences.ts';
import { Link } from '../../lib/router/link.tsx';
import { useNavigate } from '../../lib/router/router-view.tsx';
import { activePublicationFilterChips } from './publication-filter-chips.ts';
import './content.css';

/** What GET /api/v1/filter/articles and /recepts answer (its response schema), the parts the panel shows. */
export type PublicationFacets = Pick<PublicationFacetsAnswer, 'authors' | 'date' | 'tags'>;
type FacetOption = PublicationFacets['authors'][number];

/** Keys of the start-up filter loads in the app store, which are also the paths of their calls. */
export type FacetSource = FilterSource;

export interface PublicationPreferences {
  filter: PublicationFilter;
  sort: number;
}

export const DEFAULT_PUBLICATION_FILTER: PublicationFilter = {
  authors: [],
  date: DEFAULT_DATE_PERIOD,
  tags: [],
};

export const ARTICLE_FORMS: PluralForms = ['статья', 'статьи', 'статей'];
export const RECIPE_FORMS: PluralForms = ['рецепт', 'рецепта', 'рецептов'];
export const PUBLICATION_FORMS: PluralForms = ['публикация', 'публикации', 'публикаций'];

const DATE_IDS = [1, 2, 3, 4] as const;
const SORT_IDS = Object.keys(PUBLICATION_SORTS).map(Number) as Array<keyof typeof PUBLICATION_SORTS>;

function isDatePeriod(value: unknown): value is PublicationFilter['date'] {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

function readIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is number => Number.isInteger(id) && id > 0))].sort(
    (a, b) => a - b,
  );
}

/** The filter and sort the server applied, with defaults for whatever it left out. */
export function normaliseApplied(applied: RouteResponse['applied'] | undefined): PublicationPreferences {
  const filter = applied?.filter ?? {};
  return {
    filter: {
      authors: readIds(filter.authors),
      date: isDatePeriod(filter.date) ? filter.date : DEFAULT_DATE_PERIOD,
      tags: readIds(filter.tags),
    },
    sort: applied && applied.sort in PUBLICATION_SORTS ? applied.sort : 0,
  };
}

export function isDefaultPublicationFilter(filter: PublicationFilter): boolean {
  return filter.authors.length === 0 && filter.tags.length === 0 && filter.date === DEFAULT_DATE_PERIOD;
}

/** How many choices differ from the defaults (shown on the phone's «Фильтры» button). */
export function countActiveFilters(filter: PublicationFilter): number {
  return filter.authors.length + filter.tags.length + (filter.date === DEFAULT_DATE_PERIOD ? 0 : 1);
}

/** Adds an id that is missing, removes one that is there; the result is sorted so equal choices compare equal. */
export function toggleId(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((item) => item !== id) : [...ids, id].sort((a, b) => a - b);
}

function mergeOptions(lists: FacetOption[][]): FacetOption[] {
  const merged = new Map<number, FacetOption>();
  for (const list of lists) {
    for (const option of list) {
      const seen = merged.get(option.id);
      merged.set(option.id, seen ? { ...seen, count: seen.count + option.count } : { ...option });
    }
  }
  return [...merged.values()];
}

/** A section lists articles and recipes together, so its options add up both lists' counts. */
export function mergeFacets(list: PublicationFacets[]): PublicationFacets {
  return {
    authors: mergeOptions(list.map((facets) => facets.authors)),
    date: mergeOptions(list.map((facets) => facets.date)),
    tags: mergeOptions(list.map((facets) => facets.tags)),
  };
}

export interface ShownOption {
  id: number;
  name: string;
  /** null until the counts have arrived. */
  count: number | null;
}

/**
 * The options to show: once the counts are known, those with publications plus whatever is already chosen; until
 * then (and in the server render) every name from the start-up data.
 */
export function pickShownOptions(
  loaded: FacetOption[] | null,
  named: ReadonlyArray<{ id: number; name: string }>,
  selected: readonly number[],
): ShownOption[] {
  if (!loaded) return named.map(({ id, name }) => ({ id, name, count: null }));
  const shown: ShownOption[] = loaded.filter((option) => option.count > 0);
  for (const id of selected) {
    if (shown.some((option) => option.id === id)) continue;
    const name =
      loaded.find((option) => option.id === id)?.name ?? named.find((item) => item.id === id)?.name;
    if (name) shown.push({ id, name, count: 0 });
  }
  return shown;
}

function useFacets(sources: readonly FacetSource[]): PublicationFacets | null {
  const { api, store } = useAppContext();
  const filters = useAppState((state) => state.filters);
  const key = sources.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `sources`
  const facets = useMemo(() => {
    const list = sources.map((source) => filters[source]);
    return list.every((item) => item !== undefined) ? mergeFacets(list) : null;
  }, [filters, key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `sources`
  useEffect(() => {
    const controller = new AbortController();
    for (const source of sources) {
      if (store.getState().filters[source]) continue;
      api
        .get<PublicationFacetsAnswer>(`/api/v1/filter/${source}`, {
          suppressErrors: true,
          signal: controller.signal,
        })
        .then((options) => store.getState().setFilters(source, options))
        // Without counts the panel keeps the names from the start-up data; nothing to tell the visitor.
        .catch(() => {});
    }
    return () => controller.abort();
  }, [api, store, key]);

  return facets;
}

function OptionCount({ count }: { count: number | null }) {
  if (count === null) return null;
  return <span className="pub-filters__count">{count}</span>;
}

export function PublicationFilters({
  applied,
  sources,
  showCounts,
  total,
  unfilteredTotal,
  forms,
  children,
}: {
  applied: RouteResponse['applied'];
  /** Whose options to offer: one list, or both for a section. */
  sources: readonly FacetSource[];
  /** Counts are per whole list; a section shows a part of it, so there they would mislead. */
  showCounts: boolean;
  total: number;
  /** How many the list holds without a filter (the server says it only for a narrowed list). */
  unfilteredTotal?: number;
  forms: PluralForms;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const baseId = useId();
  const critical = useAppState((state) => state.critical);
  const facets = useFacets(sources);
  const kind = listKindOfUrl(pathname);

  const appliedPreferences = normaliseApplied(applied);
  const appliedKey = JSON.stringify(appliedPreferences);
  const [preferences, setPreferences] = useState(appliedPreferences);
  const [seenKey, setSeenKey] = useState(appliedKey);
  // New page data (after our own change or a back/forward) is the truth again.
  if (seenKey !== appliedKey) {
    setSeenKey(appliedKey);
    setPreferences(appliedPreferences);
  }
  const [panelOpen, setPanelOpen] = useState(false);

  const { filter, sort } = preferences;
  const authors = pickShownOptions(facets?.authors ?? null, critical.authors, filter.authors);
  const tags = pickShownOptions(facets?.tags ?? null, critical.tags, filter.tags);
  const dateCounts = new Map(facets?.date.map((option) => [option.id, option.count]) ?? []);
  const activeCount = countActiveFilters(filter);
  const isDefault = isDefaultPublicationFilter(filter);

  // Only article and recipe addresses have publication cookies; anywhere else the list is shown unfiltered.
  if (kind === 'product') return <>{children}</>;

  const apply = (next: PublicationPreferences) => {
    setPreferences(next);
    saveListPreferences(kind, next);
    // Same address without ?page: the loader reads the new cookies and starts from the first page.
    navigate(pathname, { replace: true, preventScrollReset: true });
  };
  const applyFilter = (changes: Partial<PublicationFilter>) =>
    apply({ sort, filter: { ...filter, ...changes } });
  const reset = () => apply({ sort, filter: { ...DEFAULT_PUBLICATION_FILTER } });

  const panelId = `${baseId}-panel`;
  const sortId = `${baseId}-sort`;
  return (
    <div className="pub-listing">
      <div className="pub-listing__toolbar">
        <p className="pub-listing__total" aria-live="polite">
          Найдено: {formatCount(total, forms)}
        </p>
        <button
          type="button"
          className="pub-listing__toggle"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          Фильтры
          {activeCount > 0 && (
            <span className="pub-listing__badge">
              <span className="visually-hidden">, выбрано: </span>
              {activeCount}
            </span>
          )}
        </button>
        {/* The same select as the catalogue's (global .sort-select), not the browser's bare one. */}
        <div className="sort-select pub-listing__sort">
          <label htmlFor={sortId}>Сортировка</label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => apply({ filter, sort: Number(event.target.value) })}
          >
            {SORT_IDS.map((id) => (
              <option key={id} value={id}>
                {PUBLICATION_SORTS[id]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <aside
        id={panelId}
        className={panelOpen ? 'pub-filters pub-filters--open' : 'pub-filters'}
        aria-label="Фильтры"
      >
        <fieldset className="pub-filters__group">
          <legend>Период</legend>
          {DATE_IDS.map((id) => (
            <label key={id} className="pub-filters__option">
              <input
                type="radio"
                name={`${baseId}-date`}
                value={id}
                checked={filter.date === id}
                onChange={() => applyFilter({ date: id })}
              />
              <span>{DATE_PERIODS[id]}</span>
              {showCounts && <OptionCount count={dateCounts.get(id) ?? null} />}
            </label>
          ))}
        </fieldset>

        {authors.length > 0 && (
          <fieldset className="pub-filters__group">
            <legend>Авторы</legend>
            {authors.map((author) => (
              <label key={author.id} className="pub-filters__option">
                <input
                  type="checkbox"
                  checked={filter.authors.includes(author.id)}
                  onChange={() => applyFilter({ authors: toggleId(filter.authors, author.id) })}
                />
                <span>{author.name}</span>
                {showCounts && <OptionCount count={author.count} />}
              </label>
            ))}
          </fieldset>
        )}

        {tags.length > 0 && (
          <fieldset className="pub-filters__group">
            <legend>Темы</legend>
            <div className="pub-chips">
              {tags.map((tag) => (
                <label key={tag.id} className="pub-chip-toggle">
                  <input
                    type="checkbox"
                    checked={filter.tags.includes(tag.id)}
                    onChange={() => applyFilter({ tags: toggleId(filter.tags, tag.id) })}
                  />
                  <span>
                    {tag.name}
                    {showCounts && tag.count !== null && (
                      <span className="pub-chip-toggle__count">{tag.count}</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}

        <div className="pub-filters__actions">
          {/* On a phone the panel covers the list: this closes it over the results already reloaded. */}
          <button type="button" className="button pub-filters__show" onClick={() => setPanelOpen(false)}>
            Показать {formatCount(total, forms)}
          </button>
          {!isDefault && (
            <button type="button" className="button button--ghost pub-filters__reset" onClick={reset}>
              Сбросить фильтры
            </button>
          )}
        </div>
      </aside>

      <div className="pub-listing__results">
        <ListSummary
          chips={activePublicationFilterChips(
            filter,
            [...authors, ...critical.authors],
            [...tags, ...critical.tags],
            applyFilter,
          )}
          shown={total}
          total={unfilteredTotal ?? null}
          onReset={reset}
        />
        {total > 0 ? (
          children
        ) : (
          <div className="pub-empty">
            {isDefault ? (
              <>
                <h2>Здесь пока ничего нет</h2>
                <p>Публикации в этом разделе скоро появятся. А пока загляните в другие разделы.</p>
                <p className="pub-empty__actions">
                  <Link to="/articles-new.html" className="button button--ghost">
                    Все статьи
                  </Link>
                  <Link to="/recept.html" className="button button--ghost">
                    Все рецепты
                  </Link>
                </p>
              </>
            ) : (
              <>
                <h2>По выбранным фильтрам ничего не нашлось</h2>
                <p>Попробуйте выбрать другой период, другие темы или снять отметки с части авторов.</p>
                <p className="pub-empty__actions">
                  <button type="button" className="button" onClick={reset}>
                    Сбросить фильтры
                  </button>
                </p>
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
