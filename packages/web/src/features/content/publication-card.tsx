// An article or a recipe in a list: cover, title, excerpt, date, author and rating; and the grid that holds them.
import type { PublicationCard as PublicationCardData } from '@efir/domain/catalog-wire';
import { formatDateLong } from '@efir/domain/dates';
import { Picture } from '../../components/ui/picture.tsx';
import { Link } from '../../lib/router/link.tsx';
import './content.css';

/** «4,7» — one decimal the Russian way; null when nobody has rated yet. */
export function formatRating(rating: number): string | null {
  if (!(rating > 0)) return null;
  return (Math.round(rating * 10) / 10).toLocaleString('ru-RU', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

export function PublicationCard({
  item,
  eager = false,
  kindLabel,
  headingLevel = 3,
}: {
  item: PublicationCardData;
  eager?: boolean;
  /** «Статья» or «Рецепт» where both kinds share a list. */
  kindLabel?: string;
  /** 2 right under the page's h1, 3 under a section's h2: headings go down one level at a time. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rating = formatRating(item.avg_rating);
  return (
    <article className="pub-card">
      <Link to={item.url} className="pub-card__cover" tabIndex={-1} aria-hidden="true">
        <Picture
          image={item.image}
          alt=""
          width={640}
          height={360}
          eager={eager}
          sizes="(min-width: 1024px) 300px, (min-width: 600px) 45vw, 100vw"
        />
        {kindLabel && <span className="pub-card__kind">{kindLabel}</span>}
      </Link>
      <div className="pub-card__body">
        <Heading className="pub-card__title">
          <Link to={item.url}>{item.title}</Link>
        </Heading>
        {item.excerpt && <p className="pub-card__excerpt">{item.excerpt}</p>}
        <p className="pub-card__meta">
          <time dateTime={item.published_at}>{formatDateLong(item.published_at)}</time>
          {item.author && (
            <Link to={item.author.url} className="pub-card__author">
              {item.author.name}
            </Link>
          )}
          {rating && (
            <span className="pub-card__rating" role="img" aria-label={`Рейтинг ${rating} из 5`}>
              <span aria-hidden="true">★ {rating}</span>
            </span>
          )}
        </p>
      </div>
    </article>
  );
}

export function PublicationGrid({
  items,
  eagerCount = 0,
  kindLabel,
  headingLevel,
}: {
  items: PublicationCardData[];
  /** How many of the first cards are above the fold. */
  eagerCount?: number;
  kindLabel?: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="pub-grid">
      {items.map((item, index) => (
        <li key={item.url}>
          <PublicationCard
            item={item}
            eager={index < eagerCount}
            kindLabel={kindLabel}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
