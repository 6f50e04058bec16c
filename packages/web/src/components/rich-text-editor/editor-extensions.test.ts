// The editor offers nothing the sanitiser would strip: every node and mark of its schema renders to allowed markup.
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from '@efir/domain/sanitize-html';
import { getSchema } from '@tiptap/core';
import type { DOMOutputSpec, Mark, Node } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import {
  createEditorExtensions,
  EDITOR_HEADING_LEVELS,
  isAllowedLink,
  plainOffsetToPosition,
  plainTextToDoc,
} from './editor-extensions.ts';

/** Tag names and attribute names of a ProseMirror DOM spec (the array form), without a DOM. */
function collect(spec: DOMOutputSpec, found: { tags: string[]; attributes: string[] }) {
  if (!Array.isArray(spec)) return found;
  const [tag, ...rest] = spec as unknown as [string, ...unknown[]];
  found.tags.push(tag.split(' ').pop()!);
  for (const part of rest) {
    if (Array.isArray(part)) collect(part as unknown as DOMOutputSpec, found);
    else if (part && typeof part === 'object') {
      for (const [name, value] of Object.entries(part))
        if (value !== null && value !== undefined) found.attributes.push(name);
    }
  }
  return found;
}

describe('the editor schema', () => {
  const schema = getSchema(createEditorExtensions());

  it('has only paragraphs, headings 2–3, bullet lists, line breaks, bold and links', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual(
      ['bulletList', 'doc', 'hardBreak', 'heading', 'listItem', 'paragraph', 'text'].sort(),
    );
    expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'link']);
    expect(EDITOR_HEADING_LEVELS).toEqual([2, 3]);
  });

  it('renders every node and mark to tags and attributes the sanitiser keeps', () => {
    const allowedTags = new Set<string>(ALLOWED_TAGS);
    const allowedAttributes = new Set<string>([...ALLOWED_ATTRIBUTES, 'rel']);
    const found = { tags: [] as string[], attributes: [] as string[] };
    for (const [name, type] of Object.entries(schema.nodes)) {
      if (name === 'doc' || name === 'text' || !type.spec.toDOM) continue;
      const samples = name === 'heading' ? EDITOR_HEADING_LEVELS.map((level) => ({ level })) : [{}];
      for (const attrs of samples) collect(type.spec.toDOM(type.create(attrs) as Node), found);
    }
    for (const type of Object.values(schema.marks)) {
      const attrs = type.name === 'link' ? { href: 'https://efir.example/', target: '_blank' } : {};
      collect(type.spec.toDOM!(type.create(attrs) as Mark, true), found);
    }
    expect(new Set(found.tags)).toEqual(new Set(['p', 'h2', 'h3', 'ul', 'li', 'br', 'strong', 'a']));
    for (const tag of found.tags) expect(allowedTags.has(tag), tag).toBe(true);
    for (const attribute of found.attributes) expect(allowedAttributes.has(attribute), attribute).toBe(true);
  });

  it('takes links only to addresses the sanitiser keeps', () => {
    expect(isAllowedLink('https://efir.example/lavanda')).toBe(true);
    expect(isAllowedLink('mailto:info@efir-shop.ru')).toBe(true);
    expect(isAllowedLink('/catalog.html')).toBe(true);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink(' JaVa\tScRiPt:alert(1)')).toBe(false);
    expect(isAllowedLink('data:text/html,<script>alert(1)</script>')).toBe(false);
  });
});

describe('text carried over from the plain box', () => {
  const schema = getSchema(createEditorExtensions());

  it.each(['Очень', 'Очень ', '  два пробела в начале', 'первая строка\nвторая', 'абзац\n\nещё абзац\n', ''])(
    'keeps %j as typed, and every caret position in it',
    (text) => {
      const doc = schema.nodeFromJSON(plainTextToDoc(text));
      expect(doc.textBetween(0, doc.content.size, '\n', '\n')).toBe(text);
      for (let offset = 0; offset <= text.length; offset++) {
        const position = plainOffsetToPosition(text, offset);
        expect(doc.resolve(position).parent.type.name).toBe('paragraph');
        expect(doc.textBetween(0, position, '\n', '\n')).toBe(text.slice(0, offset));
      }
    },
  );
});
