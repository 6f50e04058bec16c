// The only place rich text enters the DOM: always through the one sanitiser of spec §5. The sanitiser's parser is
// large, so the browser does not need it to show a page: the server renders the sanitised HTML, the browser keeps
// that HTML until the sanitiser's code has arrived and then hydrates it, sanitising the same text to the same HTML.
// Both sides render the same Suspense boundary, so the markup matches at hydration. While the server's HTML stands
// in, the code waits for the visitor's first interaction (until the page changes, that HTML is all it needs); a rich
// text rendered in the browser shows the fallback, which loads it at once (lib/deferred-code.ts).
import { lazy, memo, Suspense } from 'react';
import { heldBackImport, LoadWhenShown, whenInteracted } from '../../lib/deferred-code.ts';
import { type RichTextProps, SanitizedDiv } from './sanitized-div.tsx';

// On the server (and in tests) the sanitiser is there from the start; the browser build drops this import.
const serverSanitizer = import.meta.env.SSR ? await import('@efir/domain/sanitize-html') : null;

const browserSanitizer = heldBackImport(() => import('./sanitized-html.tsx'), whenInteracted);
const BrowserSanitizedHtml = lazy(browserSanitizer.load);

// memo: an update from above must not reach the boundary before it hydrated (React would then replace the server
// HTML by the empty fallback until the sanitiser arrives).
export const RichText = memo(function RichText({ html, className }: RichTextProps) {
  return (
    <Suspense fallback={<LoadWhenShown code={browserSanitizer} />}>
      {serverSanitizer ? (
        <SanitizedDiv safeHtml={serverSanitizer.sanitizeHtml(html)} className={className} />
      ) : (
        <BrowserSanitizedHtml html={html} className={className} />
      )}
    </Suspense>
  );
});
