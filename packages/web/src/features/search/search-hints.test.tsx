// Header hints: when to ask, debounce and abort, keyboard movement, highlighting, and the plain form of the server render.
import type { Hint } from '@efir/domain/search-wire';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppContextValue, AppProvider } from '../../lib/app-context.tsx';
import { createAppStore, EMPTY_CART, EMPTY_CRITICAL } from '../../lib/app-state.ts';
import { HeaderSearch } from './header-search.tsx';
import {
  createHintLoader,
  moveActive,
  normaliseHintQuery,
  searchUrl,
  splitHighlight,
} from './search-hints.tsx';

describe('normaliseHintQuery', () => {
  it('asks from two characters, with spaces collapsed', () => {
    expect(normaliseHintQuery('л')).toBeNull();
    expect(normaliseHintQuery('  л  ')).toBeNull();
    expect(normaliseHintQuery('ла')).toBe('ла');
    expect(normaliseHintQuery('  масло   для  волос ')).toBe('масло для волос');
  });
});

describe('moveActive', () => {
  it('goes round the ends and starts from the first or the last', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(1, 1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});

describe('splitHighlight', () => {
  it('finds the query ignoring case and ё', () => {
    expect(splitHighlight('Лаванда узколистная', 'лав')).toEqual(['', 'Лав', 'анда узколистная']);
    expect(splitHighlight('Масло чёрного тмина', 'черн')).toEqual(['Масло ', 'чёрн', 'ого тмина']);
    expect(splitHighlight('Роза', 'мята')).toBeNull();
  });

  it('builds the address of all results', () => {
    expect(searchUrl('масло & крем')).toBe(
      '/search?q=%D0%BC%D0%B0%D1%81%D0%BB%D0%BE+%26+%D0%BA%D1%80%D0%B5%D0%BC',
    );
  });
});

describe('createHintLoader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const hint = (name: string): Hint => ({ type: 'product', name, url: `/${name}.html` });

  it('waits for a 250 ms pause in typing and asks once for the last text', async () => {
    const load = vi.fn(async (query: string) => [hint(query)]);
    const onHints = vi.fn();
    const loader = createHintLoader({ load, onHints, onClear: vi.fn() });
    loader.update('ла');
    await vi.advanceTimersByTimeAsync(200);
    loader.update('лав');
    await vi.advanceTimersByTimeAsync(249);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]?.[0]).toBe('лав');
    expect(onHints).toHaveBeenCalledWith('лав', [hint('лав')]);
  });

  it('aborts the call in flight when the text changes, and ignores its late answer', async () => {
    const signals: AbortSignal[] = [];
    const resolvers: Array<(hints: Hint[]) => void> = [];
    const load = vi.fn(
      (_query: string, signal: AbortSignal) =>
        new Promise<Hint[]>((resolve) => {
          signals.push(signal);
          resolvers.push(resolve);
        }),
    );
    const onHints = vi.fn();
    const loader = createHintLoader({ load, onHints, onClear: vi.fn() });
    loader.update('ла');
    await vi.advanceTimersByTimeAsync(250);
    loader.update('лаванда');
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(250);
    resolvers[0]?.([hint('старое')]);
    resolvers[1]?.([hint('лаванда')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(onHints).toHaveBeenCalledTimes(1);
    expect(onHints).toHaveBeenCalledWith('лаванда', [hint('лаванда')]);
  });

  it('clears at once below two characters and does not ask again for the same text', async () => {
    const load = vi.fn(async () => []);
    const onClear = vi.fn();
    const loader = createHintLoader({ load, onHints: vi.fn(), onClear });
    loader.update('ро');
    await vi.advanceTimersByTimeAsync(250);
    loader.update('ро ');
    await vi.advanceTimersByTimeAsync(250);
    expect(load).toHaveBeenCalledTimes(1);
    loader.update('р');
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('shows no hints when the call fails', async () => {
    const onHints = vi.fn();
    const loader = createHintLoader({
      load: () => Promise.reject(new Error('offline')),
      onHints,
      onClear: vi.fn(),
    });
    loader.update('мята');
    await vi.advanceTimersByTimeAsync(250);
    expect(onHints).toHaveBeenCalledWith('мята', []);
  });

  it('forgets the pending call on cancel', async () => {
    const load = vi.fn(async () => []);
    const loader = createHintLoader({ load, onHints: vi.fn(), onClear: vi.fn() });
    loader.update('роза');
    loader.cancel();
    await vi.advanceTimersByTimeAsync(500);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('HeaderSearch in the server render', () => {
  it('is a plain GET form to /search without the combobox or the list', () => {
    const context: AppContextValue = {
      api: {} as AppContextValue['api'],
      store: createAppStore({ user: null, cart: EMPTY_CART, critical: EMPTY_CRITICAL }),
      origin: 'http://localhost:3000',
      isServer: true,
      getCurrentUrl: () => null,
    };
    const html = renderToString(
      <AppProvider value={context}>
        <MemoryRouter>
          <HeaderSearch />
        </MemoryRouter>
      </AppProvider>,
    );
    const form = html.match(/<form[^>]*>/)?.[0] ?? '';
    expect(form).toContain('action="/search"');
    expect(form).toContain('method="get"');
    expect(html).toMatch(/<input[^>]*name="q"/);
    expect(html).not.toContain('role="combobox"');
    expect(html).not.toContain('role="listbox"');
  });
});
