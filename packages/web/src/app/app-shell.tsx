// Wraps the router with the app context; shared by the server render and the browser.
import type { ReactNode } from 'react';
import { type AppContextValue, AppProvider } from './app-context.tsx';

export function AppShell({ context, children }: { context: AppContextValue; children: ReactNode }) {
  return <AppProvider value={context}>{children}</AppProvider>;
}

export const BOOTSTRAP_ELEMENT_ID = 'efir-bootstrap';
/** The loader data of a server-rendered page (app/router/router.ts). */
export const ROUTER_DATA_ELEMENT_ID = 'efir-router-data';

/** JSON safe to place inside a <script> element. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
