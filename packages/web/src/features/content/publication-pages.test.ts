// Article and recipe page logic: reading time, durations, ingredient lines and the schema.org data.
import { describe, expect, it } from 'vitest';
import {
  authorAnchor,
  buildArticleJsonLd,
  estimateReadingMinutes,
  formatComments,
  formatReadingTime,
  type PublicationData,
} from './article-page.tsx';
import { formatRating } from './publication-card.tsx';
import { readSectionLinks } from './razdel-page.tsx';
import {
  buildRecipeJsonLd,
  formatDuration,
  formatIngredient,
  type RecipeData,
  readIngredients,
  readRecipeSteps,
  toIsoDuration,
} from './recipe-page.tsx';

const origin = 'https://efir.example';

const article: PublicationData = {
  id: 7,
  title: 'Эфирные масла для сна',
  url: '/articles/efirnye-masla-dlya-sna.html',
  excerpt: 'Лаванда, мандарин, ветивер и кедр.',
  html: '<p>Текст</p>',
  image: { filename: 'articles/son.jpg', basename: 'articles/son' },
  published_at: '2026-11-15T06:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  author: {
    id: 4,
    name: 'Елена Кузнецова',
    url: '/authors#elena-kuznetsova',
    position: 'Клинический ароматерапевт',
    photo: null,
  },
  razdel: { id: 5, name: 'Дом и настроение', url: '/razdel/dom-i-nastroenie' },
  tags: [],
  avg_rating: 0,
  votes_count: 0,
  comments_count: 0,
};

describe('reading time and counts', () => {
  it('counts words of the text, not of the markup, at 180 a minute and at least one minute', () => {
    expect(estimateReadingMinutes('<p>Коротко.</p>')).toBe(1);
    const words = Array.from({ length: 900 }, () => 'слово').join(' ');
    expect(estimateReadingMinutes(`<h2 class="title">Заголовок</h2><p>${words}</p>`)).toBe(5);
  });

  it('uses the Russian plural forms', () => {
    expect(formatReadingTime(1)).toBe('1 минута чтения');
    expect(formatReadingTime(3)).toBe('3 минуты чтения');
    expect(formatReadingTime(11)).toBe('11 минут чтения');
    expect(formatReadingTime(21)).toBe('21 минута чтения');
    expect(formatComments(0)).toBe('Комментариев пока нет');
    expect(formatComments(1)).toBe('1 комментарий');
    expect(formatComments(4)).toBe('4 комментария');
    expect(formatComments(25)).toBe('25 комментариев');
  });

  it('shows a rating with one decimal and nothing when nobody voted', () => {
    expect(formatRating(4.66)).toBe('4,7');
    expect(formatRating(5)).toBe('5,0');
    expect(formatRating(0)).toBeNull();
  });
});

describe('article structured data', () => {
  it('is an Article by a Person, published by the shop, with absolute addresses', () => {
    const data = buildArticleJsonLd(origin, article);
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: 'Эфирные масла для сна',
      datePublished: '2026-11-15T06:00:00.000Z',
      dateModified: '2026-11-20T10:00:00.000Z',
      image: ['https://efir.example/images/articles/son.jpg'],
      author: { '@type': 'Person', name: 'Елена Кузнецова', url: `${origin}/authors#elena-kuznetsova` },
      publisher: { '@type': 'Organization', name: 'Эфир' },
    });
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it('adds the rating once there are votes', () => {
    expect(buildArticleJsonLd(origin, { ...article, avg_rating: 4.5, votes_count: 2 })).toMatchObject({
      aggregateRating: { ratingValue: 4.5, ratingCount: 2 },
    });
  });

  it('finds the author card anchor in the author address', () => {
    expect(authorAnchor({ id: 4, url: '/authors#elena-kuznetsova' })).toBe('elena-kuznetsova');
    expect(authorAnchor({ id: 4, url: '/authors' })).toBe('author-4');
  });
});

describe('recipes', () => {
  it('formats the time the Russian way and as an ISO 8601 duration', () => {
    expect(formatDuration(45)).toBe('45 мин');
    expect(formatDuration(60)).toBe('1 ч');
    expect(formatDuration(80)).toBe('1 ч 20 мин');
    expect(formatDuration(0)).toBe('');
    expect(toIsoDuration(80)).toBe('PT80M');
    expect(toIsoDuration(0)).toBeUndefined();
  });

  const components = [
    { id: 1, name: 'Масло ши', amount: '10 г', product: { id: 3, url: '/maslo-shi-100-g.html' } },
    { id: 2, name: 'Баночка', amount: '', product: null },
    { broken: true },
  ];

  it('reads the ingredient lines of the page data', () => {
    const ingredients = readIngredients(components);
    expect(ingredients.map((item) => item.id)).toEqual([1, 2]);
    expect(ingredients.map(formatIngredient)).toEqual(['Масло ши — 10 г', 'Баночка']);
  });

  it('is a HowTo (home cosmetics, not food) with supplies, tools, steps, yield, time, author and dates', () => {
    const recipe: RecipeData = {
      ...article,
      title: 'Крем для рук',
      yield: '100 г крема',
      time_minutes: 60,
      html: '<p>Вступление</p><h2>Вам понадобится</h2><ul><li>Масло ши</li></ul><h2>Как приготовить</h2><p><b>Шаг 1.</b> Растопите ши&nbsp;на водяной бане.</p><p><b>Шаг 2.</b> Переложите в <a href="/x">баночку</a>.</p><h2>Хранение</h2><p>В холодильнике.</p>',
    };
    const data = buildRecipeJsonLd(origin, recipe, readIngredients(components));
    expect(data).toMatchObject({
      '@type': 'HowTo',
      name: 'Крем для рук',
      supply: [{ '@type': 'HowToSupply', name: 'Масло ши — 10 г' }],
      tool: [{ '@type': 'HowToTool', name: 'Баночка' }],
      step: [
        { '@type': 'HowToStep', position: 1, text: 'Растопите ши на водяной бане.' },
        { '@type': 'HowToStep', position: 2, text: 'Переложите в баночку.' },
      ],
      yield: '100 г крема',
      totalTime: 'PT60M',
      author: { '@type': 'Person', name: 'Елена Кузнецова' },
      datePublished: article.published_at,
      dateModified: article.updated_at,
      image: ['https://efir.example/images/articles/son.jpg'],
    });
    expect(JSON.stringify(data)).not.toContain('Recipe');
  });

  it('makes a recipe without a «Как приготовить» section one step, its summary', () => {
    expect(readRecipeSteps('<p>Просто смешайте.</p>', 'Смешайте масла.')).toEqual(['Смешайте масла.']);
  });
});

describe('section links', () => {
  it('keeps entries with an id, a name and an address', () => {
    expect(
      readSectionLinks([
        { id: 1, name: 'Уход за лицом', url: '/razdel/uhod-za-licom', description: '…' },
        { id: 2, name: 'Без адреса' },
      ]),
    ).toEqual([{ id: 1, name: 'Уход за лицом', url: '/razdel/uhod-za-licom' }]);
  });
});
