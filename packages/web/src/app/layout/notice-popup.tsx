// Message popup of spec §2 (types error and success): opens and closes with a short delay.
import { useEffect } from 'react';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../app-context.tsx';
import { Link } from '../router/link.tsx';

const VISIBLE_MS = 6000;

export function NoticePopup() {
  const notices = useAppState((state) => state.notices);
  const dismiss = useAppState((state) => state.dismissNotice);

  useEffect(() => {
    if (notices.length === 0) return;
    const oldest = notices[0]!;
    const timer = setTimeout(() => dismiss(oldest.id), VISIBLE_MS);
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
