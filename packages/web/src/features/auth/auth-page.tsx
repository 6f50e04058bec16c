// The frame of the guest-only pages (spec §2): the form card beside a short note on what an account gives.
import type { ReactNode } from 'react';
import './auth.css';

const BENEFITS = [
  { title: 'Персональная скидка', text: 'растёт вместе с суммой ваших заказов' },
  { title: 'История заказов', text: 'все покупки и их статусы в одном месте' },
  { title: 'Избранное и закладки', text: 'любимые масла, рецепты и статьи под рукой' },
  { title: 'Лист ожидания', text: 'напишем, когда нужное масло снова появится' },
] as const;

export function AuthFrame({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="container page auth">
      <section className="auth__card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {lead && <p className="auth__lead">{lead}</p>}
        {children}
        {footer && <div className="auth__footer">{footer}</div>}
      </section>
      <aside className="auth__aside" aria-label="Зачем нужен личный кабинет">
        <p className="auth__aside-title">В личном кабинете</p>
        <ul className="auth__benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title}>
              <strong>{benefit.title}</strong>
              <span>{benefit.text}</span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
