// The back office's start page: a tile per section, and on the tiles what waits for the shop (decision 057) — new
// orders, one-click orders waiting for a call, reviews to moderate, questions to answer — each a link to that list.
import type { AdminOverview } from '@efir/domain/admin-office-wire';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { Link, NavLink } from '../../lib/router/link.tsx';
import { useAdminData } from './admin-api.ts';

const NEW_ORDERS: PluralForms = ['новый заказ', 'новых заказа', 'новых заказов'];
const WAITING_CALLS: PluralForms = ['заказ ждёт звонка', 'заказа ждут звонка', 'заказов ждут звонка'];
const REVIEWS: PluralForms = ['отзыв на проверке', 'отзыва на проверке', 'отзывов на проверке'];
const QUESTIONS: PluralForms = ['вопрос без ответа', 'вопроса без ответа', 'вопросов без ответа'];

interface Waiting {
  count: number;
  forms: PluralForms;
  /** The list that shows exactly these. */
  to: string;
}

function waitingOf(overview: AdminOverview): Record<string, Waiting[]> {
  return {
    orders: [
      { count: overview.new_orders, forms: NEW_ORDERS, to: '/admin/orders?status=new' },
      { count: overview.waiting_calls, forms: WAITING_CALLS, to: '/admin/orders?call_back=1' },
    ],
    moderation: [
      { count: overview.reviews, forms: REVIEWS, to: '/admin/moderation/reviews' },
      { count: overview.questions, forms: QUESTIONS, to: '/admin/moderation/questions' },
    ],
  };
}

export function AdminHome({ sections }: { sections: ReadonlyArray<{ path: string; title: string }> }) {
  const overview = useAdminData<AdminOverview>('/overview');
  const waiting = overview.status === 'ready' ? waitingOf(overview.data) : {};
  return (
    <div className="admin-home">
      <h1 className="admin-title">Панель управления</h1>
      <ul className="admin-home__grid">
        {sections.map((section) => (
          <li key={section.path} className="admin-home__tile">
            <NavLink className="admin-home__card" to={`/admin/${section.path}`}>
              {section.title}
            </NavLink>
            {waiting[section.path] ? (
              <ul className="admin-home__waiting">
                {waiting[section.path]!.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className={item.count > 0 ? 'admin-home__due' : undefined}>
                      {formatCount(item.count, item.forms)}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
