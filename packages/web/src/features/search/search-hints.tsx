// The header search box with typing hints (POST /api/v1/hint): an ARIA combobox over a plain GET form to /search,
// so without JavaScript (and in the server render) it is just the form.
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import { useAppContext } from '../../app/app-context.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import './search.css';

export type HintType = 'product' | 'article' | 'recipe' | 'course';

export interface Hint {
  type: HintType;
  name: string;
  url: string;
}

export interface HintResponse {
  q: string;
  hints: Hint[];
}

export const HINT_MIN_LENGTH = 2;
export const HINT_DELAY_MS = 250;
const QUERY_MAX_LENGTH = 200;

export const HINT_TYPE_NAMES: Record<HintType, string> = {
  product: 'Товар',
  article: 'Статья',
  recipe: 'Рецепт',
  course: 'Курс',
};

/** The query worth asking hints for: spaces collapsed, at least two characters; otherwise null. */
export function normaliseHintQuery(value: string): string | null {
  const q = value.replace(/\s+/g, ' ').trim().slice(0, QUERY_MAX_LENGTH);
  return q.length >= HINT_MIN_LENGTH ? q : null;
}

/** ↑/↓ through the options, round the ends; from «nothing chosen» ↓ goes to the first and ↑ to the last. */
export function moveActive(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

function foldForMatch(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** Splits a hint around the first place the query occurs (case and ё ignored), to show it in bold. */
export function splitHighlight(name: string, query: string): [string, string, string] | null {
  const needle = foldForMatch(query.trim());
  if (!needle) return null;
  // Lower-casing and ё→е keep the length, so indexes in the folded text are indexes in the name.
  const index = foldForMatch(name).indexOf(needle);
  if (index < 0) return null;
  return [name.slice(0, index), name.slice(index, index + needle.length), name.slice(index + needle.length)];
}

export function searchUrl(query: string): string {
  return `/search?${new URLSearchParams({ q: query })}`;
}

export interface HintLoader {
  /** The box's text changed. */
  update(value: string): void;
  /** Forget the pending call and the last query (after a submit or a new page). */
  cancel(): void;
}

/**
 * Waits for a pause in typing, then asks for hints; each new query aborts the call before it, so a slow
 * answer to «ла» can never replace the answer to «лаванда».
 */
export function createHintLoader(options: {
  load: (query: string, signal: AbortSignal) => Promise<Hint[]>;
  onHints: (query: string, hints: Hint[]) => void;
  onClear: () => void;
  delayMs?: number;
}): HintLoader {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;
  let lastQuery: string | null = null;

  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = null;
  };

  return {
    update(value) {
      const query = normaliseHintQuery(value);
      if (query === lastQuery) return;
      lastQuery = query;
      stop();
      if (query === null) {
        options.onClear();
        return;
      }
      timer = setTimeout(() => {
        const call = new AbortController();
        controller = call;
        options.load(query, call.signal).then(
          (hints) => {
            if (!call.signal.aborted) options.onHints(query, hints);
          },
          () => {
            // Hints are a convenience: a failed call just shows none.
            if (!call.signal.aborted) options.onHints(query, []);
          },
        );
      }, options.delayMs ?? HINT_DELAY_MS);
    },
    cancel() {
      stop();
      lastQuery = null;
    },
  };
}

function HintName({ name, query }: { name: string; query: string }) {
  const parts = splitHighlight(name, query);
  if (!parts) return <>{name}</>;
  return (
    <>
      {parts[0]}
      <b>{parts[1]}</b>
      {parts[2]}
    </>
  );
}

export function HeaderSearch() {
  const { api } = useAppContext();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const listId = `${useId()}-hints`;
  const loader = useRef<HintLoader | null>(null);
  // Set once in the browser: until then (server render, no JavaScript) the box is a plain form.
  const [enhanced, setEnhanced] = useState(false);
  const [hints, setHints] = useState<Hint[]>([]);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const hintLoader = createHintLoader({
      load: async (q, signal) => {
        const response = await api.post<HintResponse>('/api/v1/hint', {
          body: { q },
          suppressErrors: true,
          signal,
        });
        return Array.isArray(response?.hints) ? response.hints : [];
      },
      onHints: (q, next) => {
        setQuery(q);
        setHints(next);
        setActive(-1);
        setOpen(true);
      },
      onClear: () => {
        setHints([]);
        setOpen(false);
        setActive(-1);
      },
    });
    loader.current = hintLoader;
    setEnhanced(true);
    return () => {
      hintLoader.cancel();
      loader.current = null;
    };
  }, [api]);

  // Whatever led to a new page (a hint, the form, a menu link) closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is exactly what triggers it
  useEffect(() => {
    loader.current?.cancel();
    setOpen(false);
    setActive(-1);
  }, [pathname, search]);

  // The options: the hints, then «all results», which is where Enter on the typed text goes anyway.
  const options: Hint[] =
    hints.length > 0 ? [...hints, { type: 'product', name: '', url: searchUrl(query) }] : [];
  const allResultsIndex = options.length - 1;
  const expanded = enhanced && open && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!open) {
        setOpen(true);
        setActive(moveActive(-1, step, options.length));
      } else {
        setActive(moveActive(active, step, options.length));
      }
    } else if (event.key === 'Enter') {
      const option = expanded && active >= 0 ? options[active] : undefined;
      if (!option) return;
      event.preventDefault();
      close();
      navigate(option.url);
    } else if (event.key === 'Escape') {
      if (!open) return;
      // Without this the browser would also clear the search field.
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      close();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    loader.current?.cancel();
    close();
    const input = event.currentTarget.elements.namedItem('q');
    if (input instanceof HTMLInputElement) input.blur();
  };

  const comboboxProps = enhanced
    ? {
        role: 'combobox',
        'aria-expanded': expanded,
        'aria-controls': listId,
        'aria-autocomplete': 'list' as const,
        'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
      }
    : {};

  return (
    <div className="header-search">
      <Form method="get" action="/search" className="search-box" role="search" onSubmit={onSubmit}>
        <label htmlFor="header-search" className="visually-hidden">
          Поиск по магазину
        </label>
        <input
          id="header-search"
          name="q"
          type="search"
          placeholder="Лаванда, масло для волос, рецепт крема…"
          autoComplete="off"
          maxLength={QUERY_MAX_LENGTH}
          enterKeyHint="search"
          {...comboboxProps}
          onChange={(event) => loader.current?.update(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (hints.length > 0) setOpen(true);
          }}
          onBlur={close}
        />
        <button type="submit" aria-label="Найти">
          <SearchIcon width={18} height={18} />
        </button>
      </Form>
      {enhanced && (
        <div
          id={listId}
          role="listbox"
          aria-label="Подсказки поиска"
          className="search-hints"
          hidden={!expanded}
          // Keeps the focus in the box, so a click on a hint is not lost to the box's blur.
          onMouseDown={(event) => event.preventDefault()}
        >
          {options.map((option, index) => {
            const isAll = index === allResultsIndex;
            return (
              <Link
                key={isAll ? 'all' : `${option.type}:${option.url}`}
                to={option.url}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={
                  index === active
                    ? 'search-hints__option search-hints__option--active'
                    : 'search-hints__option'
                }
                onMouseEnter={() => setActive(index)}
                onClick={close}
              >
                {isAll ? (
                  <span className="search-hints__all">Все результаты по запросу «{query}»</span>
                ) : (
                  <>
                    <span className="search-hints__name">
                      <HintName name={option.name} query={query} />
                    </span>
                    <span className="search-hints__type">{HINT_TYPE_NAMES[option.type] ?? ''}</span>
                  </>
                )}
              </Link>
            );
          })}
        </div>
      )}
      {enhanced && open && query.length > 0 && hints.length === 0 && (
        <p className="search-hints search-hints--empty" role="status">
          Подсказок нет — нажмите Enter, чтобы поискать по всему сайту
        </p>
      )}
    </div>
  );
}
