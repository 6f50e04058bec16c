// Long on purpose: one sanitiser whose allow-lists, tree rules and URL checks are reviewed together.
// The shop's one HTML sanitiser (product spec §5): untrusted rich text in, safe markup out, on the server and in the browser.
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

// `source` is allowed only as a direct child of <picture>: without it <picture> cannot offer WebP/AVIF or art direction.
export const ALLOWED_TAGS = [
  'img',
  'a',
  'p',
  'b',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'li',
  'strong',
  'div',
  'picture',
  'source',
] as const satisfies readonly string[];

// `alt` is kept for accessibility; srcset/media/type exist only on <source>. Each attribute is honoured only on
// the tags where it means something (see ATTRIBUTES_BY_TAG); `rel` is never taken from input, only added by us.
export const ALLOWED_ATTRIBUTES = [
  'title',
  'class',
  'href',
  'src',
  'target',
  'alt',
  'srcset',
  'media',
  'type',
] as const satisfies readonly string[];

// These take their whole content with them: it is code, foreign markup or form UI, never article text.
export const FORBIDDEN_TAGS = [
  'script',
  'style',
  'svg',
  'math',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'fencedframe',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'xmp',
  'title',
  'head',
  'base',
  'link',
  'meta',
  'form',
  'select',
  'option',
  'optgroup',
  'datalist',
] as const satisfies readonly string[];

export const ALLOWED_URL_SCHEMES = [
  'http:',
  'https:',
  'mailto:',
  'tel:',
] as const satisfies readonly string[];

const allowedTags: ReadonlySet<string> = new Set(ALLOWED_TAGS);
const forbiddenTags: ReadonlySet<string> = new Set(FORBIDDEN_TAGS);
const allowedSchemes: ReadonlySet<string> = new Set(ALLOWED_URL_SCHEMES);

const VOID_TAGS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

const GLOBAL_ATTRIBUTES: ReadonlySet<string> = new Set(['title', 'class']);
const ATTRIBUTES_BY_TAG: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['a', new Set(['href', 'target'])],
  ['img', new Set(['src', 'alt'])],
  ['source', new Set(['srcset', 'media', 'type'])],
]);
const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src']);

// Browsers close an open <p> when these start; doing the same keeps our output's tree equal to the browser's.
const TAGS_CLOSING_P: ReadonlySet<string> = new Set([
  'p',
  'div',
  'ul',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
// An <li> start tag closes the previous <li> unless one of these lies in between (HTML "list item" scope).
const LIST_ITEM_SCOPE_BOUNDARIES: ReadonlySet<string> = new Set(['ul', ...HEADINGS]);
// Targets that stay in the same browsing context need no protection from window.opener.
const SAME_CONTEXT_TARGETS: ReadonlySet<string> = new Set(['_self', '_parent', '_top']);
// <svg/> really is self-closing in browsers (foreign content), so it must not swallow the rest of the input.
const FOREIGN_ROOTS: ReadonlySet<string> = new Set(['svg', 'math']);
const SRCSET_DESCRIPTOR = /^(?:\d+|\d*\.\d+)(?:[eE][+-]?\d+)?[wx]$/;

interface OpenElement {
  readonly name: string;
  // Stack index of the <li> a new <li> would close, or -1; kept per frame so the lookup stays O(1).
  readonly closableListItem: number;
}

export function sanitizeHtml(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  // NUL never survives a browser parse either; removing it up front also defeats "java\0script:" style tricks.
  const input = html.includes('\0') ? html.replaceAll('\0', '') : html;

  const output: string[] = [];
  // Our own stacks instead of htmlparser2's Parser: its stack uses unshift/indexOf, which is quadratic on deep nesting.
  const openElements: OpenElement[] = [];
  const openCounts = new Map<string, number>();
  const droppedElements: string[] = [];
  const droppedCounts = new Map<string, number>();

  // Adjacent text events are escaped in one go: per-event escaping made "<<<<…" inputs several times slower.
  let pendingText = '';
  let tagName = '';
  let attributes = new Map<string, string>();
  let attributeName = '';
  let attributeValue = '';
  // Attributes of tags we are going to discard are not worth decoding or storing.
  let collectsAttributes = false;

  const isOpen = (name: string): boolean => (openCounts.get(name) ?? 0) > 0;

  function appendMarkup(markup: string): void {
    if (pendingText !== '') {
      output.push(escapeText(pendingText));
      pendingText = '';
    }
    output.push(markup);
  }

  function pushOpenElement(name: string): void {
    const parent = openElements.at(-1);
    let closableListItem = parent?.closableListItem ?? -1;
    if (name === 'li') closableListItem = openElements.length;
    else if (LIST_ITEM_SCOPE_BOUNDARIES.has(name)) closableListItem = -1;
    openElements.push({ name, closableListItem });
    openCounts.set(name, (openCounts.get(name) ?? 0) + 1);
  }

  function popOpenElement(): void {
    const element = openElements.pop();
    if (!element) return;
    openCounts.set(element.name, (openCounts.get(element.name) ?? 1) - 1);
    appendMarkup(`</${element.name}>`);
  }

  function closeOpenElementsDownTo(depth: number): void {
    while (openElements.length > depth) popOpenElement();
  }

  // Closes the innermost open `name` and everything opened inside it; a no-op when `name` is not open.
  function closeOpenElementsThrough(name: string): void {
    if (!isOpen(name)) return;
    while (openElements.at(-1)?.name !== name) popOpenElement();
    popOpenElement();
  }

  function closeImpliedElements(name: string): void {
    if (TAGS_CLOSING_P.has(name)) closeOpenElementsThrough('p');
    if (HEADINGS.has(name) && HEADINGS.has(openElements.at(-1)?.name ?? '')) popOpenElement();
    if (name === 'li') {
      const listItem = openElements.at(-1)?.closableListItem ?? -1;
      if (listItem >= 0) closeOpenElementsDownTo(listItem);
    }
    // Nested links are invalid and browsers split them; closing the outer one matches that.
    if (name === 'a') closeOpenElementsThrough('a');
  }

  function pushDroppedElement(name: string): void {
    droppedElements.push(name);
    droppedCounts.set(name, (droppedCounts.get(name) ?? 0) + 1);
  }

  function popDroppedElementsThrough(name: string): void {
    if ((droppedCounts.get(name) ?? 0) === 0) return;
    let dropped: string | undefined;
    do {
      dropped = droppedElements.pop();
      if (dropped !== undefined) droppedCounts.set(dropped, (droppedCounts.get(dropped) ?? 1) - 1);
    } while (dropped !== undefined && dropped !== name);
  }

  function handleOpenTag(name: string, rawAttributes: Map<string, string>, selfClosing: boolean): void {
    if (forbiddenTags.has(name)) {
      if (!VOID_TAGS.has(name) && !(selfClosing && FOREIGN_ROOTS.has(name))) pushDroppedElement(name);
      return;
    }
    if (droppedElements.length > 0 || !allowedTags.has(name)) return;
    if (name === 'source' && openElements.at(-1)?.name !== 'picture') return;

    const kept = keepAllowedAttributes(name, rawAttributes);
    if (name === 'img' && !kept.has('src')) return;
    if (name === 'source' && !kept.has('srcset')) return;
    if (name === 'a') addOpenerProtection(kept);

    closeImpliedElements(name);
    appendMarkup(`<${name}${serializeAttributes(kept)}>`);
    if (!VOID_TAGS.has(name)) pushOpenElement(name);
  }

  function handleCloseTag(name: string): void {
    if (droppedElements.length > 0) {
      popDroppedElementsThrough(name);
      return;
    }
    if (allowedTags.has(name)) closeOpenElementsThrough(name);
  }

  const callbacks: TokenizerCallbacks = {
    ontext(start, end) {
      if (droppedElements.length === 0) pendingText += input.slice(start, end);
    },
    ontextentity(codePoint) {
      if (droppedElements.length === 0) pendingText += convertCodePoint(codePoint);
    },
    onopentagname(start, end) {
      tagName = lowerCaseAscii(input.slice(start, end));
      collectsAttributes = droppedElements.length === 0 && allowedTags.has(tagName);
      if (collectsAttributes) attributes = new Map();
    },
    onattribname(start, end) {
      if (collectsAttributes) attributeName = lowerCaseAscii(input.slice(start, end));
      attributeValue = '';
    },
    onattribdata(start, end) {
      if (collectsAttributes) attributeValue += input.slice(start, end);
    },
    onattribentity(codePoint) {
      if (collectsAttributes) attributeValue += convertCodePoint(codePoint);
    },
    onattribend() {
      // Browsers keep the first of duplicated attributes, so we validate the same one they would use.
      if (collectsAttributes && !attributes.has(attributeName)) attributes.set(attributeName, attributeValue);
      attributeValue = '';
    },
    onopentagend() {
      handleOpenTag(tagName, attributes, false);
    },
    onselfclosingtag() {
      handleOpenTag(tagName, attributes, true);
    },
    onclosetag(start, end) {
      handleCloseTag(lowerCaseAscii(input.slice(start, end)));
    },
    oncomment() {},
    oncdata() {},
    ondeclaration() {},
    onprocessinginstruction() {},
    onend() {
      closeOpenElementsDownTo(0);
      appendMarkup('');
    },
  };

  const tokenizer = new Tokenizer({ xmlMode: false, decodeEntities: true }, callbacks);
  tokenizer.write(input);
  tokenizer.end();
  return output.join('');
}

function keepAllowedAttributes(tag: string, rawAttributes: Map<string, string>): Map<string, string> {
  const tagAttributes = ATTRIBUTES_BY_TAG.get(tag);
  const kept = new Map<string, string>();
  for (const [name, value] of rawAttributes) {
    if (!GLOBAL_ATTRIBUTES.has(name) && !tagAttributes?.has(name)) continue;
    const safeValue = URL_ATTRIBUTES.has(name)
      ? tag === 'img'
        ? sanitizeImageSrc(value)
        : sanitizeUrl(value)
      : name === 'srcset'
        ? sanitizeSrcset(value)
        : value;
    if (safeValue !== null) kept.set(name, safeValue);
  }
  return kept;
}

function addOpenerProtection(attributes: Map<string, string>): void {
  const target = lowerCaseAscii(trimControlsAndSpaces(attributes.get('target') ?? ''));
  if (target !== '' && !SAME_CONTEXT_TARGETS.has(target)) attributes.set('rel', 'noopener noreferrer');
}

function serializeAttributes(attributes: Map<string, string>): string {
  let serialized = '';
  for (const [name, value] of attributes) serialized += ` ${name}="${escapeAttribute(value)}"`;
  return serialized;
}

/**
 * A picture's address: what sanitizeUrl keeps, but fetched, not followed — a path (the shop's uploads under /images/)
 * or http(s) only; mailto: and tel: are no pictures.
 */
export function sanitizeImageSrc(src: string): string | null {
  const kept = sanitizeUrl(src);
  if (kept === null) return null;
  return /^(?:mailto|tel):/i.test(removeInvisibleCharacters(kept)) ? null : kept;
}

/** Returns the URL to keep (trimmed), or null when it is empty or uses a scheme outside ALLOWED_URL_SCHEMES. */
export function sanitizeUrl(url: string): string | null {
  const trimmed = trimControlsAndSpaces(url);
  // Strip everything a browser (old or new) might skip inside a scheme, so "jav\tascript:" is seen as "javascript:".
  const compact = removeInvisibleCharacters(trimmed);
  if (compact === '') return null;
  const schemeEnd = compact.search(/[:/?#]/);
  // Anything before the first ":" counts as a scheme, even an invalid one: rejecting "foo:bar" costs nothing.
  if (schemeEnd !== -1 && compact[schemeEnd] === ':') {
    const scheme = lowerCaseAscii(compact.slice(0, schemeEnd + 1));
    if (!allowedSchemes.has(scheme)) return null;
  }
  return trimmed;
}

// Follows the HTML srcset parsing steps for URLs, but insists on plain "1.5x"/"640w" descriptors so that no part of
// the value can be read as a URL by a browser without having passed sanitizeUrl here.
function sanitizeSrcset(srcset: string): string | null {
  const candidates: string[] = [];
  let position = 0;
  while (true) {
    while (position < srcset.length && (isSrcsetSpace(srcset, position) || srcset[position] === ','))
      position++;
    if (position >= srcset.length) break;
    const urlStart = position;
    while (position < srcset.length && !isSrcsetSpace(srcset, position)) position++;
    let url = srcset.slice(urlStart, position);
    let descriptors: string[] = [];
    if (url.endsWith(',')) {
      // A loop, not /,+$/: that regex backtracks quadratically on long runs of commas inside the URL.
      let urlEnd = url.length;
      while (url[urlEnd - 1] === ',') urlEnd--;
      url = url.slice(0, urlEnd);
    } else {
      const descriptorStart = position;
      while (position < srcset.length && srcset[position] !== ',') position++;
      descriptors = srcset
        .slice(descriptorStart, position)
        .split(/[\t\n\f\r ]+/)
        .filter((descriptor) => descriptor !== '');
    }
    // A URL that needed trimming could end with a comma once trimmed and re-split differently next time.
    if (sanitizeUrl(url) !== url) return null;
    if (!descriptors.every((descriptor) => SRCSET_DESCRIPTOR.test(descriptor))) return null;
    candidates.push(descriptors.length > 0 ? `${url} ${descriptors.join(' ')}` : url);
  }
  return candidates.length > 0 ? candidates.join(', ') : null;
}

function isSrcsetSpace(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}

function isControlOrSpace(code: number): boolean {
  return code <= 0x20;
}

function trimControlsAndSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isControlOrSpace(text.charCodeAt(start))) start++;
  while (end > start && isControlOrSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

function isInvisible(code: number): boolean {
  return (
    code <= 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    code === 0xad ||
    code === 0x1680 ||
    code === 0x180e ||
    (code >= 0x2000 && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202f) ||
    (code >= 0x205f && code <= 0x206f) ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function removeInvisibleCharacters(text: string): string {
  let result = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!isInvisible(code)) result += text[index];
  }
  return result;
}

// Only ASCII letters fold, as in the HTML parser; String#toLowerCase would turn "K" (Kelvin sign) into "k".
function lowerCaseAscii(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text;
}

function convertCodePoint(codePoint: number): string {
  const isValid = codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
  return String.fromCodePoint(isValid ? codePoint : 0xfffd);
}

function escapeText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/[&<>]/g, escapeCharacter) : text;
}

function escapeAttribute(value: string): string {
  return /[&"<>]/.test(value) ? value.replace(/[&"<>]/g, escapeCharacter) : value;
}

function escapeCharacter(character: string): string {
  switch (character) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    default:
      return '&quot;';
  }
}
