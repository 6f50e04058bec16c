// Раздел «Промокоды» of the back office (to be built: see the back-office issue).
import { AdminHeader } from '../admin-ui.tsx';

export function PromoSection() {
  return <AdminHeader title="Промокоды" />;
}
