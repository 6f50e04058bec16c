// /admin in the route table: a tiny frame that is the same on the server and at hydration, then loads the back
// office (its own chunk, never part of the shop's pages) once the browser runs.
import { lazy, Suspense, useEffect, useState } from 'react';

const AdminApp = lazy(() => import('./admin-app.tsx'));

function AdminLoading() {
  return (
    <div className="admin-loading" role="status">
      Загрузка панели управления…
    </div>
  );
}

export function AdminEntry() {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (!inBrowser) return <AdminLoading />;
  return (
    <Suspense fallback={<AdminLoading />}>
      <AdminApp />
    </Suspense>
  );
}
