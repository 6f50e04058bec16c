// The editor's sync throttle: never more than one call per 300 ms, the latest value always arrives, flush and cancel.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_SYNC_MS, throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('syncs the first change at once and the rest at most once per 300 ms, with the latest value', async () => {
    const sync = vi.fn<(html: string) => void>();
    const send = throttle(sync);
    expect(EDITOR_SYNC_MS).toBe(300);

    send('<p>Л</p>');
    expect(sync).toHaveBeenCalledTimes(1);
    expect(sync).toHaveBeenLastCalledWith('<p>Л</p>');

    // A burst of typing inside the window: nothing until it ends, then only the last text.
    for (const text of ['<p>Ла</p>', '<p>Лав</p>', '<p>Лава</p>']) {
      await vi.advanceTimersByTimeAsync(50);
      send(text);
    }
    expect(sync).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(149);
    expect(sync).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sync).toHaveBeenCalledTimes(2);
    expect(sync).toHaveBeenLastCalledWith('<p>Лава</p>');

    // Right after a trailing call the next change waits for a full window again.
    send('<p>Лаванда</p>');
    expect(sync).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(sync).toHaveBeenCalledTimes(3);
    expect(sync).toHaveBeenLastCalledWith('<p>Лаванда</p>');

    // After a quiet spell a change goes at once.
    await vi.advanceTimersByTimeAsync(1000);
    send('<p>Лаванда!</p>');
    expect(sync).toHaveBeenCalledTimes(4);
  });

  it('never calls twice within 300 ms, however the changes come', async () => {
    const times: number[] = [];
    const send = throttle((_step: number) => times.push(Date.now()));
    for (let step = 0; step < 200; step++) {
      send(step);
      await vi.advanceTimersByTimeAsync(7 + (step % 13) * 11);
    }
    await vi.advanceTimersByTimeAsync(300);
    expect(times.length).toBeGreaterThan(5);
    for (let index = 1; index < times.length; index++) {
      expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(300);
    }
  });

  it('flushes a waiting value at once (before a submit) and cancels it on demand', async () => {
    const sync = vi.fn<(html: string) => void>();
    const send = throttle(sync);
    send('a');
    send('ab');
    send.flush();
    expect(sync).toHaveBeenCalledTimes(2);
    expect(sync).toHaveBeenLastCalledWith('ab');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sync).toHaveBeenCalledTimes(2);
    send.flush();
    expect(sync).toHaveBeenCalledTimes(2);

    send('abc');
    send('abcd');
    send.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sync).toHaveBeenCalledTimes(3);
    expect(sync).toHaveBeenLastCalledWith('abc');
  });
});
