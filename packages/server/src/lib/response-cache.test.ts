// The answer cache: one build per key while fresh, nothing kept after a failure, all dropped on invalidate.
import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

describe('createResponseCache', () => {
  it('builds once per key while the answer is fresh and serializes it', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 10 });
    let builds = 0;
    const build = async () => ({ n: ++builds });
    const [first, second] = await Promise.all([cache.getOrBuild('a', build), cache.getOrBuild('a', build)]);
    expect(first).toBe('{"n":1}');
    expect(second).toBe('{"n":1}');
    expect(await cache.getOrBuild('b', build)).toBe('{"n":2}');
  });

  it('builds again after invalidate()', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 10 });
    let builds = 0;
    await cache.getOrBuild('a', async () => ++builds);
    cache.invalidate();
    expect(await cache.getOrBuild('a', async () => ++builds)).toBe('2');
  });

  it('builds again once the time is up', async () => {
    const cache = createResponseCache({ ttlMs: 20, maxEntries: 10 });
    let builds = 0;
    await cache.getOrBuild('a', async () => ++builds);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache.getOrBuild('a', async () => ++builds)).toBe('2');
  });

  it('does not keep a failure', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 10 });
    await expect(cache.getOrBuild('a', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.getOrBuild('a', async () => 'ok')).toBe('"ok"');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    let builds = 0;
    for (const key of ['a', 'b', 'c']) await cache.getOrBuild(key, async () => ++builds);
    expect(await cache.getOrBuild('a', async () => ++builds)).toBe('4');
    expect(await cache.getOrBuild('c', async () => ++builds)).toBe('3');
  });

  it('keeps a fact drawn from the answer beside its JSON, drawn once per build', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 10 });
    let builds = 0;
    let drawn = 0;
    const build = async () => ({ page: { id: 7 }, n: ++builds });
    const factsOf = (answer: { page: { id: number } }) => {
      drawn += 1;
      return { id: answer.page.id };
    };
    const first = await cache.getOrBuildWithFacts('a', build, factsOf);
    const second = await cache.getOrBuildWithFacts('a', build, factsOf);
    expect(first).toEqual({ json: '{"page":{"id":7},"n":1}', facts: { id: 7 } });
    expect(second).toBe(first);
    expect(drawn).toBe(1);
    await expect(
      cache.getOrBuildWithFacts('b', async () => Promise.reject(new Error('down')), factsOf),
    ).rejects.toThrow('down');
    expect((await cache.getOrBuildWithFacts('b', build, factsOf)).json).toBe('{"page":{"id":7},"n":2}');
    cache.invalidate();
    expect((await cache.getOrBuildWithFacts('a', build, factsOf)).json).toBe('{"page":{"id":7},"n":3}');
  });

  it('with ttl 0 builds every time', async () => {
    const cache = createResponseCache({ ttlMs: 0, maxEntries: 10 });
    let builds = 0;
    await cache.getOrBuild('a', async () => ++builds);
    expect(await cache.getOrBuild('a', async () => ++builds)).toBe('2');
  });
});
