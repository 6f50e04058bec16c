// Раздел «Товары» of the back office (to be built: see the back-office issue).
import { AdminHeader } from '../admin-ui.tsx';

export function ProductsSection() {
  return <AdminHeader title="Товары" />;
}
