// The shared review and comment schemas as the forms use them: Russian messages, sanitised text, length limits
// counted in what a reader sees, and plain text from the fallback box turned into safe HTML.
import {
  COMMENT_TEXT_MAX,
  commentSchema,
  countVisibleCharacters,
  plainTextToHtml,
  REVIEW_TEXT_MAX,
  reviewSchema,
} from '@efir/domain/reviews-schemas';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, sanitizeHtml } from '@efir/domain/sanitize-html';
import { XSS_VECTORS } from '@efir/domain/xss-vectors';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/forms.ts';

/** Every tag of the output is one the policy allows, with allowed attributes and no script-bearing URL. */
function expectHarmless(html: string): void {
  const text = html.replace(
    /<(\/?)([a-z][a-z0-9]*)((?: [a-z]+="[^"<>]*")*)>/g,
    (_tag, _slash, name, attributes) => {
      expect(ALLOWED_TAGS as readonly string[], html).toContain(name);
      for (const [, attribute = '', value = ''] of (attributes as string).matchAll(/ ([a-z]+)="([^"]*)"/g)) {
        expect([...ALLOWED_ATTRIBUTES, 'rel'], html).toContain(attribute);
        if (attribute === 'href' || attribute === 'src')
          expect(value, html).not.toMatch(/^\s*[a-z][a-z0-9+.-]*script:/i);
      }
      return '';
    },
  );
  expect(text, html).not.toMatch(/[<>]/);
  expect(sanitizeHtml(html)).toBe(html);
}

describe('countVisibleCharacters', () => {
  it('counts what a reader sees: no tags, an entity as one character, runs of spaces as one', () => {
    expect(countVisibleCharacters('<p>Лаванда <b>и</b> мята</p>')).toBe(14);
    expect(countVisibleCharacters(sanitizeHtml('<p>3 &lt; 5 &amp; 7 &gt; 2</p>'))).toBe(13);
    expect(countVisibleCharacters('<p></p><ul><li><p> </p></li></ul>')).toBe(0);
    expect(countVisibleCharacters('<p>а</p><p>б</p>')).toBe(3);
  });
});

describe('plainTextToHtml', () => {
  it('makes paragraphs at blank lines and keeps single line breaks', () => {
    expect(plainTextToHtml('Первый абзац\nвторая строка\n\n\nВторой абзац')).toBe(
      '<p>Первый абзац<br>вторая строка</p><p>Второй абзац</p>',
    );
    expect(plainTextToHtml('  \n\n ')).toBe('');
  });

  it('keeps typed markup as text that reads the same', () => {
    const typed = '<img src=x onerror=alert(1)> & <a href="javascript:alert(1)">ссылка</a>';
    const html = plainTextToHtml(typed);
    expect(html).not.toMatch(/<img|<a /);
    expect(sanitizeHtml(html)).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; &amp; &lt;a href="javascript:alert(1)"&gt;ссылка&lt;/a&gt;</p>',
    );
  });
});

describe('reviewSchema', () => {
  it('sends sanitised HTML', () => {
    const checked = checkForm(reviewSchema, {
      name: 'Анна',
      rating: 5,
      text: '<p onclick="steal()">Чудесный <b>магазин</b>!</p><script>alert(1)</script>',
    });
    expect(checked).toEqual({
      ok: true,
      data: { name: 'Анна', rating: 5, text: '<p>Чудесный <b>магазин</b>!</p>', website: '' },
    });
  });

  it('says what is wrong in Russian, field by field', () => {
    const checked = checkForm(reviewSchema, { name: '', text: '<p>   </p>' });
    expect(checked).toEqual({
      ok: false,
      errors: { name: 'Введите имя', rating: 'Поставьте оценку от 1 до 5', text: 'Напишите отзыв' },
    });
    const long = checkForm(reviewSchema, {
      name: 'Анна',
      rating: '4',
      text: `<p>${'а'.repeat(REVIEW_TEXT_MAX + 1)}</p>`,
    });
    expect(long).toEqual({ ok: false, errors: { text: 'Отзыв — не длиннее 5000 символов' } });
  });

  it('lets no XSS vector through', () => {
    for (const vector of XSS_VECTORS) {
      const checked = checkForm(reviewSchema, {
        name: 'Анна',
        rating: 3,
        text: `<p>Отличный магазин!</p>${vector}`,
      });
      expect(checked.ok, vector).toBe(true);
      if (checked.ok) expectHarmless(checked.data.text);
    }
  });
});

describe('commentSchema', () => {
  it('takes a reply and refuses an empty or overlong comment', () => {
    expect(checkForm(commentSchema, { type: 'recept', id: 3, text: '<p>Да!</p>', parent_id: 9 })).toEqual({
      ok: true,
      data: { type: 'recept', id: 3, text: '<p>Да!</p>', parent_id: 9 },
    });
    expect(checkForm(commentSchema, { type: 'product', id: 3, text: '<p><br></p>' })).toEqual({
      ok: false,
      errors: { text: 'Напишите комментарий' },
    });
    expect(
      checkForm(commentSchema, { type: 'menu', id: 3, text: `<p>${'я'.repeat(COMMENT_TEXT_MAX + 1)}</p>` }),
    ).toEqual({
      ok: false,
      errors: {
        type: 'Оценивать и комментировать можно товар, рецепт или статью',
        text: 'Комментарий — не длиннее 3000 символов',
      },
    });
  });
});
