// The back office (loaded on demand by AdminEntry): asks the server whether this user is a moderator, then shows
// the section menu and the section. Each section owns its folder and its own nested routes.
import type { AdminMe } from '@efir/domain/admin-wire';
import { Route, Routes } from 'react-router';
import { HttpError } from '../../lib/http-client.ts';
import { NavLink } from '../../lib/router/link.tsx';
import { useAdminData } from './admin-api.ts';
import { AdminHome } from './admin-home.tsx';
import { AuditSection } from './audit-section.tsx';
import { CertificatesSection } from './certificates/certificates-section.tsx';
import { ContentSection } from './content/content-section.tsx';
import { CustomersSection } from './customers/customers-section.tsx';
import { DashboardSection } from './dashboard/dashboard-section.tsx';
import { ExchangeSection } from './exchange-section.tsx';
import { ModerationSection } from './moderation/moderation-section.tsx';
import { OrdersSection } from './orders/orders-section.tsx';
import { OutboxSection } from './outbox/outbox-section.tsx';
import { ProductsSection } from './products/products-section.tsx';
import { PromoSection } from './promo/promo-section.tsx';
import { SettingsSection } from './settings/settings-section.tsx';
import './admin.css';

export const ADMIN_SECTIONS = [
  { path: 'dashboard', title: 'Сводка', Component: DashboardSection },
  { path: 'orders', title: 'Заказы', Component: OrdersSection },
  { path: 'customers', title: 'Покупатели', Component: CustomersSection },
  { path: 'products', title: 'Товары', Component: ProductsSection },
  { path: 'content', title: 'Контент', Component: ContentSection },
  { path: 'moderation', title: 'Модерация', Component: ModerationSection },
  { path: 'promo', title: 'Промокоды', Component: PromoSection },
  { path: 'certificates', title: 'Сертификаты', Component: CertificatesSection },
  { path: 'exchange', title: 'Обмен с 1С', Component: ExchangeSection },
  { path: 'outbox', title: 'Письма', Component: OutboxSection },
  { path: 'settings', title: 'Настройки магазина', Component: SettingsSection },
  { path: 'audit', title: 'Журнал изменений', Component: AuditSection },
] as const;

export default function AdminApp() {
  const me = useAdminData<AdminMe>('/me');
  if (me.status === 'loading') {
    return (
      <div className="admin-loading" role="status">
        Проверяем доступ…
      </div>
    );
  }
  if (me.status === 'error') {
    const status = me.error instanceof HttpError ? me.error.detail.status : 0;
    return (
      <div className="admin-denied">
        <h1 className="admin-title">{status === 403 ? 'Нет доступа' : 'Панель управления недоступна'}</h1>
        <p>
          {status === 403
            ? 'Панель управления открыта только модераторам магазина.'
            : 'Не удалось связаться с сервером. Обновите страницу через минуту.'}
        </p>
      </div>
    );
  }
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label="Разделы панели управления">
        <NavLink to="/admin" end className="admin-nav__home">
          Эфир · админка
        </NavLink>
        <ul>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink to={`/admin/${section.path}`}>{section.title}</NavLink>
            </li>
          ))}
        </ul>
        {me.data.name ? <p className="admin-nav__who">{me.data.name}</p> : null}
      </nav>
      <main className="admin-main">
        <Routes>
          <Route index element={<AdminHome sections={ADMIN_SECTIONS} />} />
          {ADMIN_SECTIONS.map(({ path, Component }) => (
            <Route key={path} path={`${path}/*`} element={<Component />} />
          ))}
          <Route path="*" element={<p>Такого раздела нет.</p>} />
        </Routes>
      </main>
    </div>
  );
}
