// The body field opens a text with pictures or blocks as HTML (the visual editor would drop them), and the order
// buttons move one item one step.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { moved } from './content-api.ts';
import { HtmlField } from './html-field.tsx';

const noop = () => {};

describe('HtmlField', () => {
  it('opens a text with a picture as HTML, with the reason said', () => {
    const html = renderToString(
      <HtmlField name="html" label="Текст" value={'<p>Раз</p><img src="/images/a.jpg">'} onChange={noop} />,
    );
    expect(html).toContain('Текст (HTML)');
    expect(html).toContain('визуальном редакторе');
    expect(html).toMatch(/<textarea[^>]*name="html"[^>]*>&lt;p&gt;Раз/);
  });

  it('opens a plain picture in the visual editor when the form can upload pictures (issue 39)', () => {
    const upload = async () => ({ src: '/images/content/uploads/0123456789abcdef.webp' });
    const plainPicture = renderToString(
      <HtmlField
        name="html"
        label="Текст"
        value={'<p>Раз</p><img src="/images/a.jpg" alt="Флакон">'}
        onChange={noop}
        uploadImage={upload}
      />,
    );
    expect(plainPicture).not.toContain('Текст (HTML)');
    const sizedPicture = renderToString(
      <HtmlField
        name="html"
        label="Текст"
        value={'<p>Раз</p><img src="/images/a.jpg" width="300">'}
        onChange={noop}
        uploadImage={upload}
      />,
    );
    expect(sizedPicture).toContain('Текст (HTML)');
  });

  it('opens plain formatted text in the visual editor', () => {
    const html = renderToString(
      <HtmlField
        name="html"
        label="Текст"
        value="<h2>Сроки</h2><p><strong>Два</strong> дня</p>"
        onChange={noop}
      />,
    );
    expect(html).not.toContain('Текст (HTML)');
    expect(html).toContain('rich-editor');
    // The counter already counts the saved text.
    expect(html.replace(/<!-- -->/g, '')).toMatch(/>13 из 100.000 символов</);
  });

  it('shows the server error under the field', () => {
    const html = renderToString(
      <HtmlField
        name="html"
        label="Текст"
        value="<div>блок</div>"
        onChange={noop}
        error="Текст слишком длинный"
      />,
    );
    expect(html).toContain('Текст слишком длинный');
    expect(html).toContain('aria-invalid="true"');
  });
});

describe('moved', () => {
  it('moves one item one step and stays within the list', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
