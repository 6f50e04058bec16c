// Раздел «Заказы» of the back office (to be built: see the back-office issue).
import { AdminHeader } from '../admin-ui.tsx';

export function OrdersSection() {
  return <AdminHeader title="Заказы" />;
}
