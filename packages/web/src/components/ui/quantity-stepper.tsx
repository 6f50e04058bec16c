// A − / + quantity control: the value between the buttons, each button off at its bound.
export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  label,
  busy = false,
  maxHint,
}: {
  value: number;
  min?: number;
  max: number;
  onChange(next: number): void;
  /** What is counted, for screen readers: «Количество: Лаванда, 10 мл». */
  label: string;
  busy?: boolean;
  /** Said on the + button when it is off at the maximum, e.g. «Больше нет в наличии». */
  maxHint?: string;
}) {
  const atMax = value >= max;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset cannot be an inline flex row; the group names the buttons
    <div className="stepper" role="group" aria-label={label} aria-busy={busy || undefined}>
      <button
        type="button"
        className="stepper__button"
        aria-label="Убрать одну штуку"
        disabled={busy || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="stepper__value" aria-live="polite">
        {value}
        <span className="visually-hidden"> шт.</span>
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label="Добавить ещё одну"
        title={atMax ? maxHint : undefined}
        disabled={busy || atMax}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
