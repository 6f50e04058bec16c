// «Комментарии»: comments on products, recipes and articles. They show at once, so the queue is of the ones no
// moderator has looked at yet; «Опубликовать» keeps one (it leaves the queue), «Отклонить» takes it off its page.
import { RichText } from '../../../components/ui/rich-text.tsx';
import { AdminChip, formatAdminDate } from '../admin-ui.tsx';
import { type AdminComment, type ModerationStatus, PAGE_TYPE_NAMES } from './moderation-api.ts';
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
  ['pending', 'Новые'],
  ['published', 'Проверенные'],
  ['rejected', 'Отклонённые'],
] as const;
const STATUSES = FILTERS.map(([status]) => status);

function statusChip(comment: AdminComment) {
  if (comment.status === 'rejected') return <AdminChip tone="bad">Отклонён</AdminChip>;
  if (comment.unchecked) return <AdminChip tone="warn">На сайте, не проверен</AdminChip>;
  return <AdminChip tone="good">Проверен</AdminChip>;
}

function PageLink({ page }: { page: AdminComment['page'] }) {
  const kind = PAGE_TYPE_NAMES[page.type];
  if (!page.url) return <span className="moderation-item__page">{`${kind}: ${page.title}`}</span>;
  return (
    <span className="moderation-item__page">
      {kind}:{' '}
      <a href={`${page.url}#comments`} target="_blank" rel="noopener">
        {page.title}
      </a>
    </span>
  );
}

export function CommentsQueue({ onDecided }: { onDecided(): void }) {
  const { filter, page, setFilter, setPage } = useQueueFilter<ModerationStatus>(
    'status',
    STATUSES,
    'pending',
  );
  const { list, remove } = useQueue<AdminComment>(`/comments?status=${filter}&page=${page}`);
  const decide = useDecide('comments');
  const { announce, region } = useAnnouncer();

  return (
    <section aria-labelledby="moderation-comments-title">
      <h2 id="moderation-comments-title" className="visually-hidden">
        Комментарии к товарам, рецептам и статьям
      </h2>
      <FilterTabs label="Какие комментарии показать" options={FILTERS} value={filter} onChange={setFilter} />
      {filter === 'pending' ? (
        <p className="moderation-note">
          Комментарии покупателей появляются на сайте сразу. Проверьте новые: «Опубликовать» оставит
          комментарий, «Отклонить» уберёт его со страницы вместе с ответами.
        </p>
      ) : null}
      {region}
      <QueueBody
        list={list}
        onPage={setPage}
        empty={filter === 'pending' ? 'Новых комментариев нет — все проверены.' : 'Здесь пока пусто.'}
      >
        {(items) =>
          items.map((comment) => (
            <li
              key={comment.id}
              className="moderation-item"
              aria-label={`Комментарий, автор — ${comment.user.name}`}
            >
              <header className="moderation-item__head">
                <span className="moderation-item__author">{comment.user.name}</span>
                <time className="moderation-item__date" dateTime={comment.created_at}>
                  {formatAdminDate(comment.created_at)}
                </time>
                {statusChip(comment)}
              </header>
              <p className="moderation-item__context">
                <PageLink page={comment.page} />
                {comment.parent_id ? (
                  <span className="admin-muted"> · ответ на комментарий № {comment.parent_id}</span>
                ) : null}
              </p>
              <RichText html={comment.html} className="moderation-item__text" />
              <ShopReplyEditor
                kind="comments"
                id={comment.id}
                author={comment.user.name}
                reply={comment.reply}
                onSaved={(reply) => {
                  list.update((data) => ({
                    ...data,
                    items: data.items.map((item) => (item.id === comment.id ? { ...item, reply } : item)),
                  }));
                  announce(
                    reply ? 'Ответ магазина опубликован под текстом покупателя.' : 'Ответ магазина убран.',
                  );
                }}
              />
              <DecisionButtons
                current={
                  comment.status === 'rejected' ? 'rejected' : comment.unchecked ? 'pending' : 'published'
                }
                onDecide={async (status) => {
                  await decide(comment.id, status);
                  remove(comment.id);
                  onDecided();
                  announce(
                    status === 'published'
                      ? `Комментарий оставлен на странице «${comment.page.title}» (автор — ${comment.user.name}).`
                      : `Комментарий убран со страницы «${comment.page.title}» (автор — ${comment.user.name}).`,
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
