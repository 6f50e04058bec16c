// Guest-only pages (spec §2): login, registration and password recovery.
import { Link, useMatches } from 'react-router';

const TITLES: Record<string, string> = {
  '/login': 'Вход в личный кабинет',
  '/registration': 'Регистрация',
  '/forgot-password': 'Восстановление пароля',
};

export function AuthPage() {
  const matches = useMatches();
  const path = matches[matches.length - 1]?.pathname ?? '/login';
  return (
    <div className="container page auth-page">
      <h1>{TITLES[path] ?? 'Вход'}</h1>
      <p>
        Зарегистрированные покупатели получают персональную скидку, видят историю заказов и сохранённые
        корзины.
      </p>
      <nav className="auth-page__links" aria-label="Вход и регистрация">
        <Link to="/login">Вход</Link>
        <Link to="/registration">Регистрация</Link>
        <Link to="/forgot-password">Забыли пароль?</Link>
      </nav>
    </div>
  );
}
