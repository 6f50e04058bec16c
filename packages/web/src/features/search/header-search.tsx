// The header search box of spec §2: a plain GET form to /search, which is all the server render (and a page without
// JavaScript) has. Its typing hints (search-hints.tsx) load when the box is first focused or pointed at.
import { lazy, Suspense, useRef, useState } from 'react';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { Form } from '../../lib/router/router-view.tsx';
import { QUERY_MAX_LENGTH } from './search-query.ts';
import './search.css';

const SearchHints = lazy(() =>
  import('./search-hints.tsx').then((module) => ({ default: module.SearchHints })),
);

export function HeaderSearch() {
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [wantsHints, setWantsHints] = useState(false);
  const loadHints = () => setWantsHints(true);

  return (
    <div className="header-search">
      <Form
        ref={form}
        method="get"
        action="/search"
        className="search-box"
        role="search"
        aria-label="Поиск по магазину"
      >
        <label htmlFor="header-search" className="visually-hidden">
          Поиск по магазину
        </label>
        <input
          ref={input}
          id="header-search"
          name="q"
          type="search"
          placeholder="Лаванда, масло для волос, рецепт крема…"
          autoComplete="off"
          maxLength={QUERY_MAX_LENGTH}
          enterKeyHint="search"
          onFocus={loadHints}
          onPointerEnter={loadHints}
        />
        <button type="submit" aria-label="Найти">
          <SearchIcon width={18} height={18} />
        </button>
      </Form>
      {wantsHints && (
        <Suspense fallback={null}>
          <SearchHints input={input} form={form} />
        </Suspense>
      )}
    </div>
  );
}
