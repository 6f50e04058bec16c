// The documents of a diploma course on /my-courses: the contract data (and the filled PDF), blank forms to sign,
// the scans (uploaded with a real progress bar, no timeout) and submitting the set; then the moderator's verdict.

import { formatDateLong } from '@efir/domain/dates';
import { DIPLOMA_TEMPLATES, type DiplomaTemplate, type DiplomaWire } from '@efir/domain/school-schemas';
import { useState } from 'react';
import { AccountSection } from '../../components/shop/account-ui.tsx';
import { FormError } from '../../components/ui/form.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../lib/forms.ts';
import { ContractCard } from './diploma-contract.tsx';
import { DocumentsCard } from './diploma-documents.tsx';
import { type Change, useNotice } from './diploma-shared.tsx';
import { downloadTemplate, submitDocuments } from './school-api.ts';

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
