// The place of the delivery estimate under the price. The estimate depends on the visitor's city, so it is asked
// for after hydration anyway: its code (the city list, the calculator call) loads then too, not with the page's
// first scripts. Until it is here the slot shows the estimate's own empty frame, so nothing moves when it arrives.
import { type ComponentType, useEffect, useState } from 'react';

type EstimateProps = { productId: number };

/** The estimate's first render before its city and numbers are known (delivery-estimate.tsx). */
function EstimateFrame() {
  return (
    <section className="delivery-estimate" aria-label="Доставка" aria-busy={true}>
      <p className="delivery-estimate__title">
        <strong>Доставка</strong>
      </p>
      <dl className="delivery-estimate__list">
        <div className="delivery-estimate__line">
          <dt>Курьером</dt>
          <dd>{'\u00a0'}</dd>
        </div>
        <div className="delivery-estimate__line">
          <dt>В пункт выдачи</dt>
          <dd>{'\u00a0'}</dd>
        </div>
      </dl>
    </section>
  );
}

export function DeliveryEstimateSlot({ productId }: EstimateProps) {
  const [Estimate, setEstimate] = useState<ComponentType<EstimateProps> | null>(null);
  useEffect(() => {
    let current = true;
    import('./delivery-estimate.tsx').then(
      (module) => current && setEstimate(() => module.DeliveryEstimate),
      () => {
        // Without its code the page simply shows no estimate: checkout still quotes every delivery.
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return Estimate ? <Estimate productId={productId} /> : <EstimateFrame />;
}
