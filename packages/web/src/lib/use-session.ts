// Session hooks for components: who is here, logout that ends at home, and «log in first» for guests' clicks.
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppContext, useAppState } from './app-context.tsx';
import { useNavigate } from './router/router-view.tsx';
import { loginUrlFor, logOut, readSessionStatus, type SessionStatus } from './session.ts';

export function useSessionStatus(): SessionStatus {
  return useAppState(readSessionStatus);
}

const LOGGED_OUT_NOTICE = { type: 'success', title: 'Вы вышли', text: 'До встречи!' } as const;

/**
 * Logout goes home first, so no account-page guard sends the visitor to /login on the way out; the popups of the
 * session it ends («Вы вошли»…) go with it, and «Вы вышли» says what happened.
 */
export function useLogOut(): { logOut(): Promise<void>; pending: boolean } {
  const { api, store } = useAppContext();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await navigate('/');
      await logOut(api, store);
      store.setState({ notices: [] });
      store.getState().showNotice(LOGGED_OUT_NOTICE);
    } finally {
      setPending(false);
    }
  }, [api, store, navigate]);
  return { logOut: run, pending };
}

/** Sends a guest to /login, back to this very page afterwards. */
export function useSendToLogin(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    navigate(loginUrlFor(`${location.pathname}${location.search}`));
  }, [navigate, location.pathname, location.search]);
}
