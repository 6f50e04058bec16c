// Above a list its filter narrows: each chosen filter as a chip that removes it, and «Показано N из M · Сбросить»,
// so a filter set in one list and kept by its cookie in the next (spec §4) is never a silent one (issue 35).
import { pluralize } from '@efir/domain/plural';
import './list-summary.css';

export interface ActiveFilterChip {
  /** Unique within the list: «icon:organic», «author:3». */
  key: string;
  label: string;
  remove(): void;
}

const SHOWN_FORMS = ['Показан', 'Показаны', 'Показано'] as const;

export function ListSummary({
  chips,
  shown,
  total,
  onReset,
}: {
  chips: readonly ActiveFilterChip[];
  /** How many the narrowed list holds (all its pages). */
  shown: number;
  /** How many the list holds without a filter; unknown (null) until the server said it. */
  total: number | null;
  onReset(): void;
}) {
  if (chips.length === 0) return null;
  return (
    <section className="list-summary" aria-label="Выбранные фильтры">
      <ul className="list-summary__chips">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className="list-summary__chip"
              aria-label={`Убрать фильтр «${chip.label}»`}
              onClick={chip.remove}
            >
              <span>{chip.label}</span>
              <svg
                className="list-summary__cross"
                viewBox="0 0 16 16"
                width="12"
                height="12"
                aria-hidden="true"
              >
                <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <p className="list-summary__count" aria-live="polite">
        {pluralize(shown, SHOWN_FORMS)} {shown}
        {total !== null && total >= shown ? ` из ${total}` : ''}
        <span className="list-summary__dot" aria-hidden="true">
          {' · '}
        </span>
        <button type="button" className="list-summary__reset" onClick={onReset}>
          Сбросить
        </button>
      </p>
    </section>
  );
}
