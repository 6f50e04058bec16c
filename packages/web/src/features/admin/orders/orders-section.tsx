// Раздел «Заказы» of the back office: the filtered list at /admin/orders, an order at /admin/orders/<id>.
import { Route, Routes } from 'react-router';
import { OrderDetailPage } from './order-detail.tsx';
import { OrderEditPage } from './order-edit.tsx';
import { OrdersList } from './orders-list.tsx';
import { PhoneOrderPage } from './phone-order.tsx';
import './orders.css';
import './order-form.css';

export function OrdersSection() {
  return (
    <Routes>
      <Route index element={<OrdersList />} />
      <Route path="new" element={<PhoneOrderPage />} />
      <Route path=":id" element={<OrderDetailPage />} />
      <Route path=":id/edit" element={<OrderEditPage />} />
    </Routes>
  );
}
