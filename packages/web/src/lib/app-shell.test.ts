// The page's embedded data cannot end its <script> element early, and reads back as it was.
import { describe, expect, it } from 'vitest';
import { serializeForScript } from './app-shell.tsx';

describe('serializeForScript', () => {
  const value = { name: 'Масло </script><script>alert(1)</script>', note: 'строка\u2028и\u2029абзац', n: 5 };

  it('leaves no «<» and no line separators in the text', () => {
    const text = serializeForScript(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(text).toContain('\\u003c/script>');
  });

  it('parses back to the same value', () => {
    expect(JSON.parse(serializeForScript(value))).toEqual(value);
  });
});
