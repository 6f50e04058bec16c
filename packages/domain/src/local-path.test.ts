import { describe, expect, it } from 'vitest';
import { isLocalPath } from './local-path.ts';

describe('isLocalPath', () => {
  it.each(['/', '/my-account', '/catalog.html?page=2', '/%5Cevil.example', '/a//b'])(
    '%s stays here',
    (path) => {
      expect(isLocalPath(path)).toBe(true);
      expect(new URL(path, 'https://efir.ru/').host).toBe('efir.ru');
    },
  );

  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\t//evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
  ])('%j leaves the shop, so it is refused', (path) => {
    expect(isLocalPath(path)).toBe(false);
  });

  it('agrees with the browser’s own reading of every refused path that parses', () => {
    for (const path of ['//evil.example', '/\\evil.example', '/\t/evil.example', '\t//evil.example']) {
      expect(new URL(path, 'https://efir.ru/').host).toBe('evil.example');
    }
  });
});
