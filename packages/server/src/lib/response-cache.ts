// Serialized JSON answers kept for a short while: read paths are served from memory and dropped when content
// changes (every write through our services calls invalidate) or when their time is up.

export interface CachedAnswer<F> {
  json: string;
  /** What `factsOf` drew from the answer when it was built. */
  facts: F;
}

export interface ResponseCache {
  /** The cached JSON for key, or the result of build() (serialized and kept). */
  getOrBuild(key: string, build: () => Promise<unknown>): Promise<string>;
  /**
   * As getOrBuild, with a small fact about the answer kept beside its JSON (say, which page it shows), so that a
   * caller who adds something of its own to a cached answer need not parse it to learn that. A key is always asked
   * for with the same `factsOf`.
   */
  getOrBuildWithFacts<T, F>(
    key: string,
    build: () => Promise<T>,
    factsOf: (answer: T) => F,
  ): Promise<CachedAnswer<F>>;
  invalidate(): void;
  /** Lookups answered from memory and those that had to build, since the start (for /metrics). */
  stats(): CacheStats;
}

export interface CacheStats {
  hits: number;
  misses: number;
}

export function createResponseCache(options: { ttlMs: number; maxEntries: number }): ResponseCache {
  interface Entry {
    answer: Promise<CachedAnswer<unknown>>;
    json: Promise<string>;
    expires: number;
  }
  const entries = new Map<string, Entry>();
  let generation = 0;
  const stats: CacheStats = { hits: 0, misses: 0 };

  function fresh(key: string): Entry | undefined {
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      stats.hits += 1;
      return hit;
    }
    stats.misses += 1;
    return undefined;
  }

  function keep(key: string, answer: Promise<CachedAnswer<unknown>>): Entry {
    const entry = { answer, json: answer.then((built) => built.json), expires: Date.now() + options.ttlMs };
    // Whoever asked awaits one of the two; the other must not count as an unhandled rejection.
    entry.json.catch(() => {});
    if (options.ttlMs <= 0) return entry;
    const started = generation;
    entries.delete(key);
    entries.set(key, entry);
    // Failures (404s, crashes) are not kept: the next request asks again.
    answer.catch(() => {
      if (generation === started && entries.get(key) === entry) entries.delete(key);
    });
    if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
    return entry;
  }

  return {
    getOrBuild(key, build) {
      const hit = fresh(key);
      if (hit) return hit.json;
      return keep(
        key,
        build().then((value) => ({ json: JSON.stringify(value), facts: null })),
      ).json;
    },
    getOrBuildWithFacts<T, F>(key: string, build: () => Promise<T>, factsOf: (answer: T) => F) {
      const hit = fresh(key);
      if (hit) return hit.answer as Promise<CachedAnswer<F>>;
      return keep(
        key,
        build().then((value) => ({ json: JSON.stringify(value), facts: factsOf(value) })),
      ).answer as Promise<CachedAnswer<F>>;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
    stats: () => ({ ...stats }),
  };
}
