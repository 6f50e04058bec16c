// The rich-text editor's schema: only what the sanitiser of spec §5 keeps (paragraphs, bold, bullet lists, links,
// headings, line breaks), so what a visitor formats is what gets published. Loaded only with the editor itself.
import { sanitizeUrl } from '@efir/domain/sanitize-html';
import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/** Headings a visitor may use inside a review or comment; h1 belongs to the page. */
export const EDITOR_HEADING_LEVELS = [2, 3] as const;

/** Schemes a link may use: the sanitiser's list, without the colon. */
export const EDITOR_LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'];

/** Whether a link target survives the sanitiser (relative paths and the allowed schemes). */
export function isAllowedLink(url: string): boolean {
  return sanitizeUrl(url) !== null;
}

export function createEditorExtensions(): Extensions {
  return [
    StarterKit.configure({
      // Marks and nodes the sanitiser would strip (em, u, s, code, pre, blockquote, ol, hr) are not offered at all.
      italic: false,
      underline: false,
      strike: false,
      code: false,
      codeBlock: false,
      blockquote: false,
      orderedList: false,
      horizontalRule: false,
      heading: { levels: [...EDITOR_HEADING_LEVELS] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: EDITOR_LINK_PROTOCOLS,
        isAllowedUri: (url, context) => isAllowedLink(url) && context.defaultValidate(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
      },
    }),
  ];
}
