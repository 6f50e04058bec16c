// The only place rich text enters the DOM: always through the one sanitiser of spec §5. The sanitiser's parser is
// large, so the browser does not need it to show a page: the server renders the sanitised HTML, the browser keeps
// that HTML until the sanitiser's code has arrived (after the page is shown) and then hydrates it, sanitising the
// same text to the same HTML. Both sides render the same Suspense boundary, so the markup matches at hydration.
import { lazy, memo, Suspense } from 'react';

export interface RichTextProps {
  html: string;
  className?: string;
}

// On the server (and in tests) the sanitiser is there from the start; the browser build drops this import.
const serverSanitizer = import.meta.env.SSR ? await import('@efir/domain/sanitize-html') : null;

const BrowserSanitizedHtml = lazy(() => import('./sanitized-html.tsx'));

export function SanitizedDiv({ safeHtml, className }: { safeHtml: string; className?: string }) {
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      dangerouslySetInnerHTML={{ __html: safeHtml }}
    />
  );
}

// memo: an update from above must not reach the boundary before it hydrated (React would then replace the server
// HTML by the empty fallback until the sanitiser arrives).
export const RichText = memo(function RichText({ html, className }: RichTextProps) {
  return (
    <Suspense fallback={null}>
      {serverSanitizer ? (
        <SanitizedDiv safeHtml={serverSanitizer.sanitizeHtml(html)} className={className} />
      ) : (
        <BrowserSanitizedHtml html={html} className={className} />
      )}
    </Suspense>
  );
});
