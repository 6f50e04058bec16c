// Раздел «Покупатели» of the back office: the list at /admin/customers, a customer at /admin/customers/<id>.
import { Route, Routes } from 'react-router';
import { CustomerDetailPage } from './customer-detail.tsx';
import { CustomersList } from './customers-list.tsx';
import './customers.css';

export function CustomersSection() {
  return (
    <Routes>
      <Route index element={<CustomersList />} />
      <Route path=":id" element={<CustomerDetailPage />} />
    </Routes>
  );
}
