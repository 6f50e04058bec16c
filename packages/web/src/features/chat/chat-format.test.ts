// The chat input rule of spec §5 and the links the widget makes in answers.
import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX, canSend, splitChatLinks } from './chat-format.ts';

describe('canSend', () => {
  it('refuses an empty or whitespace-only message, so the send button stays disabled', () => {
    expect(canSend('', false)).toBe(false);
    expect(canSend('   ', false)).toBe(false);
    expect(canSend('\n\t \u00a0\n', false)).toBe(false);
  });

  it('accepts any message with text in it, padding included', () => {
    expect(canSend('Лаванда', false)).toBe(true);
    expect(canSend('  а  ', false)).toBe(true);
    expect(canSend('?', false)).toBe(true);
  });

  it('refuses a message past the cap and anything while an answer is awaited', () => {
    expect(canSend('я'.repeat(CHAT_MESSAGE_MAX), false)).toBe(true);
    expect(canSend('я'.repeat(CHAT_MESSAGE_MAX + 1), false)).toBe(false);
    expect(canSend(`  ${'я'.repeat(CHAT_MESSAGE_MAX)}  `, false)).toBe(true);
    expect(canSend('Лаванда', true)).toBe(false);
  });
});

describe('splitChatLinks', () => {
  it('turns our own page paths into links, trailing punctuation left as text', () => {
    expect(splitChatLinks('Лаванда: 10 мл — 490 ₽ — /lavanda-10-ml.html.')).toEqual([
      { kind: 'text', text: 'Лаванда: 10 мл — 490 ₽ — ' },
      { kind: 'link', path: '/lavanda-10-ml.html', title: '/lavanda-10-ml.html' },
      { kind: 'text', text: '.' },
    ]);
    expect(splitChatLinks('Каталог (/catalog.html), статья «/articles/son.html»')).toEqual([
      { kind: 'text', text: 'Каталог (' },
      { kind: 'link', path: '/catalog.html', title: '/catalog.html' },
      { kind: 'text', text: '), статья «' },
      { kind: 'link', path: '/articles/son.html', title: '/articles/son.html' },
      { kind: 'text', text: '»' },
    ]);
  });

  it('shows a titled link by its title, never the path', () => {
    expect(splitChatLinks('• [Смесь «Спокойный сон»](/smes-son-10-ml.html): 10 мл — 590 ₽')).toEqual([
      { kind: 'text', text: '• ' },
      { kind: 'link', path: '/smes-son-10-ml.html', title: 'Смесь «Спокойный сон»' },
      { kind: 'text', text: ': 10 мл — 590 ₽' },
    ]);
    expect(splitChatLinks('[каталог](/catalog.html) и /dostavka.html')).toEqual([
      { kind: 'link', path: '/catalog.html', title: 'каталог' },
      { kind: 'text', text: ' и ' },
      { kind: 'link', path: '/dostavka.html', title: '/dostavka.html' },
    ]);
    // A title pointing elsewhere is not a link at all.
    expect(splitChatLinks('[Скидка](https://evil.example/x)')).toEqual([
      { kind: 'text', text: '[Скидка](https://evil.example/x)' },
    ]);
  });

  it('leaves other sites, fractions and lone slashes as text', () => {
    for (const text of [
      'см. https://evil.example/x',
      '1/2 чайной ложки',
      'масло / гидролат',
      'javascript:/x',
    ]) {
      expect(splitChatLinks(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(splitChatLinks('')).toEqual([]);
  });
});
