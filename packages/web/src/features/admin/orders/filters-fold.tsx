// The orders list's filters folded away on a phone (issue 38, point 10): the list opens on the orders, «Фильтры»
// (with how many are on) unfolds them. On a wider screen they start unfolded. The admin loads in the browser only
// (AdminEntry), so the screen's width is known at the first render.
import type { ReactNode } from 'react';
import './orders-phone.css';

const PHONE = '(max-width: 719px)';

function onPhone(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(PHONE).matches
  );
}

export function FiltersFold({ active, children }: { active: number; children: ReactNode }) {
  return (
    <details className="orders-filters-fold" open={!onPhone()}>
      <summary>
        Фильтры{active > 0 ? <span className="orders-filters-fold__count"> · {active}</span> : null}
      </summary>
      {children}
    </details>
  );
}
