// Fields the «Контент» forms share: a labelled select and a picture chosen from /images/ with its preview.
import { useState } from 'react';
import { TextField } from '../../../components/ui/form.tsx';

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

/** A picture already in /images/, with a small preview. */
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
  const file = value.trim();
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
        hint="Файл в папке /images/ магазина (рядом лежит WebP с тем же именем)."
        onChange={(event) => {
          setBroken(false);
          onChange(event.target.value);
        }}
      />
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
