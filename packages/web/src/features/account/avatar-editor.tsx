// The photo on /my-personal: a chosen picture is checked and previewed before it is sent; the server stores it.

import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@efir/domain/account-schemas';
import type { UserChangedAnswer } from '@efir/domain/account-wire';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { AccountSection } from '../../components/shop/account-ui.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import type { SessionUser } from '../../lib/app-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../lib/forms.ts';
import { useApplyUser, useSuccess } from './personal-hooks.ts';

export function AvatarEditor({ user }: { user: SessionUser }) {
  const { api } = useAppContext();
  const applyUser = useApplyUser();
  const success = useSuccess();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    setConfirmRemove(false);
    if (!chosen) return;
    if (!(AVATAR_MIME_TYPES as readonly string[]).includes(chosen.type)) {
      setError('Выберите картинку в формате JPEG, PNG или WebP.');
      return;
    }
    if (chosen.size > AVATAR_MAX_BYTES) {
      setError(`Файл больше ${Math.round(AVATAR_MAX_BYTES / 1024 / 1024)} МБ — выберите поменьше.`);
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    const formData = new FormData();
    formData.append('avatar', file);
    try {
      const answer = await api.post<UserChangedAnswer>(`/v1/user/${user.id}/avatar`, { formData });
      applyUser(answer);
      setFile(null);
      success('Фото сохранено');
    } catch (failure) {
      setError(readServerFieldErrors(failure)?.avatar ?? describeFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.delete<UserChangedAnswer>(`/v1/user/${user.id}/avatar`);
      applyUser(answer);
      setConfirmRemove(false);
      success('Фото удалено');
    } catch (failure) {
      setError(describeFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountSection title="Фото профиля" id="avatar-title" className="avatar-editor">
      <div className="avatar-editor__body">
        {preview ? (
          <img
            src={preview}
            alt="Новое фото"
            width={96}
            height={96}
            className="avatar avatar-editor__picture"
          />
        ) : (
          <Avatar name={user.name} photo={user.avatar.photo} size={96} className="avatar-editor__picture" />
        )}
        <div className="avatar-editor__actions">
          {file ? (
            <>
              <p className="muted small">Так будет выглядеть ваше фото. Сохранить его?</p>
              <div className="button-row">
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => void upload()}
                  disabled={busy}
                >
                  {busy ? 'Загружаем…' : 'Сохранить фото'}
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setFile(null)}
                  disabled={busy}
                >
                  Отмена
                </button>
              </div>
            </>
          ) : (
            <>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={AVATAR_MIME_TYPES.join(',')}
                className="visually-hidden"
                // Opened by the button below; named all the same for whoever reaches it directly.
                aria-label="Файл с фото профиля"
                onChange={choose}
              />
              <div className="button-row">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => inputRef.current?.click()}
                  disabled={busy}
                >
                  {user.avatar.photo ? 'Заменить фото' : 'Загрузить фото'}
                </button>
                {user.avatar.photo && !confirmRemove && (
                  <button
                    type="button"
                    className="link-button link-button--danger"
                    onClick={() => setConfirmRemove(true)}
                    disabled={busy}
                  >
                    Удалить фото
                  </button>
                )}
              </div>
              {confirmRemove && (
                <fieldset className="confirm">
                  <legend className="visually-hidden">Удаление фото</legend>
                  <span>Удалить фото профиля?</span>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    onClick={() => void remove()}
                    disabled={busy}
                  >
                    {busy ? 'Удаляем…' : 'Удалить'}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setConfirmRemove(false)}
                    disabled={busy}
                  >
                    Оставить
                  </button>
                </fieldset>
              )}
              <p className="muted small">
                JPEG, PNG или WebP, до {Math.round(AVATAR_MAX_BYTES / 1024 / 1024)} МБ.
              </p>
            </>
          )}
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </AccountSection>
  );
}
