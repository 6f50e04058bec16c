import { describe, expect, it } from 'vitest';
import { createGate } from './gate.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('createGate', () => {
  it('runs at most N tasks at once and the waiting ones in arrival order', async () => {
    const gate = createGate(2);
    const started: number[] = [];
    const finish = [deferred(), deferred(), deferred(), deferred()];
    const results = finish.map((step, index) =>
      gate.run(async () => {
        started.push(index);
        await step.promise;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    finish[1]!.resolve();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    finish[0]!.resolve();
    finish[2]!.resolve();
    finish[3]!.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = createGate(1);
    await expect(gate.run(async () => Promise.reject(new Error('render failed')))).rejects.toThrow(
      'render failed',
    );
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
