// Раздел «Контент» of the back office (to be built: see the back-office issue).
import { AdminHeader } from '../admin-ui.tsx';

export function ContentSection() {
  return <AdminHeader title="Контент" />;
}
