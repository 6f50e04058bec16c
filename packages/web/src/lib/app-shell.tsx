// Wraps the router with the app context; shared by the server render and the browser.
import type { ReactNode } from 'react';
import { type AppContextValue, AppProvider } from './app-context.tsx';

export function AppShell({ context, children }: { context: AppContextValue; children: ReactNode }) {
  return <AppProvider value={context}>{children}</AppProvider>;
}

export const BOOTSTRAP_ELEMENT_ID = 'efir-bootstrap';
/** The loader data of a server-rendered page (app/router/router.ts). */
export const ROUTER_DATA_ELEMENT_ID = 'efir-router-data';

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const ESCAPED: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON safe to place inside a <script> element (one pass over the page's ~30 KB of data). */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (char) => ESCAPED[char] ?? char);
}
