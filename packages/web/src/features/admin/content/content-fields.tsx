// Fields the «Контент» forms share: a labelled select and a picture — uploaded here, or a file already in /images/ —
// with its preview.
import { useId, useState } from 'react';
import { TextField } from '../../../components/ui/form.tsx';
import { useContentImageUpload } from './html-field.tsx';

export function SelectField({
  label,
  name,
  value,
  error,
  choices,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  choices: ReadonlyArray<{ id: number | string; name: string }>;
  onChange(value: string): void;
}) {
  return (
    <div className={['field', error ? 'field--error' : ''].filter(Boolean).join(' ')}>
      <div className="field__top">
        <label htmlFor={`content-${name}`} className="field__label">
          {label}
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
      </div>
      <select
        id={`content-${name}`}
        name={name}
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">— выберите —</option>
        {choices.map((choice) => (
          <option key={choice.id} value={String(choice.id)}>
            {choice.name}
          </option>
        ))}
      </select>
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}

/** A picture: uploaded from the computer (stored in WebP widths), or a file already in /images/; with a preview. */
export function ImageField({
  value,
  error,
  onChange,
  name = 'image',
  label = 'Картинка',
  required = false,
}: {
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
  name?: string;
  label?: string;
  required?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const [upload, setUpload] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const uploadImage = useContentImageUpload();
  const inputId = useId();
  const file = value.trim();
  const send = async (chosen: File | undefined) => {
    if (!chosen) return;
    setUpload({ busy: true, error: '' });
    try {
      const answer = await uploadImage(chosen);
      setBroken(false);
      onChange(answer.image.filename);
      setUpload({ busy: false, error: '' });
    } catch (error) {
      setUpload({
        busy: false,
        error: error instanceof Error ? error.message : 'Не удалось загрузить картинку',
      });
    }
  };
  return (
    <div className="content-image">
      <TextField
        label={label}
        name={name}
        required={required}
        value={value}
        error={error}
        spellCheck={false}
        placeholder="articles/lavanda.jpg"
        hint="Загрузите картинку или впишите файл из папки /images/ магазина (рядом лежит WebP с тем же именем)."
        onChange={(event) => {
          setBroken(false);
          onChange(event.target.value);
        }}
      />
      <div className="content-image__upload">
        <input
          id={inputId}
          type="file"
          className="visually-hidden"
          accept="image/jpeg,image/png,image/webp"
          disabled={upload.busy}
          onChange={(event) => {
            void send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="button button--small button--ghost">
          {upload.busy ? 'Загружаем…' : 'Загрузить картинку'}
        </label>
        {upload.error ? (
          <p className="field__error" role="alert">
            {upload.error}
          </p>
        ) : null}
      </div>
      {file && !broken ? (
        <img
          className="content-image__preview"
          src={`/images/${file}`}
          alt=""
          onError={() => setBroken(true)}
        />
      ) : null}
    </div>
  );
}
