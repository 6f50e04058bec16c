// Text in the shop's XML files: escaped, and nothing XML 1.0 forbids left in.
import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml.ts';

describe('escapeXml', () => {
  it('escapes the five special characters for elements and attributes alike', () => {
    expect(escapeXml(`Масло «Роза» & "Дамаск" <экстра> 'N1'`)).toBe(
      'Масло «Роза» &amp; &quot;Дамаск&quot; &lt;экстра&gt; &apos;N1&apos;',
    );
  });

  it('drops control characters and unpaired surrogates, and keeps emoji and line breaks', () => {
    expect(escapeXml('a\u0001b\u0008c\u000Bd\uFFFEe\uD800f\uDC00g')).toBe('abcdefg');
    expect(escapeXml('роза 🌹\nлаванда\t10 мл')).toBe('роза 🌹\nлаванда\t10 мл');
  });
});
