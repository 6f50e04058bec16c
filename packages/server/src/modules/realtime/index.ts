// The realtime module's public face (decision 051): what the rest of the server may use of it. Nothing else
// in this folder is imported from outside it (only schema.ts reads a module's *.table.ts, for drizzle-kit).

export { attachRealtime } from './realtime.ts';
