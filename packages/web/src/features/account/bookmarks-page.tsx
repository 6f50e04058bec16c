// /my-bookmarks: the recipes and articles the user saved, each with «Убрать из закладок».
import type { FavoritePathType } from '@efir/domain/account-schemas';
import type { BookmarksAnswer } from '@efir/domain/account-wire';
import type { PublicationCard } from '@efir/domain/catalog-wire';
import { formatDateLong } from '@efir/domain/dates';
import { formatCount } from '@efir/domain/plural';
import {
  AccountHeading,
  AccountSection,
  ARTICLE_FORMS,
  EmptyState,
  LoadFailed,
  Loading,
  RECIPE_FORMS,
} from '../../components/shop/account-ui.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { useAccountData } from '../../lib/remote-data.ts';
import { Link } from '../../lib/router/link.tsx';
import { toggleFavorite } from '../../lib/user-lists.ts';
import { RemoveFromList } from './favorites-page.tsx';

function BookmarkCard({ item, onRemove }: { item: PublicationCard; onRemove(): Promise<void> }) {
  return (
    <li className="bookmark">
      <Link to={item.url} className="bookmark__cover" tabIndex={-1} aria-hidden="true">
        <Picture image={item.image} alt="" width={320} height={180} />
      </Link>
      <div className="bookmark__body">
        <h3 className="bookmark__title">
          <Link to={item.url}>{item.title}</Link>
        </h3>
        <p className="bookmark__meta">
          <time dateTime={item.published_at}>{formatDateLong(item.published_at)}</time>
          {item.author && <span> · {item.author.name}</span>}
        </p>
        <RemoveFromList label="Убрать из закладок" itemName={item.title} onRemove={onRemove} />
      </div>
    </li>
  );
}

export function BookmarksPage() {
  const { api, store } = useAppContext();
  const bookmarks = useAccountData('/v1/my-bookmarks', (answer: BookmarksAnswer) => answer);
  const remove = async (type: FavoritePathType, key: 'recepts' | 'articles', id: number) => {
    const stillThere = await toggleFavorite(api, store, type, id);
    if (!stillThere)
      bookmarks.update((data) => ({ ...data, [key]: data[key].filter((item) => item.id !== id) }));
  };
  const empty =
    bookmarks.status === 'ready' && bookmarks.data.recepts.length + bookmarks.data.articles.length === 0;

  return (
    <div className="account-page">
      <AccountHeading title="Закладки" lead="Рецепты и статьи, к которым хочется вернуться." />
      {bookmarks.status === 'loading' && <Loading />}
      {bookmarks.status === 'error' && <LoadFailed error={bookmarks.error} onRetry={bookmarks.reload} />}
      {empty && (
        <EmptyState
          title="Закладок пока нет"
          icon="bookmark"
          action={
            <div className="button-row">
              <Link to="/recept.html" className="button">
                Рецепты
              </Link>
              <Link to="/articles-new.html" className="button button--ghost">
                Статьи
              </Link>
            </div>
          }
        >
          Нажмите «В избранное» на странице рецепта или статьи — и она появится здесь.
        </EmptyState>
      )}
      {bookmarks.status === 'ready' && !empty && (
        <>
          {bookmarks.data.recepts.length > 0 && (
            <AccountSection
              title="Рецепты"
              id="bookmarks-recepts"
              aside={
                <span className="muted small">
                  {formatCount(bookmarks.data.recepts.length, RECIPE_FORMS)}
                </span>
              }
            >
              <ul className="bookmark-list">
                {bookmarks.data.recepts.map((item) => (
                  <BookmarkCard
                    key={item.id}
                    item={item}
                    onRemove={() => remove('recept', 'recepts', item.id)}
                  />
                ))}
              </ul>
            </AccountSection>
          )}
          {bookmarks.data.articles.length > 0 && (
            <AccountSection
              title="Статьи"
              id="bookmarks-articles"
              aside={
                <span className="muted small">
                  {formatCount(bookmarks.data.articles.length, ARTICLE_FORMS)}
                </span>
              }
            >
              <ul className="bookmark-list">
                {bookmarks.data.articles.map((item) => (
                  <BookmarkCard
                    key={item.id}
                    item={item}
                    onRemove={() => remove('menu', 'articles', item.id)}
                  />
                ))}
              </ul>
            </AccountSection>
          )}
        </>
      )}
    </div>
  );
}
