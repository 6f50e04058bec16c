// The only place rich text enters the DOM: always through the one sanitiser of spec §5.
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { useMemo } from 'react';

export function RichText({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
