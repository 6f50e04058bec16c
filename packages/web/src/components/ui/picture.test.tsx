// Pictures offer the browser every WebP size there is, so a card or a phone loads a small file.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Picture } from './picture.tsx';

describe('Picture', () => {
  it('lists the smaller WebP copies and the picture itself by width, with the shown size', () => {
    const html = renderToStaticMarkup(
      <Picture
        image={{
          basename: 'products/bergamot-10-ml',
          filename: 'products/bergamot-10-ml.jpg',
          widths: [400, 800],
        }}
        alt=""
        width={400}
        height={400}
        sizes="(max-width: 599px) 50vw, 280px"
      />,
    );
    expect(html).toContain(
      '<source srcSet="/images/products/bergamot-10-ml-400w.webp 400w, /images/products/bergamot-10-ml.webp 800w" type="image/webp" sizes="(max-width: 599px) 50vw, 280px"/>',
    );
    expect(html).toContain('src="/images/products/bergamot-10-ml.jpg"');
  });

  it('offers the one WebP file of a picture that comes in one size (an upload)', () => {
    const html = renderToStaticMarkup(
      <Picture
        image={{ basename: 'products/uploads/7-ab', filename: 'products/uploads/7-ab.jpg' }}
        alt="Флакон"
        width={400}
        height={400}
      />,
    );
    expect(html).toContain('<source srcSet="/images/products/uploads/7-ab.webp" type="image/webp"/>');
    expect(html).toContain('alt="Флакон"');
  });

  it('says the shown size of a set of widths even when the page does not: the picture’s width, at most the screen', () => {
    const html = renderToStaticMarkup(
      <Picture
        image={{ basename: 'articles/son', filename: 'articles/son.jpg', widths: [400, 800, 1200] }}
        alt=""
        width={640}
        height={360}
      />,
    );
    expect(html).toContain('sizes="(max-width: 640px) 100vw, 640px"');
  });
});
