// Pieces shared by «Слайды» and «Меню»: a row's order buttons and a delete that asks once more, in place.
import { useState } from 'react';

export function OrderButtons({
  index,
  count,
  busy,
  onMove,
  name,
}: {
  index: number;
  count: number;
  busy: boolean;
  onMove(step: -1 | 1): void;
  name: string;
}) {
  return (
    <span className="content-order">
      <button
        type="button"
        className="button button--small button--ghost"
        aria-label={`Выше: ${name}`}
        title="Выше"
        disabled={busy || index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button--small button--ghost"
        aria-label={`Ниже: ${name}`}
        title="Ниже"
        disabled={busy || index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
    </span>
  );
}

export function DeleteButton({ name, onDelete }: { name: string; onDelete(): Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="button button--small button--ghost" onClick={() => setAsking(true)}>
        Удалить
      </button>
    );
  }
  return (
    <span className="content-delete">
      <span>Удалить «{name}»?</span>
      <button
        type="button"
        className="button button--small content-delete__yes"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          onDelete().finally(() => {
            setBusy(false);
            setAsking(false);
          });
        }}
      >
        Да
      </button>
      <button type="button" className="button button--small button--ghost" onClick={() => setAsking(false)}>
        Нет
      </button>
    </span>
  );
}
