// Text for XML files the shop publishes (sitemap, product feeds): escaped, and without the characters XML 1.0 does
// not allow at all (control characters, unpaired surrogates), which a pasted product text can carry.

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SPECIAL = /[&<>"']/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for an element or a quoted attribute. */
export function escapeXml(value: string): string {
  // The look-behind pattern is slow: only text with surrogates at all (emoji, rare) is searched with it.
  const clean = SURROGATE.test(value) ? value.replace(LONE_SURROGATE, '') : value;
  return clean.replace(CONTROL, '').replace(SPECIAL, (char) => ENTITIES[char] ?? char);
}
