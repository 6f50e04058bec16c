// A throttle for editor → form sync (spec §9: at most once per 300 ms): the first change goes at once, changes
// inside the window collapse into one trailing call with the latest value, and `flush` sends it before a submit.

export const EDITOR_SYNC_MS = 300;

export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Runs a waiting call now (before the form reads its value); nothing when none is waiting. */
  flush(): void;
  /** Drops a waiting call. */
  cancel(): void;
}

export function throttle<A extends unknown[]>(
  run: (...args: A) => void,
  waitMs: number = EDITOR_SYNC_MS,
  now: () => number = Date.now,
): Throttled<A> {
  let lastRun = Number.NEGATIVE_INFINITY;
  let pending: A | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const fire = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending === null) return;
    const args = pending;
    pending = null;
    lastRun = now();
    run(...args);
  };

  const throttled = ((...args: A) => {
    pending = args;
    if (timer !== null) return;
    const wait = lastRun + waitMs - now();
    if (wait <= 0) fire();
    else timer = setTimeout(fire, wait);
  }) as Throttled<A>;

  throttled.flush = fire;
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
