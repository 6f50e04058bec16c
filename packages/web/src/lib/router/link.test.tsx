// The shop's links in the server render: the address they lead to, and how NavLink marks the current section.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link.tsx';

function at(url: string, node: ReactNode, path = '*'): string {
  return renderToString(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={node} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('leads to the address, with the attributes given', () => {
    expect(
      at(
        '/',
        <Link to="/catalog.html?page=2" className="more" aria-label="Ещё">
          Ещё
        </Link>,
      ),
    ).toBe('<a class="more" aria-label="Ещё" href="/catalog.html?page=2">Ещё</a>');
  });

  it("resolves relative='path' against the URL, not the route", () => {
    expect(
      at(
        '/admin/orders/7',
        <Link to=".." relative="path">
          Назад
        </Link>,
        '/admin/orders/:id',
      ),
    ).toContain('href="/admin/orders"');
  });

  it('leaves an address of another site as it is', () => {
    expect(at('/', <Link to="https://t.me/efir">Telegram</Link>)).toContain('href="https://t.me/efir"');
  });
});

describe('NavLink', () => {
  const link = (end?: boolean) => (
    <NavLink to="/admin" end={end} className="tab">
      Админка
    </NavLink>
  );

  it('marks its own page and the pages below it', () => {
    for (const url of ['/admin', '/admin/', '/Admin/orders']) {
      expect(at(url, link())).toBe('<a aria-current="page" class="tab active" href="/admin">Админка</a>');
    }
  });

  it('does not mark a page whose path only starts the same', () => {
    expect(at('/administrator', link())).toBe('<a class="tab" href="/admin">Админка</a>');
  });

  it('with end, marks its own page only', () => {
    expect(at('/admin/orders', link(true))).toBe('<a class="tab" href="/admin">Админка</a>');
    expect(at('/admin', link(true))).toContain('aria-current="page"');
  });
});
