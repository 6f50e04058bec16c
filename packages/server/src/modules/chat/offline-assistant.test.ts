// The offline assistant's wording: greetings, catalogue lines with prices and links, pointers to the delivery and
// contacts pages, and safety reminders exactly when a question touches on them.
import { describe, expect, it } from 'vitest';
import { describeOffer, EMPTY_KNOWLEDGE, extractKeywords, type Knowledge } from './assistant-knowledge.ts';
import { nameThread } from './chat.service.ts';
import { composeOfflineAnswer, findSafetyReminders } from './offline-assistant.ts';

const lavender: Knowledge = {
  keywords: ['лаванда'],
  offers: [
    {
      name: 'Лаванда узколистная',
      variants: [
        { volume: '10 мл', cena: 490, cenaSt: 0, url: '/lavanda-10-ml.html', inStock: true },
        { volume: '30 мл', cena: 1190, cenaSt: 1390, url: '/lavanda-30-ml.html', inStock: false },
      ],
    },
  ],
  articles: [
    {
      id: 1,
      title: 'Эфирные масла для сна',
      url: '/articles/son.html',
      excerpt: '',
      image: null,
      published_at: '2025-01-01T00:00:00.000Z',
    },
  ],
  recipes: [],
};

describe('extractKeywords', () => {
  it('keeps the words about the goods, not the asking or the service', () => {
    expect(extractKeywords('Какое масло помогает от бессонницы?')).toEqual(['бессонницы', 'сон', 'сна']);
    expect(extractKeywords('Посоветуйте, пожалуйста, масло для волос и кожи')).toEqual(['волос', 'кожи']);
    expect(extractKeywords('Масло')).toEqual(['масло']);
    expect(extractKeywords('Сколько стоит доставка СДЭК?')).toEqual([]);
    expect(extractKeywords('Иланг-иланг')).toEqual(['иланг-иланг']);
    // Sleep in any words is searched for as the catalogue names it.
    expect(extractKeywords('Не могу уснуть, что посоветуете?')).toEqual(['уснуть', 'сон', 'сна']);
    expect(extractKeywords('масло для сна')).toEqual(['сна', 'сон']);
  });
});

describe('composeOfflineAnswer', () => {
  it('answers first with the closest product, its volumes and prices, its name as the link; then articles', () => {
    const answer = composeOfflineAnswer('лаванда', lavender);
    expect(answer).toMatch(
      /^Подойдёт \[Лаванда узколистная\]\(\/lavanda-10-ml\.html\): 10 мл — 490\u00a0₽, 30 мл — 1\u00a0190\u00a0₽ \(вместо 1\u00a0390\u00a0₽\) \(нет в наличии\)\./,
    );
    expect(answer).toContain('Почитать об этом:\n• [Эфирные масла для сна](/articles/son.html)');
    expect(answer).not.toContain('Ещё в каталоге');
    expect(answer).not.toContain('Важно');
  });

  it('gives a short answer to a sleep question before the goods', () => {
    const answer = composeOfflineAnswer('Что взять для сна?', lavender);
    expect(answer).toMatch(/^Коротко: для сна выбирают мягкие вечерние ароматы/);
    expect(answer).toContain('В нашем каталоге — 1 товар:\n• [Лаванда узколистная](/lavanda-10-ml.html)');
    // «сначала» is no question about sleep.
    expect(composeOfflineAnswer('Что сначала купить?', lavender)).not.toContain('Коротко: для сна');
  });

  it('greets, thanks, and says so when nothing was found', () => {
    expect(composeOfflineAnswer('Здравствуйте!', EMPTY_KNOWLEDGE)).toMatch(/^Здравствуйте! Я консультант/);
    expect(composeOfflineAnswer('Спасибо большое', EMPTY_KNOWLEDGE)).toMatch(/^Пожалуйста!/);
    expect(composeOfflineAnswer('qwerty', EMPTY_KNOWLEDGE)).toMatch(/ничего не нашёл.*\/catalog\.html/s);
  });

  it('points delivery and contact questions to their pages', () => {
    expect(composeOfflineAnswer('Сколько стоит доставка СДЭК?', EMPTY_KNOWLEDGE)).toContain('/dostavka.html');
    expect(composeOfflineAnswer('Какой у вас телефон?', EMPTY_KNOWLEDGE)).toContain('/kontakt.html');
  });

  it('adds the safety reminder a question calls for', () => {
    expect(composeOfflineAnswer('Можно ли пить лаванду?', lavender)).toContain(
      'Важно: Эфирные масла не принимают внутрь без назначения врача.',
    );
  });
});

describe('findSafetyReminders', () => {
  it('matches whole words: «купить» is not «пить», «котёл» is no cat', () => {
    expect(findSafetyReminders('Где купить лаванду?')).toEqual([]);
    expect(findSafetyReminders('Почистить котёл')).toEqual([]);
    expect(findSafetyReminders('Можно ли капать в чай?')).toHaveLength(1);
    expect(findSafetyReminders('Дома кот и ребёнок')).toHaveLength(2);
    expect(findSafetyReminders('Я беременна, можно ли массаж?')).toHaveLength(2);
  });
});

describe('nameThread', () => {
  it('is the question itself, or its start cut at a word', () => {
    expect(nameThread('  Что   взять для сна?  ')).toBe('Что взять для сна?');
    const long = 'Подскажите пожалуйста какое масло лучше всего подойдёт для ароматизации большой комнаты';
    const name = nameThread(long);
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name.endsWith('…')).toBe(true);
    expect(long.startsWith(name.slice(0, -1))).toBe(true);
  });

  it('describes an offer without a volume', () => {
    expect(
      describeOffer({
        name: 'Аромалампа',
        variants: [{ volume: '', cena: 690, cenaSt: 0, url: '/lampa.html', inStock: true }],
      }),
    ).toBe('[Аромалампа](/lampa.html): 690\u00a0₽');
  });
});
