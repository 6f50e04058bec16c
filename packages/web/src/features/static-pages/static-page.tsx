// Static and legal pages of spec §2: text kept in the database, rendered through the sanitiser.
import { useLoaderData } from '../../app/router/router-view.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';

import type { StaticPageData } from './static-page-loader.ts';

export { createStaticPageLoader, getStaticPageMeta, type StaticPageData } from './static-page-loader.ts';

export function StaticPage() {
  const { page } = useLoaderData() as StaticPageData;
  return (
    <div className="container page">
      <Breadcrumbs items={[{ name: page.title }]} />
      <article className={page.kind === 'legal' ? 'static-page static-page--legal' : 'static-page'}>
        <h1>{page.title}</h1>
        <RichText html={page.html} />
      </article>
    </div>
  );
}
