// Keeps <title>, the description and the canonical link in step with client-side navigation.
import { useEffect } from 'react';
import { canonicalPath, collectMeta, formatDescription, formatTitle } from '../lib/page-meta.ts';
import type { Router } from '../lib/router/router.ts';
import { useShop } from '../lib/shop.ts';

function setMetaContent(selector: string, value: string): void {
  document.head.querySelector(selector)?.setAttribute('content', value);
}

/** `origin`: the shop's canonical origin (PUBLIC_URL), which the server's canonical link also carries. */
export function HeadSync({ router, origin }: { router: Router; origin: string }) {
  const shop = useShop();
  useEffect(() => {
    return router.subscribe((state) => {
      if (state.navigation.state !== 'idle') return;
      const meta = collectMeta(state.matches, state.loaderData, state.errors);
      const title = formatTitle(meta, shop);
      const description = formatDescription(meta);
      document.title = title;
      setMetaContent('meta[name="description"]', description);
      setMetaContent('meta[property="og:title"]', title);
      setMetaContent('meta[property="og:description"]', description);
      const canonical = `${origin}${canonicalPath(state.location.pathname, meta)}`;
      document.head.querySelector('link[rel="canonical"]')?.setAttribute('href', canonical);
      setMetaContent('meta[property="og:url"]', canonical);
    });
  }, [router, origin, shop]);
  return null;
}
