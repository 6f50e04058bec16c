// What the cards of an order's page share: a request that keeps its card busy and ends in a notice or a failure,
// shown where the moderator is looking, and the question asked before an action that cannot be undone.
import { type ReactNode, useState } from 'react';
import { describeFailure } from '../../../lib/failure-message.ts';

/**
 * `run(work)`: the card is busy while `work` runs; what it answers becomes the notice, what it throws the failure
 * (`explain` picks the field's message where there is one). Resolves whether it succeeded.
 */
export function useCardAction(explain: (error: unknown) => string = describeFailure) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = async (work: () => Promise<string>): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      setNotice(await work());
      return true;
    } catch (error) {
      setFailure(explain(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, notice, run };
}

/** The failure (an alert) and the notice (a live region, there even while empty so that it is announced). */
export function CardMessages({ failure, notice }: { failure: string | null; notice: string | null }) {
  return (
    <>
      {failure ? (
        <p className="order-detail__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <p className="order-detail__notice" role="status">
        {notice}
      </p>
    </>
  );
}

/** «Отменить заказ …?» / «Вернуть … ?»: the question, the dangerous answer and the way back. */
export function ConfirmBox(props: {
  label: string;
  children: ReactNode;
  confirm: string;
  keep: string;
  busy: boolean;
  onConfirm(): void;
  onKeep(): void;
}) {
  return (
    <div className="order-status__confirm" role="alertdialog" aria-label={props.label}>
      <p>{props.children}</p>
      <div className="order-status__buttons">
        <button
          type="button"
          className="button button--small button--danger"
          disabled={props.busy}
          aria-busy={props.busy || undefined}
          onClick={props.onConfirm}
        >
          {props.confirm}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={props.busy}
          onClick={props.onKeep}
        >
          {props.keep}
        </button>
      </div>
    </div>
  );
}
