// A date filter typed the Russian way, «дд.мм.гггг» (issue 38, point 10): a browser's own date field shows the
// format of its language (mm/dd/yyyy in an English Chromium), this one always reads as the shop's dates do. The
// address keeps the ISO date; a complete, real date is applied, an impossible one is said so.
import { isoToRussianDate, russianDateToIso } from '@efir/domain/dates';
import { useEffect, useId, useState } from 'react';

/** Dots put in as the digits are typed: «21112026» → «21.11.2026». */
function withDots(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.');
}

export function DateFilterField({
  label,
  value,
  onChange,
}: {
  label: string;
  /** ISO date from the address, or ''. */
  value: string;
  onChange(iso: string): void;
}) {
  const [text, setText] = useState(isoToRussianDate(value));
  const [wrong, setWrong] = useState(false);
  const errorId = useId();
  // Back, forward and «Сбросить» change the address; the field follows it.
  useEffect(() => {
    setText(isoToRussianDate(value));
    setWrong(false);
  }, [value]);

  const type = (typed: string) => {
    // Deleting a dot deletes it: only typing forward puts dots in.
    const next = typed.length < text.length ? typed : withDots(typed);
    setText(next);
    if (next === '') {
      setWrong(false);
      if (value) onChange('');
      return;
    }
    if (next.length < 10) return setWrong(false);
    const iso = russianDateToIso(next);
    setWrong(iso === null);
    if (iso && iso !== value) onChange(iso);
  };

  return (
    <label className="admin-inline-field orders-date-field">
      {label}
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="дд.мм.гггг"
        maxLength={10}
        value={text}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? errorId : undefined}
        onChange={(event) => type(event.target.value)}
      />
      {wrong ? (
        <span id={errorId} className="orders-date-field__error">
          Такой даты нет
        </span>
      ) : null}
    </label>
  );
}
