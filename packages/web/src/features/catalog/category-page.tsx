// Placeholder: replaced by the full page in this issue.
import type { RouteResponse } from '@efir/domain/catalog-wire';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';

export function CategoryPage({ data }: { data: RouteResponse }) {
  return (
    <div className="container page">
      <Breadcrumbs items={data.page.breadcrumbs} />
      <h1>{data.page.html_title}</h1>
    </div>
  );
}
