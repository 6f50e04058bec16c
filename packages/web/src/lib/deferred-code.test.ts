// @vitest-environment happy-dom
// Held-back code: it waits for the visitor's first interaction, and a navigation counts as one (issue 35: a page
// update waited for a press that a select changed without a pointer never made).
import { describe, expect, it } from 'vitest';
import { heldBackImport, releaseHeldBackCode, whenInteracted } from './deferred-code.ts';

const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 20))]);

describe('held-back code', () => {
  it('loads when a navigation starts, though nothing was pressed', async () => {
    const code = heldBackImport(async () => 'sanitiser', whenInteracted);
    const loading = code.load();
    expect(await settled(loading)).toBe(false);
    releaseHeldBackCode();
    expect(await loading).toBe('sanitiser');
    // Later imports held back until an interaction load at once.
    expect(await settled(heldBackImport(async () => 1, whenInteracted).load())).toBe(true);
  });
});
