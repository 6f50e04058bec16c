// Loaded with `node --import` into the shop under test: when the process exits, writes every module it loaded
// (ES modules through a resolve hook, CommonJS modules that ran from require.cache) to the file named by RECORD_MODULES_FILE.
import { writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const file = process.env.RECORD_MODULES_FILE;
const resolved = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => resolved.add(url));
port1.unref();
const hooks = `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
  data: { port: port2 },
  transferList: [port2],
});
process.on('exit', () => {
  // Node also files the CommonJS modules it only scanned for export names (both branches of React's
  // `NODE_ENV` switch) in the cache, unloaded: only those that ran count.
  const cache = createRequire(import.meta.url).cache;
  const required = Object.keys(cache).filter((key) => cache[key]?.loaded);
  writeFileSync(file, JSON.stringify([...resolved, ...required]));
});
