// The documents of a diploma course on /my-courses: the contract data (and the filled PDF), blank forms to sign,
// the scans (uploaded with a real progress bar, no timeout) and submitting the set; then the moderator's verdict.

import { formatDateLong } from '@efir/domain/dates';
import {
  CONTRACT_FIELDS,
  type ContractData,
  type ContractForm,
  contractSchema,
  DIPLOMA_DOCUMENT_MAX_BYTES,
  DIPLOMA_DOCUMENT_MIME_TYPES,
  DIPLOMA_DOCUMENT_TYPE_IDS,
  DIPLOMA_DOCUMENT_TYPES,
  DIPLOMA_TEMPLATES,
  type DiplomaDocumentType,
  type DiplomaDocumentWire,
  type DiplomaTemplate,
  type DiplomaWire,
  EDUCATION_LEVELS,
} from '@efir/domain/school-schemas';
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useAppContext } from '../../app/app-context.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { FORM_ERROR, FormError, SubmitButton, TextField, useForm } from '../../components/ui/form.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../lib/forms.ts';
import { AccountSection } from '../account/account-ui.tsx';
import {
  downloadFile,
  downloadTemplate,
  removeDocument,
  saveContract,
  submitDocuments,
  uploadDocument,
} from './school-api.ts';
import { formatFileSize } from './school-ui.tsx';

type Change = (diploma: DiplomaWire) => void;

const EMPTY_CONTRACT: Record<(typeof CONTRACT_FIELDS)[number], string> = {
  fam: '',
  name: '',
  otch: '',
  birth_date: '',
  passport_series: '',
  passport_number: '',
  passport_issued_by: '',
  passport_issued_at: '',
  passport_code: '',
  address: '',
  snils: '',
  education: '',
};

function useNotice() {
  const { store } = useAppContext();
  return (title: string, text = '') => store.getState().showNotice({ type: 'success', title, text });
}

function SelectField({
  label,
  name,
  value,
  error,
  onChange,
  disabled,
  children,
}: {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <div className="field__top">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
      </div>
      <div className="field__frame">
        <select
          id={id}
          name={name}
          className="field__input"
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function ContractCard({ diploma, onChange }: { diploma: DiplomaWire; onChange: Change }) {
  const { api } = useAppContext();
  const notice = useNotice();
  const [values, setValues] = useState<Record<string, string>>({
    ...EMPTY_CONTRACT,
    ...(diploma.contract as Partial<ContractData> | null),
  });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const form = useForm({
    schema: contractSchema,
    fields: CONTRACT_FIELDS,
    send: (data) => saveContract(api, data as ContractForm),
    onSuccess: (answer) => {
      onChange(answer.diploma);
      if (answer.diploma.contract) setValues({ ...EMPTY_CONTRACT, ...answer.diploma.contract });
      notice('Данные для договора сохранены', 'Теперь можно скачать договор.');
    },
  });
  const locked = !diploma.editable;
  const field = (name: (typeof CONTRACT_FIELDS)[number]) => ({
    name,
    value: values[name] ?? '',
    error: form.errors[name],
    disabled: locked,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      form.clearError(name);
    },
  });
  const download = async () => {
    setDownloadError(null);
    try {
      await downloadFile(api, 'GET', '/v1/user/diplom/contract', 'Договор об обучении.pdf');
    } catch (failure) {
      setDownloadError(describeFailure(failure));
    }
  };

  return (
    <AccountSection title="1. Данные для договора" id="contract-title">
      <p className="muted small">
        Как в паспорте. Эти данные видите только вы и сотрудники учебной части; они нужны для договора и
        диплома.
      </p>
      <form
        ref={form.formRef}
        className="form contract-form"
        noValidate
        aria-labelledby="contract-title"
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(values);
        }}
      >
        <FormError message={form.errors[FORM_ERROR]} />
        <div className="form__row form__row--3">
          <TextField label="Фамилия" autoComplete="family-name" required {...field('fam')} />
          <TextField label="Имя" autoComplete="given-name" required {...field('name')} />
          <TextField label="Отчество" autoComplete="additional-name" {...field('otch')} />
        </div>
        <div className="form__row">
          <TextField
            label="Дата рождения"
            type="date"
            autoComplete="bday"
            required
            {...field('birth_date')}
          />
          <SelectField
            label="Образование"
            name="education"
            value={values.education ?? ''}
            error={form.errors.education}
            disabled={locked}
            onChange={(value) => {
              setValues((current) => ({ ...current, education: value }));
              form.clearError('education');
            }}
          >
            <option value="">Выберите…</option>
            {Object.entries(EDUCATION_LEVELS).map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="form__row form__row--3">
          <TextField
            label="Серия паспорта"
            inputMode="numeric"
            placeholder="45 12"
            required
            {...field('passport_series')}
          />
          <TextField
            label="Номер паспорта"
            inputMode="numeric"
            placeholder="345678"
            required
            {...field('passport_number')}
          />
          <TextField label="Дата выдачи" type="date" required {...field('passport_issued_at')} />
        </div>
        <div className="form__row">
          <TextField label="Кем выдан" required {...field('passport_issued_by')} />
          <TextField label="Код подразделения" placeholder="770-001" required {...field('passport_code')} />
        </div>
        <TextField
          label="Адрес регистрации"
          autoComplete="street-address"
          placeholder="Индекс, город, улица, дом, квартира"
          required
          {...field('address')}
        />
        <TextField
          label="СНИЛС"
          inputMode="numeric"
          placeholder="112-233-445 95"
          required
          {...field('snils')}
        />
        <div className="button-row">
          {!locked && (
            <SubmitButton sending={form.sending} sendingText="Сохраняем…">
              Сохранить данные
            </SubmitButton>
          )}
          {diploma.contract && (
            <button type="button" className="button button--ghost" onClick={download}>
              Скачать договор (PDF)
            </button>
          )}
        </div>
        {downloadError && <p className="field__error">{downloadError}</p>}
      </form>
    </AccountSection>
  );
}

function TemplatesCard() {
  const { api } = useAppContext();
  const [error, setError] = useState<string | null>(null);
  const download = async (type: DiplomaTemplate) => {
    setError(null);
    try {
      await downloadTemplate(api, type, DIPLOMA_TEMPLATES[type]);
    } catch (failure) {
      setError(describeFailure(failure));
    }
  };
  return (
    <AccountSection title="2. Бланки" id="templates-title">
      <p className="muted small">
        Скачайте, распечатайте и подпишите бланки и договор, затем загрузите их сканы или фотографии ниже.
      </p>
      <ul className="diploma-templates">
        {(Object.keys(DIPLOMA_TEMPLATES) as DiplomaTemplate[]).map((type) => (
          <li key={type}>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => download(type)}
            >
              {DIPLOMA_TEMPLATES[type]} (PDF)
            </button>
          </li>
        ))}
      </ul>
      {error && <p className="field__error">{error}</p>}
    </AccountSection>
  );
}

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

function UploadForm({ diploma, onChange }: { diploma: DiplomaWire; onChange: Change }) {
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

function DocumentItem({
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

function DocumentsCard({ diploma, onChange }: { diploma: DiplomaWire; onChange: Change }) {
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

function SubmitCard({ diploma, onChange }: { diploma: DiplomaWire; onChange: Change }) {
  const { api } = useAppContext();
  const notice = useNotice();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = diploma.contract !== null && diploma.missing.length === 0;
  const submit = async () => {
    setSending(true);
    setError(null);
    try {
      onChange((await submitDocuments(api)).diploma);
      notice('Документы отправлены на проверку', 'Мы проверим их в течение двух рабочих дней.');
    } catch (failure) {
      const fields = readServerFieldErrors(failure);
      setError(fields ? Object.values(fields).flat().join(' ') : describeFailure(failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <AccountSection title="4. Отправка на проверку" id="submit-title">
      {!ready && (
        <p className="muted small">
          {diploma.contract === null ? 'Сохраните данные для договора и загрузите' : 'Загрузите'} все
          обязательные документы — после этого их можно отправить.
        </p>
      )}
      <p className="muted small">
        После отправки изменить документы нельзя, пока учебная часть их не проверит.
      </p>
      <FormError message={error ?? undefined} />
      <button type="button" className="button" onClick={submit} disabled={!ready || sending}>
        {sending ? 'Отправляем…' : 'Отправить документы на проверку'}
      </button>
    </AccountSection>
  );
}

export function DiplomaSection({ diploma, onChange }: { diploma: DiplomaWire; onChange: Change }) {
  return (
    <section className="diploma" aria-labelledby="diploma-title">
      <header className="diploma__head">
        <h2 id="diploma-title">Документы для диплома</h2>
        <p className={`diploma-state diploma-state--${diploma.state}`} role="status">
          {diploma.state_name}
          {diploma.submitted_at &&
            diploma.state === 'submitted' &&
            ` с ${formatDateLong(diploma.submitted_at)}`}
        </p>
      </header>
      {diploma.comment && (
        <div className={`diploma-comment diploma-comment--${diploma.state}`}>
          <p className="diploma-comment__title">Комментарий учебной части</p>
          <p>{diploma.comment}</p>
        </div>
      )}
      <ContractCard diploma={diploma} onChange={onChange} />
      {diploma.editable && <TemplatesCard />}
      <DocumentsCard diploma={diploma} onChange={onChange} />
      {diploma.editable && <SubmitCard diploma={diploma} onChange={onChange} />}
    </section>
  );
}
