// What every part of the app reaches through React context: the HTTP client and the app store.
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { HttpClient } from '../lib/http-client.ts';
import type { AppState, AppStore } from './app-state.ts';
import type { PageDataCache } from './page-loader.ts';

export interface AppContextValue {
  api: HttpClient;
  store: AppStore;
  /** The canonical origin of the shop (PUBLIC_URL), for canonical links and Open Graph. */
  origin: string;
  isServer: boolean;
  /** The URL shown right now; a failed navigation falls back to it (spec §2: navigation cancelled). */
  getCurrentUrl(): string | null;
  pageCache: PageDataCache;
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
