// A value computed once and kept in memory until the content it is built from changes.

export interface CachedValue<T> {
  get(): Promise<T>;
  invalidate(): void;
}

export function createCachedValue<T>(load: () => Promise<T>): CachedValue<T> {
  let pending: Promise<T> | undefined;
  let generation = 0;
  return {
    get() {
      if (!pending) {
        const started = generation;
        pending = load().catch((error: unknown) => {
          // A failed load must not stick: the next caller tries again.
          if (generation === started) pending = undefined;
          throw error;
        });
      }
      return pending;
    },
    invalidate() {
      generation += 1;
      pending = undefined;
    },
  };
}
