// What every part of the app reaches through React context: the HTTP client and the app store.
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './app-state.ts';
import type { HttpClient } from './http-client.ts';

export interface AppContextValue {
  api: HttpClient;
  store: AppStore;
  /** The canonical origin of the shop (PUBLIC_URL), for canonical links and Open Graph. */
  origin: string;
  isServer: boolean;
  /** The URL shown right now, null before the first page shows (a failed route call then has no page to stay on). */
  getCurrentUrl(): string | null;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProvider({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppProvider is missing');
  return value;
}

export function useAppState<T>(select: (state: AppState) => T): T {
  return useStore(useAppContext().store, select);
}
