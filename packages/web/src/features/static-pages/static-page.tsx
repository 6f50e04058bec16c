// Static and legal pages of spec §2: text kept in the database, rendered through the sanitiser.

import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { JsonLd } from '../../components/ui/json-ld.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { organizationJsonLd, webSiteJsonLd } from '../../components/ui/structured-data.ts';
import { useAppContext } from '../../lib/app-context.tsx';
import type { StaticPageData } from '../../lib/page-loader.ts';
import { useLoaderData } from '../../lib/router/router-view.tsx';

export { createStaticPageLoader, getStaticPageMeta } from './static-page-loader.ts';

const CONTACTS_URL = '/kontakt.html';

export function StaticPage() {
  const { page } = useLoaderData() as StaticPageData;
  const { origin } = useAppContext();
  return (
    <div className="container page">
      {/* The contacts page is where search engines look for the address, phones and hours. */}
      {page.url === CONTACTS_URL && (
        <>
          <JsonLd data={organizationJsonLd(origin)} />
          <JsonLd data={webSiteJsonLd(origin)} />
        </>
      )}
      <Breadcrumbs items={[{ name: page.title }]} />
      <article className={page.kind === 'legal' ? 'static-page static-page--legal' : 'static-page'}>
        <h1>{page.title}</h1>
        <RichText html={page.html} />
      </article>
    </div>
  );
}
