// Letters carry a plain-text part: the shop's rich text (already sanitised) read as text, with paragraphs and list
// items on lines of their own, entities decoded.
import { Parser } from 'htmlparser2';

const BLOCKS: ReadonlySet<string> = new Set([
  'p',
  'div',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
]);

export function htmlToLetterText(html: string): string {
  let text = '';
  const parser = new Parser(
    {
      ontext(chunk) {
        text += chunk;
      },
      onopentag(name, attributes) {
        if (name === 'li') text += '\n• ';
        else if (name === 'br') text += '\n';
        else if (name === 'img' && attributes.alt) text += `[${attributes.alt}]`;
      },
      onclosetag(name) {
        if (BLOCKS.has(name)) text += '\n';
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
