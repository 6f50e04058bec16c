// «Загрузить пакет вручную» of «Обмен с 1С»: for owners without a live 1C connection — a zip with import.xml,
// offers.xml and the pictures (1C's «Выгрузить в файл»), or one of the XML files. The server imports it the way it
// imports 1C's own calls; the result appears in the log below.
import { useId, useRef, useState } from 'react';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../lib/forms.ts';
import { useAdminApi } from './admin-api.ts';

const ACCEPTED = '.zip,.xml,application/zip,application/xml,text/xml';

export function ExchangeUpload({ onUploaded }: { onUploaded(): void }) {
  const api = useAdminApi();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setMessage(null);
    const body = new FormData();
    body.append('package', file);
    try {
      const answer = await api.upload<{ message: string }>('/exchange/upload', body);
      setMessage({ tone: 'ok', text: answer.message });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      onUploaded();
    } catch (error) {
      const fields = readServerFieldErrors(error);
      setMessage({ tone: 'error', text: fields ? Object.values(fields).join(' ') : describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-card">
      <h2>Загрузить пакет вручную</h2>
      <p className="field__hint">
        Если 1С не подключена к сайту: выгрузите из 1С zip-архив с import.xml, offers.xml и картинками или
        один из этих файлов и загрузите его здесь. Товары, цены и остатки обновятся так же, как при обмене.
      </p>
      <FilePicker
        inputRef={inputRef}
        id={inputId}
        accept={ACCEPTED}
        disabled={busy}
        fileName={file?.name ?? null}
        onChange={(event) => {
          setMessage(null);
          setFile(event.target.files?.[0] ?? null);
        }}
      />
      {file ? (
        <button type="button" className="button button--small" disabled={busy} onClick={upload}>
          {busy ? 'Загружаем…' : 'Загрузить'}
        </button>
      ) : null}
      {message ? (
        <p
          className={message.tone === 'ok' ? 'product-images__ok' : 'field__error'}
          role={message.tone === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
