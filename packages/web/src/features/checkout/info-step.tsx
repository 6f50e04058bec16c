// Step «Получатель»: the Checkout form of spec §3 (name, fam, email, tel — checked by the shared schema, prefilled
// for a logged-in buyer) and the wishes of the Delivery form: comment, eco packing, a call first, a consultation.
import { checkoutContactSchema } from '@efir/domain/delivery-rules';
import { formatRussianPhone } from '@efir/domain/phone';
import { useId, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  CheckboxField,
  FormError,
  SubmitButton,
  TextAreaField,
  TextField,
  useForm,
} from '../../components/ui/form.tsx';
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { useCart } from '../../lib/cart-state.ts';
import { FORM_ERROR } from '../../lib/forms.ts';
import { Link } from '../../lib/router/link.tsx';
import { useNavigate } from '../../lib/router/router-view.tsx';
import { checkRecipients, listCertificateUnits, type RecipientErrors } from './certificate-recipients.ts';
import { contactOf, stepUrl } from './checkout-rules.ts';
import { CertificateRecipients } from './recipient-fields.tsx';
import { markPassed, useCheckoutDraft, useUpdateCheckout } from './use-checkout.ts';

const FIELDS = ['name', 'fam', 'email', 'tel'] as const;

export function InfoStep() {
  const draft = useCheckoutDraft();
  const update = useUpdateCheckout();
  const user = useAppState((state) => state.user);
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const { name, fam, email, tel } = draft.form;
  const units = listCertificateUnits(useCart().lines);
  const [recipientErrors, setRecipientErrors] = useState<RecipientErrors>([]);
  const form = useForm({
    // The contact lives in the checkout's draft, so a reload or a step back keeps it.
    source: {
      values: { name, fam, email, tel },
      change: (field, value) =>
        update((current) => ({ ...current, form: { ...current.form, [field]: value } })),
    },
    schema: checkoutContactSchema,
    fields: FIELDS,
    send: async (contact) => contact,
    onSuccess: (contact) => {
      update((current) =>
        markPassed(
          {
            ...current,
            form: {
              ...current.form,
              name: contact.name,
              fam: contact.fam,
              email: contact.email,
              tel: formatRussianPhone(contact.tel),
            },
          },
          'info',
        ),
      );
      void navigate(stepUrl('check'));
    },
  });
  const arrivedError = (location.state as { error?: string } | null)?.error;

  // A logged-in buyer starts with the profile's name, surname, e-mail and phone; what was typed stays. Before the
  // first paint, so the form never shows empty for a moment (the steps render only in the browser).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly known user fills the form
  useLayoutEffect(() => {
    if (!user) return;
    update((current) => ({
      ...current,
      form: {
        id: user.id,
        name: current.form.name || user.name,
        fam: current.form.fam || user.fam,
        email: current.form.email || user.email,
        tel: current.form.tel || (user.tel ? formatRussianPhone(user.tel) : ''),
      },
    }));
  }, [user?.id]);

  const setWish = (field: 'koment' | 'ecopack' | 'calling' | 'consultant', value: string | boolean) =>
    update((current) => ({ ...current, delivery: { ...current.delivery, [field]: value } }));

  return (
    <section className="checkout-step" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="checkout-step__title">
        Получатель
      </h2>
      <form
        ref={form.formRef}
        className="form"
        aria-labelledby={`${ids}-title`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const recipients = checkRecipients(draft.recipients, units.length, Date.now());
          setRecipientErrors(recipients.ok ? [] : recipients.errors);
          if (!recipients.ok) {
            // The first field refused takes the focus, as the contact form's own fields do.
            requestAnimationFrame(() =>
              form.formRef.current?.querySelector<HTMLElement>('.recipients [aria-invalid="true"]')?.focus(),
            );
            return;
          }
          void form.submit(contactOf(draft));
        }}
      >
        <FormError message={form.errors[FORM_ERROR] ?? arrivedError} />
        <div className="form__row">
          <TextField label="Имя" required autoComplete="given-name" {...form.field('name')} />
          <TextField label="Фамилия" required autoComplete="family-name" {...form.field('fam')} />
        </div>
        <div className="form__row">
          <TextField
            label="E-mail"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            {...form.field('email')}
            hint={form.errors.email ? undefined : 'Пришлём подтверждение заказа'}
          />
          <PhoneField
            label="Телефон"
            required
            {...form.field('tel')}
            onValueChange={(tel) => form.setValue('tel', tel)}
            hint={form.errors.tel ? undefined : 'Позвоним, если понадобится уточнить заказ'}
          />
        </div>
        <TextAreaField
          label="Комментарий к заказу"
          name="koment"
          maxLength={1000}
          rows={3}
          value={draft.delivery.koment ?? ''}
          hint="Например, код домофона или удобное время"
          onChange={(event) => setWish('koment', event.target.value)}
        />
        <div className="checkout-wishes">
          <CheckboxField
            name="calling"
            checked={draft.delivery.calling ?? false}
            onChange={(event) => setWish('calling', event.target.checked)}
          >
            Позвонить перед доставкой
          </CheckboxField>
          <CheckboxField
            name="ecopack"
            checked={draft.delivery.ecopack ?? false}
            onChange={(event) => setWish('ecopack', event.target.checked)}
          >
            Экоупаковка — бумага и картон вместо пластика
          </CheckboxField>
          <CheckboxField
            name="consultant"
            checked={draft.delivery.consultant ?? false}
            onChange={(event) => setWish('consultant', event.target.checked)}
          >
            Нужна консультация ароматерапевта — перезвоним и подскажем
          </CheckboxField>
        </div>
        <CertificateRecipients units={units} errors={recipientErrors} />
        <div className="checkout-actions">
          <Link to={stepUrl('pay')} className="button button--ghost">
            Назад
          </Link>
          <SubmitButton sending={form.sending}>Далее</SubmitButton>
        </div>
      </form>
    </section>
  );
}
