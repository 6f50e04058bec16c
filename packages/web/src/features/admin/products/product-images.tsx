// A product's pictures: the first is the one on cards. A chosen file is previewed before it is sent; the server
// checks what the file really is and stores it as WebP.
import type { ImageRef } from '@efir/domain/catalog-wire';
import {
  type AdminProduct,
  type AdminProductSaved,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
} from '@efir/domain/product-admin-schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { useAdminApi } from '../admin-api.ts';
import { thumbnailUrl } from './products-api.ts';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

function failureText(error: unknown): string {
  const fields = readServerFieldErrors(error);
  return fields ? Object.values(fields).join(' ') : describeFailure(error);
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
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  // The preview's object URL is freed when it is replaced or the page closes.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    setMessage(null);
    if (chosen && !ACCEPTED.includes(chosen.type)) {
      setMessage({ tone: 'error', text: 'Выберите картинку в формате JPEG, PNG или WebP' });
      setFile(null);
      return;
    }
    if (chosen && chosen.size > PRODUCT_IMAGE_MAX_BYTES) {
      setMessage({ tone: 'error', text: 'Файл больше 10 МБ — выберите поменьше' });
      setFile(null);
      return;
    }
    setFile(chosen);
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
    if (!file) return;
    const body = new FormData();
    body.append('image', file);
    if (
      await run(() => api.upload<AdminProductSaved>(`/products/${product.id}/images`, body), 'Фото добавлено')
    ) {
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const full = product.images.length >= PRODUCT_IMAGES_MAX;

  return (
    <aside className="admin-card product-images" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="product-images__title">
        Фото
      </h2>
      {product.images.length === 0 ? (
        <p className="admin-muted">Фото пока нет — в каталоге будет заглушка.</p>
      ) : (
        <ul className="product-images__list">
          {product.images.map((image: ImageRef, index) => (
            <li key={image.basename} className="product-images__item">
              <img src={thumbnailUrl(image)} alt={`Фото ${index + 1}`} width={120} height={120} />
              {index === 0 ? (
                <span className="product-images__main">Главное</span>
              ) : (
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={busy}
                  onClick={() =>
                    run(
                      () => api.post<AdminProductSaved>(`/products/${product.id}/images/${index}/main`),
                      'Главное фото изменено',
                    )
                  }
                >
                  Сделать главным
                </button>
              )}
              <button
                type="button"
                className="button button--small button--danger"
                disabled={busy}
                onClick={() => {
                  if (!window.confirm('Удалить это фото?')) return;
                  void run(
                    () => api.delete<AdminProductSaved>(`/products/${product.id}/images/${index}`),
                    'Фото удалено',
                  );
                }}
              >
                Удалить
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="admin-muted">
          Это максимум — {PRODUCT_IMAGES_MAX} фото. Удалите лишнее, чтобы добавить новое.
        </p>
      ) : (
        <div className="product-images__upload">
          <span className="field__label">Добавить фото</span>
          <FilePicker
            inputRef={inputRef}
            id={inputId}
            accept={ACCEPTED.join(',')}
            disabled={busy}
            fileName={file?.name ?? null}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <p className="field__hint">JPEG, PNG или WebP до 10 МБ; сохраним в WebP.</p>
          {preview ? (
            <div className="product-images__preview">
              <img src={preview} alt="Выбранное фото" />
              <button type="button" className="button button--small" disabled={busy} onClick={upload}>
                {busy ? 'Загружаем…' : 'Загрузить'}
              </button>
            </div>
          ) : null}
        </div>
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
