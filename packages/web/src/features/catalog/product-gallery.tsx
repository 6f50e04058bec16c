// The product page's pictures: the main one (server-rendered, the page's largest paint), thumbnails to switch when
// there are several, a swipe on a phone, and a tap on the main picture opens it large (gallery-zoom.tsx).
import type { ImageRef } from '@efir/domain/catalog-wire';
import { lazy, Suspense, useState } from 'react';
import { Picture } from '../../components/ui/picture.tsx';
import { photoLabel, useSwipe } from './gallery-swipe.ts';

// Nothing of the dialog is in the server's HTML (it opens on a tap), so its code waits for the first opening.
const GalleryZoom = lazy(() =>
  import('./gallery-zoom.tsx').then((module) => ({ default: module.GalleryZoom })),
);

export function Gallery({ images, name }: { images: ImageRef[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const shown = images[current] ?? images[0] ?? null;
  const count = images.length;
  const swipe = useSwipe((delta) => setCurrent((index) => (index + delta + count) % count));
  const picture = (
    <Picture
      key={shown?.basename ?? 'none'}
      image={shown}
      alt={shown?.alt || photoLabel(name, current, count)}
      width={800}
      height={800}
      className="gallery__main"
      preload={current === 0}
      sizes="(max-width: 960px) 100vw, 560px"
    />
  );
  return (
    <div className={count > 1 ? 'gallery gallery--multi' : 'gallery'}>
      {shown ? (
        <button
          type="button"
          className="gallery__zoom"
          aria-haspopup="dialog"
          onClick={() => setZoomed(true)}
          {...(count > 1 ? swipe : {})}
        >
          {picture}
          <span className="visually-hidden">Открыть крупно</span>
        </button>
      ) : (
        picture
      )}
      {count > 1 && (
        <ul className="gallery__thumbs" aria-label="Фотографии товара">
          {images.map((image, index) => (
            <li key={image.basename}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Показать фото ${index + 1} из ${count}`}
                aria-pressed={index === current}
                onClick={() => setCurrent(index)}
              >
                <Picture image={image} alt="" width={96} height={96} sizes="96px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomed && (
        <Suspense fallback={null}>
          <GalleryZoom
            images={images}
            name={name}
            index={current}
            onIndex={setCurrent}
            onClose={() => setZoomed(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
