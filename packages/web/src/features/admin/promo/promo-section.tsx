// Раздел «Промокоды» of the back office: the list at /admin/promo, the form at /admin/promo/new and /admin/promo/<id>.
import { Route, Routes } from 'react-router';
import { PromoEditPage } from './promo-form.tsx';
import { PromoList } from './promo-list.tsx';
import './promo.css';

export function PromoSection() {
  return (
    <Routes>
      <Route index element={<PromoList />} />
      <Route path=":id" element={<PromoEditPage />} />
    </Routes>
  );
}
