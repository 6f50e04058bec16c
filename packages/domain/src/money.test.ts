import { describe, expect, it } from 'vitest';
import { formatRub } from './money.ts';

describe('formatRub', () => {
  it('groups thousands with a space and puts ₽ after a non-breaking space', () => {
    expect(formatRub(0)).toBe('0\u00a0₽');
    expect(formatRub(990)).toBe('990\u00a0₽');
    expect(formatRub(12345)).toBe('12\u00a0345\u00a0₽');
    expect(formatRub(1250000)).toBe('1\u00a0250\u00a0000\u00a0₽');
  });

  it('shows whole roubles', () => {
    expect(formatRub(99.6)).toBe('100\u00a0₽');
  });
});
