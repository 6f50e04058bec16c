// The browser's half of RichText: loaded on demand with the sanitiser (see rich-text.tsx).
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { useMemo } from 'react';
import { type RichTextProps, SanitizedDiv } from './sanitized-div.tsx';

export default function SanitizedHtml({ html, className }: RichTextProps) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return <SanitizedDiv safeHtml={safe} className={className} />;
}
