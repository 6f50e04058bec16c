// Structured data for search engines (schema.org as JSON-LD); the JSON is escaped for a <script> element.
import { serializeForScript } from '../../lib/app-shell.tsx';

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(data) }} />;
}

export function breadcrumbJsonLd(origin: string, items: Array<{ name: string; url?: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Главная', url: '/' }, ...items].map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      ...(item.url ? { item: `${origin}${item.url}` } : {}),
    })),
  };
}
