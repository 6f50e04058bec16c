// Route guards of spec §2 that need the browser: the server cannot see the token, so once the user is known the
// guest-only pages send a logged-in visitor on (to ?from= or /my-account).
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useNavigate } from './router/router-view.tsx';
import { returnPathAfterLogin } from './session.ts';
import { useSessionStatus } from './use-session.ts';

export function GuestOnlyGate() {
  const status = useSessionStatus();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'user') navigate(returnPathAfterLogin(search), { replace: true });
  }, [status, search, navigate]);
  return <Outlet />;
}
