// The product picture opened large: a modal <dialog> (Esc, the close button or a click beside the picture close
// it; focus goes back to what opened it), the largest file of the picture, arrows and swipes between pictures.
import type { ImageRef } from '@efir/domain/catalog-wire';
import { useEffect, useRef } from 'react';
import { ChevronIcon, CloseIcon } from '../../components/ui/icons.tsx';
import { imageUrl } from '../../components/ui/picture.tsx';
import { photoLabel, useSwipe } from './gallery-swipe.ts';

export function GalleryZoom({
  images,
  name,
  index,
  onIndex,
  onClose,
}: {
  images: ImageRef[];
  name: string;
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const count = images.length;
  const image = images[index] ?? images[0]!;
  const step = (delta: 1 | -1) => onIndex((index + delta + count) % count);
  const swipe = useSwipe(step);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="zoom"
      aria-label={photoLabel(name, index, count)}
      // Esc: the dialog asks to close; the gallery unmounts it, so the focus goes back where it was.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        if (count < 2) return;
        if (event.key === 'ArrowRight') step(1);
        if (event.key === 'ArrowLeft') step(-1);
      }}
    >
      <button type="button" className="zoom__close" aria-label="Закрыть" onClick={onClose}>
        <CloseIcon />
      </button>
      <picture className="zoom__picture" {...swipe}>
        <source srcSet={imageUrl(image, 'webp')} type="image/webp" />
        <img src={imageUrl(image)} alt={photoLabel(name, index, count)} width={800} height={800} />
      </picture>
      {count > 1 && (
        <>
          <button
            type="button"
            className="zoom__step zoom__step--prev"
            aria-label="Предыдущее фото"
            onClick={() => step(-1)}
          >
            <ChevronIcon />
          </button>
          <button
            type="button"
            className="zoom__step zoom__step--next"
            aria-label="Следующее фото"
            onClick={() => step(1)}
          >
            <ChevronIcon />
          </button>
          <p className="zoom__count" aria-live="polite">
            {index + 1} / {count}
          </p>
        </>
      )}
    </dialog>
  );
}
