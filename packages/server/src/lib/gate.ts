// At most N tasks at once, the others wait in arrival order. Pages use it: a server render is CPU on the one main
// thread with a few database round trips in between, so sixteen renders interleaved finish no sooner than four at a
// time, but hold four times the memory while they run (issue 18: the embedded shop's peak RSS).

export interface Gate {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createGate(slots: number): Gate {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run(task) {
      if (running < slots) running += 1;
      // The slot passes straight from the task that ends to the one that waited longest.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
