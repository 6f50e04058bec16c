// A recipe: the article frame plus yield, time and the ingredients, each linked to the product when the shop sells it.
import type { ImageRef, RouteResponse } from '@efir/domain/catalog-wire';
import { SHOP } from '@efir/domain/shop-info';
import { Link } from 'react-router';
import { useAppContext } from '../../app/app-context.tsx';
import { FavoriteButton } from '../../app/user-list-buttons.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { breadcrumbJsonLd, JsonLd } from '../../components/ui/json-ld.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { PriceTag } from '../../components/ui/product-card.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import {
  AuthorBox,
  absoluteImageUrl,
  type PublicationData,
  PublicationMeta,
  publicationCrumbs,
  TagChips,
} from './article-page.tsx';
import './content.css';

export interface RecipeData extends PublicationData {
  yield: string;
  time_minutes: number;
}

export interface IngredientProduct {
  id: number;
  name: string | null;
  url: string;
  volume: string | null;
  cena: number | null;
  cena_st: number | null;
  stock: number | null;
  katGlobal: number | null;
  image: ImageRef | null;
}

/** One line of data.components on a recipe page. */
export interface Ingredient {
  id: number;
  name: string;
  amount: string;
  product: IngredientProduct | null;
}

/** «45 мин», «1 ч», «1 ч 20 мин»; empty for no time. */
export function formatDuration(minutes: number): string {
  if (!(minutes > 0)) return '';
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${rest} мин`;
  return rest > 0 ? `${hours} ч ${rest} мин` : `${hours} ч`;
}

/** ISO 8601 duration for schema.org: 80 → «PT80M». */
export function toIsoDuration(minutes: number): string | undefined {
  return minutes > 0 ? `PT${Math.round(minutes)}M` : undefined;
}

/** «Масло ши — 30 г»: how an ingredient reads in a list and in structured data. */
export function formatIngredient(ingredient: Pick<Ingredient, 'name' | 'amount'>): string {
  return ingredient.amount ? `${ingredient.name} — ${ingredient.amount}` : ingredient.name;
}

export function readIngredients(components: readonly unknown[]): Ingredient[] {
  return components.filter(
    (item): item is Ingredient =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as Ingredient).name === 'string' &&
      typeof (item as Ingredient).id === 'number',
  );
}

export function buildRecipeJsonLd(origin: string, recipe: RecipeData, ingredients: Ingredient[]) {
  const image = absoluteImageUrl(origin, recipe.image);
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    description: recipe.excerpt || undefined,
    datePublished: recipe.published_at,
    ...(image ? { image: [image] } : {}),
    author: recipe.author
      ? { '@type': 'Person', name: recipe.author.name, url: `${origin}${recipe.author.url}` }
      : { '@type': 'Organization', name: SHOP.name, url: `${origin}/` },
    recipeYield: recipe.yield || undefined,
    totalTime: toIsoDuration(recipe.time_minutes),
    recipeIngredient: ingredients.map(formatIngredient),
    ...(recipe.razdel ? { recipeCategory: recipe.razdel.name } : {}),
    ...(recipe.votes_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: recipe.avg_rating,
            ratingCount: recipe.votes_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

function IngredientLine({ ingredient }: { ingredient: Ingredient }) {
  const { product } = ingredient;
  return (
    <li className="ingredient">
      <div className="ingredient__text">
        <span className="ingredient__name">{ingredient.name}</span>
        {ingredient.amount && <span className="ingredient__amount">{ingredient.amount}</span>}
      </div>
      {product && (
        <div className="ingredient__product">
          <Link to={product.url} className="ingredient__link">
            <Picture image={product.image} alt="" width={80} height={80} className="ingredient__picture" />
            <span>
              {product.name ?? ingredient.name}
              {product.volume && <span className="ingredient__volume">, {product.volume}</span>}
            </span>
          </Link>
          <span className="ingredient__buy">
            {product.cena !== null && <PriceTag cena={product.cena} cenaSt={product.cena_st ?? 0} />}
            {product.stock !== null && (
              <span className={product.stock > 0 ? 'stock stock--in' : 'stock stock--out'}>
                {product.stock > 0 ? 'В наличии' : 'Нет в наличии'}
              </span>
            )}
          </span>
        </div>
      )}
    </li>
  );
}

export function RecipePage({ data }: { data: RouteResponse }) {
  const { origin } = useAppContext();
  const { page } = data;
  const recipe = page.com_data as RecipeData;
  const ingredients = readIngredients(data.components);
  const sold = ingredients.filter((item) => item.product !== null);
  const crumbs = publicationCrumbs(page, recipe.title);
  const duration = formatDuration(recipe.time_minutes);
  return (
    <div className="container page publication-page">
      <Breadcrumbs items={crumbs} />
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <JsonLd data={buildRecipeJsonLd(origin, recipe, ingredients)} />
      <article className="publication">
        <header className="publication__head">
          {recipe.razdel && (
            <Link to={recipe.razdel.url} className="publication__razdel">
              {recipe.razdel.name}
            </Link>
          )}
          <h1>{recipe.title}</h1>
          <PublicationMeta data={recipe} page={page} />
          <div className="publication__actions">
            <FavoriteButton type="recept" id={recipe.id} />
          </div>
        </header>
        <Picture
          image={recipe.image}
          alt={recipe.title}
          width={1200}
          height={675}
          className="publication__cover"
          eager
          sizes="(min-width: 880px) 820px, 100vw"
        />
        {recipe.excerpt && <p className="publication__lead">{recipe.excerpt}</p>}

        {(recipe.yield || duration) && (
          <dl className="recipe-facts">
            {recipe.yield && (
              <div>
                <dt>Выход</dt>
                <dd>{recipe.yield}</dd>
              </div>
            )}
            {duration && (
              <div>
                <dt>Время</dt>
                <dd>
                  <time dateTime={toIsoDuration(recipe.time_minutes)}>{duration}</time>
                </dd>
              </div>
            )}
            {ingredients.length > 0 && (
              <div>
                <dt>Ингредиентов</dt>
                <dd>{ingredients.length}</dd>
              </div>
            )}
          </dl>
        )}

        {ingredients.length > 0 && (
          <section className="ingredients" aria-labelledby="recipe-ingredients">
            <h2 id="recipe-ingredients">Ингредиенты</h2>
            <ul className="ingredients__list">
              {ingredients.map((ingredient) => (
                <IngredientLine key={ingredient.id} ingredient={ingredient} />
              ))}
            </ul>
            {sold.length > 0 && (
              <div className="ingredients__cart">
                {/* The cart arrives in a later update: the button says so instead of pretending to work. */}
                <button
                  type="button"
                  className="button"
                  disabled
                  title="Корзина появится в следующем обновлении"
                  aria-describedby="recipe-cart-note"
                >
                  Добавить все ингредиенты в корзину
                </button>
                <p id="recipe-cart-note" className="ingredients__note">
                  Корзина появится в следующем обновлении. Пока ингредиенты можно открыть по ссылкам выше.
                </p>
              </div>
            )}
          </section>
        )}

        <RichText html={recipe.html} className="publication__body" />
        <TagChips tags={recipe.tags} kind="recept" />
        <AuthorBox author={recipe.author} />
      </article>
    </div>
  );
}
