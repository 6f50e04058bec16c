// A diploma course's contract data: the form (personal data, 152-FZ) and the filled contract PDF.
import {
  CONTRACT_FIELDS,
  type ContractData,
  type ContractForm,
  contractSchema,
  type DiplomaWire,
  EDUCATION_LEVELS,
} from '@efir/domain/school-schemas';
import { useState } from 'react';
import { AccountSection } from '../../components/shop/account-ui.tsx';
import { FORM_ERROR, FormError, SubmitButton, TextField, useForm } from '../../components/ui/form.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { downloadFile } from '../../lib/files.ts';
import { type Change, SelectField, useNotice } from './diploma-shared.tsx';
import { saveContract } from './school-api.ts';

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

function contractValues(diploma: DiplomaWire): Record<string, string> {
  return { ...EMPTY_CONTRACT, ...(diploma.contract as Partial<ContractData> | null) };
}

export function ContractCard({ diploma, onChange }: { diploma: DiplomaWire; onChange: Change }) {
  const { api } = useAppContext();
  const notice = useNotice();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const locked = !diploma.editable;
  const form = useForm({
    initial: contractValues(diploma),
    locked,
    schema: contractSchema,
    fields: CONTRACT_FIELDS,
    send: (data) => saveContract(api, data as ContractForm),
    onSuccess: (answer) => {
      onChange(answer.diploma);
      if (answer.diploma.contract) form.setValues({ ...EMPTY_CONTRACT, ...answer.diploma.contract });
      notice('Данные для договора сохранены', 'Теперь можно скачать договор.');
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
        onSubmit={form.onSubmit}
      >
        <FormError message={form.errors[FORM_ERROR]} />
        <div className="form__row form__row--3">
          <TextField label="Фамилия" autoComplete="family-name" required {...form.field('fam')} />
          <TextField label="Имя" autoComplete="given-name" required {...form.field('name')} />
          <TextField label="Отчество" autoComplete="additional-name" {...form.field('otch')} />
        </div>
        <div className="form__row">
          <TextField
            label="Дата рождения"
            type="date"
            autoComplete="bday"
            required
            {...form.field('birth_date')}
          />
          <SelectField
            label="Образование"
            name="education"
            value={form.values.education ?? ''}
            error={form.errors.education}
            disabled={locked}
            onChange={(value) => form.setValue('education', value)}
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
            {...form.field('passport_series')}
          />
          <TextField
            label="Номер паспорта"
            inputMode="numeric"
            placeholder="345678"
            required
            {...form.field('passport_number')}
          />
          <TextField label="Дата выдачи" type="date" required {...form.field('passport_issued_at')} />
        </div>
        <div className="form__row">
          <TextField label="Кем выдан" required {...form.field('passport_issued_by')} />
          <TextField
            label="Код подразделения"
            placeholder="770-001"
            required
            {...form.field('passport_code')}
          />
        </div>
        <TextField
          label="Адрес регистрации"
          autoComplete="street-address"
          placeholder="Индекс, город, улица, дом, квартира"
          required
          {...form.field('address')}
        />
        <TextField
          label="СНИЛС"
          inputMode="numeric"
          placeholder="112-233-445 95"
          required
          {...form.field('snils')}
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
