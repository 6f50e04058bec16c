// A file field that speaks Russian: the browser's own button says «Choose File» in the browser's language, so the
// input is hidden and a label styled as a button opens it, with the chosen file's name beside it.
import type { ChangeEvent, Ref } from 'react';
import './file-picker.css';

export function FilePicker({
  id,
  inputRef,
  accept,
  disabled,
  invalid,
  fileName,
  name,
  multiple,
  buttonText = 'Выбрать файл',
  emptyText = 'Файл не выбран',
  onChange,
}: {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  accept: string;
  disabled?: boolean;
  invalid?: boolean;
  /** The chosen file's name; null while none is chosen. */
  fileName: string | null;
  name?: string;
  /** Several files at once (the name then says how many). */
  multiple?: boolean;
  buttonText?: string;
  emptyText?: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}) {
  return (
    <div className="file-picker">
      <input
        ref={inputRef}
        id={id}
        type="file"
        name={name}
        className="visually-hidden file-picker__input"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        onChange={onChange}
      />
      <label htmlFor={id} className="button button--small button--ghost file-picker__button">
        {buttonText}
      </label>
      <span className="file-picker__name">{fileName ?? emptyText}</span>
    </div>
  );
}
