// «Купить в 1 клик» on the product page and in the cart. Only this button is in the page's first scripts: the
// dialog (form, phone mask, checks) loads on the first click (e2e/bundle-budget.spec.ts).
import { type ReactNode, useState } from 'react';
import { useAppContext } from './app-context.tsx';

/** Without a product the dialog orders the visitor's cart; `note` says what one click leaves out. */
export function OneClickButton(props: { productId?: number; quantity?: number; note?: string | undefined }) {
  const { store } = useAppContext();
  const [dialog, setDialog] = useState<ReactNode>(null);
  const open = () =>
    import('./one-click-dialog.tsx').then(
      (module) => setDialog(<module.OneClickDialog {...props} onClose={() => setDialog(null)} />),
      () =>
        store.getState().showNotice({
          type: 'error',
          title: 'Не удалось открыть форму',
          text: 'Проверьте интернет и нажмите ещё раз.',
        }),
    );
  return (
    <>
      <button type="button" className="button button--ghost one-click-button" onClick={() => void open()}>
        Купить в 1 клик
      </button>
      {dialog}
    </>
  );
}
