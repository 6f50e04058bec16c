// The element sanitised rich text is put into, shared by RichText (rich-text.tsx) and its browser half loaded on
// demand (sanitized-html.tsx): its own file, so the lazy half does not import the file that loads it.

export interface RichTextProps {
  html: string;
  className?: string;
}

export function SanitizedDiv({ safeHtml, className }: { safeHtml: string; className?: string }) {
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      dangerouslySetInnerHTML={{ __html: safeHtml }}
    />
  );
}
