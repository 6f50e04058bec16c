// A recipe: the article frame plus yield, time and the ingredients, each linked to the product when the shop sells it.
import type { ImageRef } from '@efir/domain/catalog-wire';
import type { RouteResponse } from '@efir/domain/page-wire';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { SHOP } from '@efir/domain/shop-info';
import { useState } from 'react';
import { FavoriteButton } from '../../components/shop/user-list-buttons.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { JsonLd } from '../../components/ui/json-ld.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { PriceTag } from '../../components/ui/product-card.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { addManyToCart, type BulkAddResult, CART_URL, describeLine } from '../../lib/cart-state.ts';
import type { ReviewSlots } from '../../lib/page-slots.ts';
import { Link } from '../../lib/router/link.tsx';
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

function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&laquo;/g, '«')
    .replace(/&raquo;/g, '»')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?»)])/g, '$1')
    .trim();
}

/**
 * The steps of a recipe, as its «Как приготовить» section lists them (paragraphs «Шаг 1. …» or list items);
 * a recipe without such a section is one step, its summary.
 */
export function readRecipeSteps(html: string, fallback: string): string[] {
  const section = html.match(/<h2[^>]*>[^<]*(?:приготов|сделать)[^<]*<\/h2>([\s\S]*?)(?=<h2|$)/i)?.[1] ?? '';
  const items = [...section.matchAll(/<(li|p)[^>]*>([\s\S]*?)<\/\1>/g)]
    .map((match) => plainText(match[2] ?? '').replace(/^Шаг\s*\d+\.\s*/, ''))
    .filter(Boolean);
  return items.length > 0 ? items : [fallback].filter(Boolean);
}

/** Containers and instruments among the ingredients: HowTo tools, not supplies. */
const TOOL_NAME =
  /^(Флакон|Баночка|Банка|Бутылочка|Роллер|Пипетка|Стакан|Миска|Венчик|Весы|Лопатка|Форма|Мешочек)/i;

/**
 * schema.org HowTo: the recipes are home cosmetics and scents, not food, and Google keeps Recipe for food
 * (decision 020). Supplies are the ingredients, tools the containers among them, steps the «Как приготовить» list.
 */
export function buildRecipeJsonLd(origin: string, recipe: RecipeData, ingredients: Ingredient[]) {
  const image = absoluteImageUrl(origin, recipe.image);
  const tools = ingredients.filter((item) => TOOL_NAME.test(item.name));
  const supplies = ingredients.filter((item) => !TOOL_NAME.test(item.name));
  return {
    '@context': 'https://schema.org',
    '@type': 'HowTo',
    name: recipe.title,
    description: recipe.excerpt || undefined,
    url: `${origin}${recipe.url}`,
    datePublished: recipe.published_at,
    dateModified: recipe.updated_at,
    ...(image ? { image: [image] } : {}),
    author: recipe.author
      ? { '@type': 'Person', name: recipe.author.name, url: `${origin}${recipe.author.url}` }
      : { '@type': 'Organization', name: SHOP.name, url: `${origin}/` },
    ...(recipe.yield ? { yield: recipe.yield } : {}),
    totalTime: toIsoDuration(recipe.time_minutes),
    supply: supplies.map((item) => ({ '@type': 'HowToSupply', name: formatIngredient(item) })),
    ...(tools.length > 0 ? { tool: tools.map((item) => ({ '@type': 'HowToTool', name: item.name })) } : {}),
    step: readRecipeSteps(recipe.html, recipe.excerpt).map((text, index) => ({
      '@type': 'HowToStep',
      position: index + 1,
      text,
    })),
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

/** «Добавлено 3 товара», «Добавлен 1 товар». */
export function describeAdded(count: number): string {
  return `${count === 1 ? 'Добавлен' : 'Добавлено'} ${formatCount(count, GOODS_FORMS)}`;
}

/** Every ingredient the shop has in stock goes into the cart, one unit each; the rest are named with the reason. */
function AddIngredientsToCart({ ingredients }: { ingredients: Ingredient[] }) {
  const { api, store } = useAppContext();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkAddResult | null>(null);
  const inStock = ingredients.filter((item) => (item.product?.stock ?? 0) > 0);

  const addAll = async () => {
    setBusy(true);
    setResult(null);
    const outcome = await addManyToCart(
      api,
      store,
      ingredients.flatMap((item) =>
        item.product
          ? [
              {
                id: item.product.id,
                name: item.product.name
                  ? describeLine({ name: item.product.name, volume: item.product.volume ?? '' })
                  : item.name,
                stock: item.product.stock,
              },
            ]
          : [],
      ),
    );
    setBusy(false);
    setResult(outcome);
    if (outcome.added.length > 0) {
      store.getState().showNotice({
        type: 'success',
        title: 'Ингредиенты в корзине',
        text: `${describeAdded(outcome.added.length)}.${outcome.failed.length > 0 ? ` Не получилось: ${outcome.failed.length}.` : ''}`,
        action: { to: CART_URL, label: 'Перейти в корзину' },
      });
    }
  };

  return (
    <div className="ingredients__cart">
      <button
        type="button"
        className="button"
        disabled={busy || inStock.length === 0}
        aria-busy={busy || undefined}
        onClick={() => void addAll()}
      >
        {busy ? 'Добавляем…' : 'Добавить все ингредиенты в корзину'}
      </button>
      {inStock.length === 0 && (
        <p className="ingredients__note">Сейчас ни одного ингредиента нет в наличии.</p>
      )}
      {result && (
        <div className="ingredients__result" role="status">
          {result.added.length > 0 ? (
            <p>
              {describeAdded(result.added.length)} в корзину. <Link to={CART_URL}>Перейти в корзину</Link>
            </p>
          ) : (
            <p>Ничего не добавили.</p>
          )}
          {result.failed.length > 0 && (
            <>
              <p>Не получилось добавить:</p>
              <ul>
                {result.failed.map((item) => (
                  <li key={item.name}>
                    {item.name} — {item.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}

export function RecipePage({ data, reviews }: { data: RouteResponse; reviews?: ReviewSlots }) {
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
      <JsonLd data={buildRecipeJsonLd(origin, recipe, ingredients)} />
      <article className="publication">
        <header className="publication__head">
          {recipe.razdel && (
            <Link to={recipe.razdel.url} className="publication__razdel">
              {recipe.razdel.name}
            </Link>
          )}
          <h1>{recipe.title}</h1>
          <PublicationMeta data={recipe} page={page} reviews={reviews} />
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
          preload
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
            {sold.length > 0 && <AddIngredientsToCart ingredients={sold} />}
          </section>
        )}

        <RichText html={recipe.html} className="publication__body" />
        <TagChips tags={recipe.tags} kind="recept" />
        <AuthorBox author={recipe.author} />
        {reviews?.vote}
      </article>
      {reviews?.comments}
    </div>
  );
}
