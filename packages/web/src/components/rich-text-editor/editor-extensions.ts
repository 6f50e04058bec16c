// The rich-text editor's schema: only what the sanitiser of spec §5 keeps (paragraphs, bold, bullet lists, links,
// headings, line breaks), so what a visitor formats is what gets published. Loaded only with the editor itself.
import { sanitizeUrl } from '@efir/domain/sanitize-html';
import { type Extensions, type JSONContent, mergeAttributes, Node } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/** Headings a visitor may use inside a review or comment; h1 belongs to the page. */
export const EDITOR_HEADING_LEVELS = [2, 3] as const;

/** Schemes a link may use: the sanitiser's list, without the colon. */
export const EDITOR_LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'];

/** Whether a link target survives the sanitiser (relative paths and the allowed schemes). */
export function isAllowedLink(url: string): boolean {
  return sanitizeUrl(url) !== null;
}

/** A picture the text may show: a path of the shop's own (an upload under /images/) or an https address. */
export function isAllowedImageSrc(src: string): boolean {
  const kept = sanitizeUrl(src);
  return kept !== null && (/^\/(?!\/)/.test(kept) || /^https:\/\//i.test(kept));
}

/**
 * A picture in the text (the back office's articles, recipes and pages; issue 39 point 7): `<img src alt>`, a block
 * of its own, moved by dragging. Comments and reviews never get it.
 */
export const EditorImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' } };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => {
          const src = element.getAttribute('src') ?? '';
          return isAllowedImageSrc(src) ? { src, alt: element.getAttribute('alt') ?? '' } : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

export function createEditorExtensions(options: { images?: boolean } = {}): Extensions {
  return [
    ...(options.images ? [EditorImage] : []),
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

/**
 * Text typed into the plain box before the editor arrived, as the editor's document: a paragraph a line, spaces kept
 * exactly as typed (a trailing space is the start of the next word).
 */
export function plainTextToDoc(text: string): JSONContent {
  return {
    type: 'doc',
    content: text
      .split('\n')
      .map((line) =>
        line === '' ? { type: 'paragraph' } : { type: 'paragraph', content: [{ type: 'text', text: line }] },
      ),
  };
}

/** The position in plainTextToDoc(text) of an offset into the text (the caret carried over from the plain box). */
export function plainOffsetToPosition(text: string, offset: number): number {
  const lines = text.slice(0, Math.max(0, Math.min(offset, text.length))).split('\n');
  // Each line before the caret's is a paragraph: its text and the paragraph's opening and closing (2).
  return lines.reduce(
    (position, line, index) => position + line.length + (index < lines.length - 1 ? 2 : 0),
    1,
  );
}
