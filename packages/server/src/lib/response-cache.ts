// Serialized JSON answers kept for a short while: read paths are served from memory and dropped when content
// changes (every write through our services calls invalidate) or when their time is up.

export interface ResponseCache {
  /** The cached JSON for key, or the result of build() (serialized and kept). */
  getOrBuild(key: string, build: () => Promise<unknown>): Promise<string>;
  invalidate(): void;
}

export function createResponseCache(options: { ttlMs: number; maxEntries: number }): ResponseCache {
  const entries = new Map<string, { json: Promise<string>; expires: number }>();
  let generation = 0;
  return {
    getOrBuild(key, build) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.json;
      const started = generation;
      const json = build().then((value) => JSON.stringify(value));
      if (options.ttlMs <= 0) return json;
      entries.delete(key);
      entries.set(key, { json, expires: now + options.ttlMs });
      // Failures (404s, crashes) are not kept: the next request asks again.
      json.catch(() => {
        if (generation === started && entries.get(key)?.json === json) entries.delete(key);
      });
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
      return json;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}
