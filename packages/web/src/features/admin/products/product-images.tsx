// A product's photos: the first is the main one (on cards). Several files at once — chosen or dropped on the box —
// are previewed, then sent in one upload; the server checks what each file really is and stores WebP widths. The
// order (drag a photo, or «↑»/«↓», or «Сделать главным») and what each photo shows are saved together.
import { formatCount } from '@efir/domain/plural';
import {
  type AdminProduct,
  type AdminProductSaved,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
} from '@efir/domain/product-admin-schemas';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { useAdminApi } from '../admin-api.ts';
import { useLeaveGuard } from '../unsaved-changes.tsx';
import { thumbnailUrl } from './products-api.ts';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_FORMS = ['фото', 'фото', 'фото'] as const;
const FILE_FORMS = ['файл', 'файла', 'файлов'] as const;

function failureText(error: unknown): string {
  const fields = readServerFieldErrors(error);
  return fields ? Object.values(fields).join(' ') : describeFailure(error);
}

interface Arranged {
  basename: string;
  alt: string;
}

const arrangementOf = (product: AdminProduct): Arranged[] =>
  product.images.map((image) => ({ basename: image.basename, alt: image.alt ?? '' }));

/** Moves the item at `from` to `to`, the others keeping their order. */
function moved<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function ProductImages({
  product,
  onChange,
}: {
  product: AdminProduct;
  onChange(product: AdminProduct): void;
}) {
  const api = useAdminApi();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [previews, setPreviews] = useState<string[]>([]);
  const [arranged, setArranged] = useState<Arranged[]>(() => arrangementOf(product));
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropping, setDropping] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  // The product as saved changed (an upload, a removal, a save): the list shows it.
  useEffect(() => setArranged(arrangementOf(product)), [product]);
  const arrangementDirty = JSON.stringify(arranged) !== JSON.stringify(arrangementOf(product));
  useLeaveGuard(arrangementDirty || files.length > 0);

  // The previews' object URLs are freed when they are replaced or the page closes.
  useEffect(() => {
    const urls = files.map((file) => URL.createObjectURL(file));
    setPreviews(urls);
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [files]);

  const room = PRODUCT_IMAGES_MAX - product.images.length;

  const choose = (chosen: File[]) => {
    setMessage(null);
    const wrong = chosen.find((file) => !ACCEPTED.includes(file.type));
    if (wrong) {
      setMessage({ tone: 'error', text: `«${wrong.name}» — не картинка: нужны JPEG, PNG или WebP` });
      return;
    }
    const large = chosen.find((file) => file.size > PRODUCT_IMAGE_MAX_BYTES);
    if (large) {
      setMessage({ tone: 'error', text: `«${large.name}» больше 10 МБ — выберите поменьше` });
      return;
    }
    if (chosen.length > room) {
      setMessage({
        tone: 'error',
        text: `Можно добавить ещё ${formatCount(room, PHOTO_FORMS)}, а выбрано ${chosen.length}`,
      });
      return;
    }
    setFiles(chosen);
  };

  const run = async (action: () => Promise<AdminProductSaved>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await action();
      onChange(answer.product);
      setMessage({ tone: 'ok', text: done });
      return true;
    } catch (error) {
      setMessage({ tone: 'error', text: failureText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const upload = async () => {
    if (files.length === 0) return;
    const body = new FormData();
    for (const file of files) body.append('images', file);
    const done =
      files.length === 1 ? 'Фото добавлено' : `Добавлено ${formatCount(files.length, PHOTO_FORMS)}`;
    if (await run(() => api.upload<AdminProductSaved>(`/products/${product.id}/images`, body), done)) {
      setFiles([]);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const saveArrangement = () =>
    run(
      () => api.put<AdminProductSaved>(`/products/${product.id}/images`, { images: arranged }),
      'Порядок и подписи фото сохранены',
    );

  const onDropFiles = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    if (busy) return;
    choose([...event.dataTransfer.files]);
  };

  const byName = new Map(product.images.map((image) => [image.basename, image]));

  return (
    <aside className="admin-card product-images" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="product-images__title">
        Фото
      </h2>
      {arranged.length === 0 ? (
        <p className="admin-muted">Фото пока нет — в каталоге будет заглушка.</p>
      ) : (
        <ol className="product-images__list">
          {arranged.map((entry, index) => {
            const image = byName.get(entry.basename);
            if (!image) return null;
            return (
              <li
                key={entry.basename}
                className={`product-images__item${dragged === index ? ' product-images__item--dragged' : ''}`}
                draggable={!busy}
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  if (dragged !== index) {
                    setArranged((current) => moved(current, dragged, index));
                    setDragged(index);
                  }
                }}
                onDragEnd={() => setDragged(null)}
              >
                <img
                  src={thumbnailUrl(image)}
                  alt={entry.alt || `Фото ${index + 1}`}
                  width={120}
                  height={120}
                />
                <div className="product-images__actions">
                  {index === 0 ? (
                    <span className="product-images__main">Главное</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      disabled={busy}
                      onClick={() => setArranged((current) => moved(current, index, 0))}
                    >
                      Сделать главным
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    aria-label={`Фото ${index + 1}: выше`}
                    disabled={busy || index === 0}
                    onClick={() => setArranged((current) => moved(current, index, index - 1))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    aria-label={`Фото ${index + 1}: ниже`}
                    disabled={busy || index === arranged.length - 1}
                    onClick={() => setArranged((current) => moved(current, index, index + 1))}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    disabled={busy || arrangementDirty}
                    title={arrangementDirty ? 'Сначала сохраните порядок' : undefined}
                    onClick={() => {
                      if (!window.confirm('Удалить это фото?')) return;
                      const position = product.images.findIndex((saved) => saved.basename === entry.basename);
                      void run(
                        () => api.delete<AdminProductSaved>(`/products/${product.id}/images/${position}`),
                        'Фото удалено',
                      );
                    }}
                  >
                    Удалить
                  </button>
                </div>
                <label className="product-images__alt">
                  <span className="field__label">Что на фото</span>
                  <input
                    className="field__input"
                    maxLength={300}
                    value={entry.alt}
                    placeholder="Для незрячих и поисковиков"
                    onChange={(event) => {
                      const alt = event.target.value;
                      setArranged((current) =>
                        current.map((item, position) => (position === index ? { ...item, alt } : item)),
                      );
                    }}
                  />
                </label>
              </li>
            );
          })}
        </ol>
      )}
      {arrangementDirty ? (
        <div className="product-images__save">
          <button type="button" className="button button--small" disabled={busy} onClick={saveArrangement}>
            {busy ? 'Сохраняем…' : 'Сохранить порядок и подписи'}
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={busy}
            onClick={() => setArranged(arrangementOf(product))}
          >
            Отменить
          </button>
        </div>
      ) : null}
      {room <= 0 ? (
        <p className="admin-muted">
          Это максимум — {PRODUCT_IMAGES_MAX} фото. Удалите лишнее, чтобы добавить новое.
        </p>
      ) : (
        <section
          className={`product-images__upload${dropping ? ' product-images__upload--over' : ''}`}
          aria-label="Добавить фото"
          onDragOver={(event) => {
            if (dragged !== null) return;
            event.preventDefault();
            setDropping(true);
          }}
          onDragLeave={() => setDropping(false)}
          onDrop={onDropFiles}
        >
          <span className="field__label">Добавить фото</span>
          <FilePicker
            inputRef={inputRef}
            id={inputId}
            accept={ACCEPTED.join(',')}
            multiple
            buttonText="Выбрать файлы"
            emptyText="или перетащите их сюда"
            disabled={busy}
            fileName={files.length > 0 ? `Выбрано: ${formatCount(files.length, FILE_FORMS)}` : null}
            onChange={(event) => choose([...(event.target.files ?? [])])}
          />
          <p className="field__hint">
            JPEG, PNG или WebP до 10 МБ, можно несколько сразу (ещё {room}); сохраним в WebP.
          </p>
          {previews.length > 0 ? (
            <div className="product-images__preview">
              <ul className="product-images__previews">
                {previews.map((url, index) => (
                  <li key={url}>
                    <img src={url} alt={`Выбранное фото ${index + 1}`} />
                  </li>
                ))}
              </ul>
              <button type="button" className="button button--small" disabled={busy} onClick={upload}>
                {busy
                  ? 'Загружаем…'
                  : files.length === 1
                    ? 'Загрузить'
                    : `Загрузить ${formatCount(files.length, PHOTO_FORMS)}`}
              </button>
            </div>
          ) : null}
        </section>
      )}
      {message ? (
        <p
          className={message.tone === 'ok' ? 'product-images__ok' : 'field__error'}
          role={message.tone === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      ) : null}
    </aside>
  );
}
