// Раздел «Заказы» of the back office: the filtered list at /admin/orders, an order at /admin/orders/<id>.
import { Route, Routes } from 'react-router';
import { OrderDetailPage } from './order-detail.tsx';
import { OrdersList } from './orders-list.tsx';
import './orders.css';

export function OrdersSection() {
  return (
    <Routes>
      <Route index element={<OrdersList />} />
      <Route path=":id" element={<OrderDetailPage />} />
    </Routes>
  );
}
