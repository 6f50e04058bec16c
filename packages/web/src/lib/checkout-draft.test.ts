// The checkout's idempotency key is a version-4 UUID, also where crypto.randomUUID is missing (plain HTTP); a stored
// draft keeps the online method (card or СБП) across a reload and drops anything else in its place.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCheckoutDraft, createIdempotencyKey, parseCheckoutDraft } from './checkout-draft.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createIdempotencyKey', () => {
  it('is a fresh UUID v4 each time', () => {
    const first = createIdempotencyKey();
    expect(first).toMatch(UUID_V4);
    expect(createIdempotencyKey()).not.toBe(first);
  });

  it('builds one from random bytes outside a secure context', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(255) });
    expect(createIdempotencyKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(createIdempotencyKey()).toMatch(UUID_V4);
  });
});

describe('parseCheckoutDraft', () => {
  it('keeps СБП chosen at /pay and ignores an unknown method', () => {
    const draft = { ...createCheckoutDraft(), onlineMethod: 'sbp' };
    expect(parseCheckoutDraft(JSON.stringify(draft))?.onlineMethod).toBe('sbp');
    const odd = { ...createCheckoutDraft(), onlineMethod: 'bitcoin' };
    expect(parseCheckoutDraft(JSON.stringify(odd))?.onlineMethod).toBeUndefined();
  });
});
