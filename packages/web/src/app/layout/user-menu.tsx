// The logged-in visitor's corner of the top bar: avatar and name to /my-account, and a small menu with «Выйти». Its
// own chunk: guests never load it (the server renders it for a visitor it knows, decision 019). A moderator finds
// «Управление магазином» there too (decision 057).
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import type { SessionUser } from '../../lib/app-state.ts';
import { Link } from '../../lib/router/link.tsx';
import { useLogOut } from '../../lib/use-session.ts';

/** A small pop-up menu: closes on a click outside, on Escape (focus back to its button) and after a navigation. */
function usePopupMenu() {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what closes the menu
  useEffect(() => {
    setOpen(false);
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { open, setOpen, wrap, button };
}

export function UserMenu({ user }: { user: SessionUser }) {
  const { logOut, pending } = useLogOut();
  const menu = usePopupMenu();
  const menuId = useId();

  return (
    <div className="top-bar__user" ref={menu.wrap}>
      {/* Named by its own words, not an aria-label that would not contain the avatar's letter (WCAG 2.5.3). */}
      <Link to="/my-account" className="top-bar__account">
        <span className="visually-hidden">Личный кабинет: </span>
        <Avatar name={user.name} photo={user.avatar.photo} size={24} />
        <span>{user.name}</span>
      </Link>
      <button
        ref={menu.button}
        type="button"
        className="top-bar__user-toggle"
        aria-label="Меню личного кабинета"
        aria-expanded={menu.open}
        aria-controls={menuId}
        onClick={() => menu.setOpen((open) => !open)}
      >
        <span aria-hidden="true">▾</span>
      </button>
      <ul id={menuId} className="top-bar__user-menu" hidden={!menu.open}>
        <li>
          <Link to="/my-account">Личный кабинет</Link>
        </li>
        <li>
          <Link to="/my-orders">Мои заказы</Link>
        </li>
        <li>
          <Link to="/my-fav-prod">Избранное</Link>
        </li>
        <li>
          <Link to="/my-personal">Личные данные</Link>
        </li>
        {user.moderator ? (
          <li className="top-bar__user-menu-admin">
            <Link to="/admin">Управление магазином</Link>
          </li>
        ) : null}
        <li className="top-bar__user-menu-logout">
          <button type="button" onClick={() => void logOut()} disabled={pending}>
            {pending ? 'Выходим…' : 'Выйти'}
          </button>
        </li>
      </ul>
    </div>
  );
}
