// A link to share: shown in a read-only field with «Скопировать», which says when the link is on the clipboard.
import { useId, useRef, useState } from 'react';

async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not a secure context: fall back to the selection below.
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** `action` and `copied` name what is copied: a link by default, a certificate's code on «Мои сертификаты». */
export function CopyLink({
  url,
  label,
  action = 'Скопировать ссылку',
  copied = 'Ссылка скопирована',
}: {
  url: string;
  label: string;
  action?: string;
  copied?: string;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <div className="copy-link">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        ref={field}
        className="field__input copy-link__input"
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <button
        type="button"
        className="button button--small button--ghost copy-link__button"
        onClick={async () => setState((await copyText(url, field.current)) ? 'copied' : 'failed')}
      >
        {state === 'copied' ? 'Скопировано' : action}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? copied : ''}
      </span>
      {state === 'failed' && (
        <p className="copy-link__hint">Не получилось скопировать: выделите текст и скопируйте его вручную.</p>
      )}
    </div>
  );
}
