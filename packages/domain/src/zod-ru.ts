// Zod with Russian messages: import `z` from here so every validation error reaches the user in Russian.
import { z } from 'zod';

z.config(z.locales.ru());
// In the browser, no `new Function` probe: the shop's Content-Security-Policy forbids eval, and the probe's refusal
// shows up as a CSP issue in the console (Lighthouse «best practices»). The server keeps Zod's compiled fast path.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
