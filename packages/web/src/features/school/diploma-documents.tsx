// A diploma course's scans: each document type's upload (checked here first, sent with a real progress bar and
// no timeout), the uploaded files with their download and removal.
import { formatDateLong } from '@efir/domain/dates';
import {
  DIPLOMA_DOCUMENT_MAX_BYTES,
  DIPLOMA_DOCUMENT_MIME_TYPES,
  DIPLOMA_DOCUMENT_TYPE_IDS,
  DIPLOMA_DOCUMENT_TYPES,
  type DiplomaDocumentType,
  type DiplomaDocumentWire,
  type DiplomaWire,
} from '@efir/domain/school-schemas';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { AccountSection } from '../../components/shop/account-ui.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { FormError, SubmitButton } from '../../components/ui/form.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { downloadFile, formatFileSize } from '../../lib/files.ts';
import { readServerFieldErrors } from '../../lib/forms.ts';
import { type Change, SelectField, useNotice } from './diploma-shared.tsx';
import { removeDocument, uploadDocument } from './school-api.ts';

/** Checked in the browser first so a wrong file fails at once, not after a long upload; the server checks again. */
export function checkDocumentFile(file: File): string | null {
  const byName = /\.(pdf|jpe?g|png)$/i.test(file.name);
  if (!(DIPLOMA_DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type) && !byName) {
    return 'Подойдёт скан в формате PDF, JPEG или PNG.';
  }
  if (file.size > DIPLOMA_DOCUMENT_MAX_BYTES) {
    return `Файл больше ${DIPLOMA_DOCUMENT_MAX_BYTES / 1024 / 1024} МБ — сожмите скан или сохраните его в меньшем разрешении.`;
  }
  if (file.size === 0) return 'Файл пустой.';
  return null;
}

export function UploadForm({ diploma, onChange }: { diploma: DiplomaWire; onChange: Change }) {
  const { api } = useAppContext();
  const notice = useNotice();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<string>(diploma.missing[0] ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ type?: string; file?: string; form?: string }>({});

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setErrors({});
    if (chosen) {
      const problem = checkDocumentFile(chosen);
      if (problem) setErrors({ file: problem });
    }
  };

  const upload = async () => {
    if (!type) return setErrors({ type: 'Выберите, что это за документ' });
    if (!file) return setErrors({ file: 'Выберите файл' });
    const problem = checkDocumentFile(file);
    if (problem) return setErrors({ file: problem });
    setErrors({});
    setProgress(0);
    try {
      const answer = await uploadDocument(api, type, file, {
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.floor((loaded / total) * 100) : 0),
      });
      onChange(answer.diploma);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      setType(answer.diploma.missing[0] ?? '');
      notice('Документ загружен');
    } catch (failure) {
      const fields = readServerFieldErrors(failure);
      setErrors({
        ...(fields?.type ? { type: fields.type[0] } : {}),
        ...(fields?.file ? { file: fields.file[0] } : {}),
        ...(!fields?.type && !fields?.file ? { form: describeFailure(failure) } : {}),
      });
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <form
      className="form diploma-upload"
      aria-label="Загрузка документа"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void upload();
      }}
    >
      <FormError message={errors.form} />
      <SelectField
        label="Что загружаете"
        name="type"
        value={type}
        error={errors.type}
        onChange={setType}
        disabled={uploading}
      >
        <option value="">Выберите документ…</option>
        {DIPLOMA_DOCUMENT_TYPE_IDS.map((id) => (
          <option key={id} value={id}>
            {DIPLOMA_DOCUMENT_TYPES[id].name}
          </option>
        ))}
      </SelectField>
      <div className={errors.file ? 'field field--error' : 'field'}>
        <label htmlFor={inputId} className="field__label">
          Файл: PDF, JPEG или PNG, до 10 МБ
        </label>
        <FilePicker
          inputRef={inputRef}
          id={inputId}
          name="file"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          disabled={uploading}
          invalid={Boolean(errors.file)}
          fileName={file?.name ?? null}
          onChange={choose}
        />
        {errors.file && <p className="field__error">{errors.file}</p>}
      </div>
      {uploading && (
        <div className="upload-progress">
          <div
            className="upload-progress__track"
            role="progressbar"
            aria-label="Загрузка файла"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div className="upload-progress__bar" style={{ width: `${progress}%` }} />
          </div>
          <span className="upload-progress__text" aria-hidden="true">
            {progress < 100 ? `Загружаем… ${progress}\u00a0%` : 'Проверяем файл…'}
          </span>
        </div>
      )}
      <SubmitButton sending={uploading} sendingText="Загружаем…" disabled={!file}>
        Загрузить
      </SubmitButton>
    </form>
  );
}

export function DocumentItem({
  document,
  editable,
  onChange,
}: {
  document: DiplomaDocumentWire;
  editable: boolean;
  onChange: Change;
}) {
  const { api } = useAppContext();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    try {
      await downloadFile(api, 'GET', `/v1/user/diplom/document/${document.id}`, document.name);
    } catch (failure) {
      setError(describeFailure(failure));
    }
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      onChange((await removeDocument(api, document.id)).diploma);
    } catch (failure) {
      setError(describeFailure(failure));
      setBusy(false);
    }
  };
  return (
    <li className="diploma-document">
      <div className="diploma-document__text">
        <span className="diploma-document__type">{document.type_name}</span>
        <span className="diploma-document__name">{document.name}</span>
        <span className="muted small">
          {formatFileSize(document.size)} · {formatDateLong(document.created_at)}
        </span>
        {error && <span className="field__error">{error}</span>}
      </div>
      <div className="diploma-document__actions">
        <button type="button" className="button button--ghost button--small" onClick={download}>
          Скачать
        </button>
        {editable && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={remove}
            disabled={busy}
            aria-label={`Удалить «${document.name}»`}
          >
            Удалить
          </button>
        )}
      </div>
    </li>
  );
}

export function DocumentsCard({ diploma, onChange }: { diploma: DiplomaWire; onChange: Change }) {
  const present = new Set(diploma.documents.map((document) => document.type));
  const required = DIPLOMA_DOCUMENT_TYPE_IDS.filter((id) => DIPLOMA_DOCUMENT_TYPES[id].required);
  return (
    <AccountSection title="3. Сканы документов" id="documents-title">
      <ul className="diploma-checklist" aria-label="Обязательные документы">
        {required.map((id: DiplomaDocumentType) => (
          <li key={id} className={present.has(id) ? 'is-done' : ''}>
            <span aria-hidden="true">{present.has(id) ? '✓' : '○'}</span> {DIPLOMA_DOCUMENT_TYPES[id].name}
            <span className="visually-hidden">{present.has(id) ? ' — загружен' : ' — не загружен'}</span>
          </li>
        ))}
      </ul>
      {diploma.documents.length > 0 ? (
        <ul className="diploma-documents" aria-label="Загруженные документы">
          {diploma.documents.map((document) => (
            <DocumentItem
              key={document.id}
              document={document}
              editable={diploma.editable}
              onChange={onChange}
            />
          ))}
        </ul>
      ) : (
        <p className="muted small">Пока ничего не загружено.</p>
      )}
      {diploma.editable && <UploadForm diploma={diploma} onChange={onChange} />}
    </AccountSection>
  );
}
