// The footer is at the bottom of every page: the server renders it, and its code (links, phones, the networks'
// marks) loads when it comes near the screen or at the first interaction, not with the page's first scripts. Until
// then the browser keeps the server's HTML, so nothing moves (lib/deferred-code.ts). memo: the layout re-renders on
// every navigation, and an update must not reach the boundary before it hydrated (React would drop the server HTML).
import { lazy, memo, Suspense } from 'react';
import { heldBackImport, LoadWhenShown, whenNearScreen } from '../../lib/deferred-code.ts';

const footerCode = heldBackImport(
  () => import('./site-footer.tsx'),
  () => whenNearScreen(document.querySelector('.site-footer')),
);
const LazyFooter = lazy(() => footerCode.load().then((module) => ({ default: module.SiteFooter })));

export const DeferredFooter = memo(function DeferredFooter() {
  return (
    <Suspense fallback={<LoadWhenShown code={footerCode} />}>
      <LazyFooter />
    </Suspense>
  );
});
