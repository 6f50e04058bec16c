// Demo shop reviews for /reviews: published ones, spread over the last months, so a fresh shop does not look empty.
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import type { Database } from '../db/client.ts';
import { shopReviews } from '../features/reviews/reviews.table.ts';
import type { SeedContext } from './seed-catalogue.ts';

const DAY = 86_400_000;

const DEMO_REVIEWS: Array<{ name: string; rating: number; daysAgo: number; html: string }> = [
  {
    name: 'Екатерина',
    rating: 5,
    daysAgo: 3,
    html: '<p>Заказывала лаванду и розмарин — пришли через два дня, упакованы очень аккуратно, каждый флакон в пупырчатой плёнке. Ароматы чистые, без спиртовой ноты.</p>',
  },
  {
    name: 'Андрей',
    rating: 5,
    daysAgo: 9,
    html: '<p>Брал набор для аромалампы в подарок маме. Помогли выбрать по телефону, подсказали, какие масла сочетаются. Мама в восторге.</p>',
  },
  {
    name: 'Ольга',
    rating: 4,
    daysAgo: 16,
    html: '<p>Качество масел отличное, к магазину претензий нет. Одна звезда долой за курьера: приехал позже обещанного интервала, но заранее позвонил.</p>',
  },
  {
    name: 'Марина',
    rating: 5,
    daysAgo: 27,
    html: '<p>Прошла курс по ароматерапии и теперь покупаю только здесь. Нравится, что к каждому маслу есть паспорт и честное описание, а в статьях — рецепты, которые правда работают.</p>',
  },
  {
    name: 'Светлана',
    rating: 5,
    daysAgo: 41,
    html: '<p>Гидролат розы — лучший, что я пробовала. Спасибо за пробник иланг-иланга в подарок!</p>',
  },
  {
    name: 'Дмитрий',
    rating: 4,
    daysAgo: 58,
    html: '<p>Удобный сайт и понятная доставка в пункт выдачи. Хотелось бы больше объёмов у базовых масел.</p>',
  },
  {
    name: 'Наталья',
    rating: 5,
    daysAgo: 73,
    html: '<p>Делаю домашнюю косметику уже третий год. Здесь всегда свежие масла и точные нормы ввода — очень выручает.</p>',
  },
];

async function seedDemoReviews(db: Database, context: SeedContext): Promise<void> {
  await db.insert(shopReviews).values(
    DEMO_REVIEWS.map((review) => {
      const at = new Date(context.now.getTime() - review.daysAgo * DAY);
      return {
        name: review.name,
        rating: review.rating,
        html: sanitizeHtml(review.html),
        status: 'published' as const,
        createdAt: at,
        moderatedAt: at,
      };
    }),
  );
}

/** For `seedSteps` in seed/seed.ts. */
export const reviewsSeedSteps = [{ name: 'reviews-001-shop-reviews', run: seedDemoReviews }];
