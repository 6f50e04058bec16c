// A certificate issued by hand (an apology, a prize): value, to whose e-mail, an optional name and wish for the
// card, and the required comment that the history and the audit keep. Its letter leaves at once.
import { type AdminCertificateAnswer, issueCertificateBodySchema } from '@efir/domain/gift-certificate-wire';
import { type FormEvent, useState } from 'react';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useNavigate } from '../../../lib/router/router-view.tsx';
import { useAdminApi } from '../admin-api.ts';
import { AdminHeader } from '../admin-ui.tsx';

const FIELDS = [
  { name: 'value', label: 'Номинал, ₽', type: 'number' },
  { name: 'buyer_email', label: 'E-mail, куда отправить', type: 'email' },
  { name: 'recipient_name', label: 'Имя на открытке (необязательно)', type: 'text' },
  { name: 'message', label: 'Пожелание (необязательно)', type: 'text' },
  { name: 'comment', label: 'За что сертификат (для истории и журнала)', type: 'text' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

export function CertificateIssuePage() {
  const api = useAdminApi();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({
    value: '',
    buyer_email: '',
    recipient_name: '',
    message: '',
    comment: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'form', string>>>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = issueCertificateBodySchema.safeParse({
      value: values.value.trim() ? Number(values.value) : undefined,
      buyer_email: values.buyer_email,
      ...(values.recipient_name.trim() ? { recipient_name: values.recipient_name } : {}),
      ...(values.message.trim() ? { message: values.message } : {}),
      comment: values.comment,
    });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= field === 'value' && !values.value.trim() ? 'Укажите номинал' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await api.post<AdminCertificateAnswer>('/gift-certificates', parsed.data);
      void navigate(`/admin/certificates/${answer.certificate.id}`);
    } catch (error) {
      setErrors(readServerFieldErrors(error) ?? { form: describeFailure(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <section>
      <Link to=".." relative="path" className="orders-back">
        ← Все сертификаты
      </Link>
      <AdminHeader title="Выпустить сертификат" />
      <form className="admin-card certificate-issue" noValidate onSubmit={(event) => void submit(event)}>
        {errors.form ? (
          <p className="order-detail__failure" role="alert">
            {errors.form}
          </p>
        ) : null}
        {FIELDS.map((field) => (
          <label key={field.name} className="admin-inline-field certificate-issue__field">
            <span>{field.label}</span>
            <input
              name={field.name}
              type={field.type}
              value={values[field.name]}
              aria-invalid={errors[field.name] ? true : undefined}
              onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            />
            {errors[field.name] ? <span className="field__error">{errors[field.name]}</span> : null}
          </label>
        ))}
        <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Выпускаем…' : 'Выпустить и отправить письмо'}
        </button>
      </form>
    </section>
  );
}
