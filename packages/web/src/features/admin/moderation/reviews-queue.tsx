// «Отзывы»: shop reviews waiting for a decision (oldest first), and the published and rejected ones to revisit.
import { RichText } from '../../../components/ui/rich-text.tsx';
import { AdminChip, formatAdminDate } from '../admin-ui.tsx';
import type { AdminReview, ModerationStatus } from './moderation-api.ts';
import {
  DecisionButtons,
  FilterTabs,
  QueueBody,
  useAnnouncer,
  useDecide,
  useQueue,
  useQueueFilter,
} from './queue-kit.tsx';
import { ShopReplyEditor } from './shop-reply-editor.tsx';

const FILTERS = [
  ['pending', 'Ждут проверки'],
  ['published', 'Опубликованные'],
  ['rejected', 'Отклонённые'],
] as const;
const STATUSES = FILTERS.map(([status]) => status);

const STATUS_CHIPS = {
  pending: <AdminChip tone="warn">Ждёт проверки</AdminChip>,
  published: <AdminChip tone="good">Опубликован</AdminChip>,
  rejected: <AdminChip tone="bad">Отклонён</AdminChip>,
} satisfies Record<ModerationStatus, unknown>;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="moderation-stars" role="img" aria-label={`Оценка ${rating} из 5`}>
      <span aria-hidden="true">{'★'.repeat(rating)}</span>
      <span aria-hidden="true" className="moderation-stars__empty">
        {'★'.repeat(5 - rating)}
      </span>
    </span>
  );
}

export function ReviewsQueue({ onDecided }: { onDecided(): void }) {
  const { filter, page, setFilter, setPage } = useQueueFilter<ModerationStatus>(
    'status',
    STATUSES,
    'pending',
  );
  const { list, remove } = useQueue<AdminReview>(`/reviews?status=${filter}&page=${page}`);
  const decide = useDecide('reviews');
  const { announce, region } = useAnnouncer();

  return (
    <section aria-labelledby="moderation-reviews-title">
      <h2 id="moderation-reviews-title" className="visually-hidden">
        Отзывы о магазине
      </h2>
      <FilterTabs label="Какие отзывы показать" options={FILTERS} value={filter} onChange={setFilter} />
      {region}
      <QueueBody
        list={list}
        onPage={setPage}
        empty={filter === 'pending' ? 'Новых отзывов нет — все проверены.' : 'Здесь пока пусто.'}
      >
        {(items) =>
          items.map((review) => (
            <li key={review.id} className="moderation-item" aria-label={`Отзыв, автор — ${review.name}`}>
              <header className="moderation-item__head">
                <span className="moderation-item__author">{review.name}</span>
                <Stars rating={review.rating} />
                <time className="moderation-item__date" dateTime={review.created_at}>
                  {formatAdminDate(review.created_at)}
                </time>
                {STATUS_CHIPS[review.status]}
              </header>
              <RichText html={review.html} className="moderation-item__text" />
              <ShopReplyEditor
                kind="reviews"
                id={review.id}
                author={review.name}
                reply={review.reply}
                onSaved={(reply) => {
                  list.update((data) => ({
                    ...data,
                    items: data.items.map((item) => (item.id === review.id ? { ...item, reply } : item)),
                  }));
                  announce(
                    reply ? 'Ответ магазина опубликован под текстом покупателя.' : 'Ответ магазина убран.',
                  );
                }}
              />
              <DecisionButtons
                current={review.status}
                onDecide={async (status) => {
                  await decide(review.id, status);
                  remove(review.id);
                  onDecided();
                  announce(
                    status === 'published'
                      ? `Отзыв опубликован (автор — ${review.name}) и виден на странице «Отзывы».`
                      : `Отзыв отклонён (автор — ${review.name}).`,
                  );
                }}
              />
            </li>
          ))
        }
      </QueueBody>
    </section>
  );
}
