// Route guards of spec §2 that need the browser: when the server render could not know the visitor (no refresh
// cookie came with the request), the guest-only pages send a logged-in visitor on (to ?from= or /my-account) once
// the browser knows her.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useNavigate } from '../lib/router/router-view.tsx';
import { returnPathAfterLogin } from '../lib/session.ts';
import { useSessionStatus } from '../lib/use-session.ts';

export function GuestOnlyGate() {
  const status = useSessionStatus();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'user') navigate(returnPathAfterLogin(search), { replace: true });
  }, [status, search, navigate]);
  return <Outlet />;
}
