// A diploma course's contract data: the form (personal data, 152-FZ) and the filled contract PDF.
import {
  CONTRACT_FIELDS,
  type ContractData,
  type ContractForm,
  contractSchema,
  type DiplomaWire,
  EDUCATION_LEVELS,
} from '@efir/domain/school-schemas';
import { type ChangeEvent, useState } from 'react';
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

export function ContractCard({ diploma, onChange }: { diploma: DiplomaWire; onChange: Change }) {
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
