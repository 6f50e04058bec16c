// Message popup of spec §2 (types error and success): opens and closes with a short delay.
import { useEffect } from 'react';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';

const VISIBLE_MS = 6000;
/** A popup with a request id stays longer: the customer may want to copy it. */
const VISIBLE_WITH_ID_MS = 20_000;

export function NoticePopup() {
  const notices = useAppState((state) => state.notices);
  const dismiss = useAppState((state) => state.dismissNotice);

  useEffect(() => {
    if (notices.length === 0) return;
    const oldest = notices[0]!;
    const timer = setTimeout(() => dismiss(oldest.id), oldest.requestId ? VISIBLE_WITH_ID_MS : VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notices, dismiss]);

  return (
    <div className="notices" aria-live="assertive">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`notice notice--${notice.type}`}
          role={notice.type === 'error' ? 'alert' : 'status'}
        >
          <div>
            <p className="notice__title">{notice.title}</p>
            <p className="notice__text">{notice.text}</p>
            {notice.requestId && (
              <p className="notice__request">
                Код для службы поддержки: <span className="notice__request-id">{notice.requestId}</span>
              </p>
            )}
            {notice.action && (
              <Link to={notice.action.to} className="notice__action" onClick={() => dismiss(notice.id)}>
                {notice.action.label}
              </Link>
            )}
          </div>
          <button
            type="button"
            className="notice__close"
            aria-label="Закрыть сообщение"
            onClick={() => dismiss(notice.id)}
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      ))}
    </div>
  );
}
