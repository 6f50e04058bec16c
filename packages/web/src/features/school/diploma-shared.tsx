// What the cards of a diploma course share: the callback that hands the changed diploma up, the success notice and
// the labelled select.
import type { DiplomaWire } from '@efir/domain/school-schemas';
import { type ReactNode, useId } from 'react';
import { useAppContext } from '../../lib/app-context.tsx';

export type Change = (diploma: DiplomaWire) => void;

export function useNotice() {
  const { store } = useAppContext();
  return (title: string, text = '') => store.getState().showNotice({ type: 'success', title, text });
}

export function SelectField({
  label,
  name,
  value,
  error,
  onChange,
  disabled,
  children,
}: {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <div className="field__top">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
      </div>
      <div className="field__frame">
        <select
          id={id}
          name={name}
          className="field__input"
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
