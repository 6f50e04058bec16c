// Text for XML files the shop publishes (sitemap, product feeds): escaped, and without the characters XML 1.0 does
// not allow at all (control characters, unpaired surrogates), which a pasted product text can carry.

const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
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
  return value.replace(NOT_XML, '').replace(SPECIAL, (char) => ENTITIES[char] ?? char);
}
