// /my-settings: the mailing switch, the Telegram link (code for the bot, unlink, test message), and the e-mail change
// confirmation that the letter's link (?email_token=…) brings here.
import { TELEGRAM_CODE_TTL_MS } from '@efir/domain/account-schemas';
import type { SettingsAnswer, TelegramCodeAnswer, TelegramTestAnswer } from '@efir/domain/account-wire';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { AccountHeading, AccountSection } from '../../components/shop/account-ui.tsx';
import { Switch } from '../../components/ui/form.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../lib/forms.ts';
import { useAccountData } from '../../lib/remote-data.ts';
import { useNavigate } from '../../lib/router/router-view.tsx';
import { reloadUser } from '../../lib/session-start.ts';

const DEFAULT_BOT = 'efir_consult_bot';
const MINUTE_FORMS: PluralForms = ['минуту', 'минуты', 'минут'];

function useNotice() {
  const { store } = useAppContext();
  return store.getState().showNotice;
}

type Confirmation =
  | { state: 'checking' }
  | { state: 'done'; email: string; message: string }
  | { state: 'failed'; message: string };

/** POST /v1/user/email {token} once for the token in the address, then takes the token out of the address. */
function EmailConfirmation({ token }: { token: string }) {
  const { api, store } = useAppContext();
  const navigate = useNavigate();
  const [result, setResult] = useState<Confirmation>({ state: 'checking' });
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Once per token, also under StrictMode's double effects: the token is single-use.
    if (sent.current === token) return;
    sent.current = token;
    api
      .post<{ message?: string }>('/v1/user/email', { body: { token }, suppressErrors: true })
      .then(async (answer) => {
        const user = await reloadUser(api, store);
        // «E-mail подтверждён.» for the registration's address, «E-mail изменён.» for a new one (decision 040).
        setResult({
          state: 'done',
          email: user?.email ?? '',
          message: answer.message ?? 'E-mail подтверждён.',
        });
      })
      .catch((error: unknown) => {
        const fields = readServerFieldErrors(error);
        // A spent, expired or mangled link all read the same to the customer.
        setResult({
          state: 'failed',
          message: fields?.token
            ? 'Ссылка устарела или уже использована.'
            : (fields?.email ?? describeFailure(error)),
        });
      })
      .finally(() => navigate('/my-settings', { replace: true, preventScrollReset: true }));
  }, [api, store, token, navigate]);

  if (result.state === 'checking') {
    return (
      <div className="notice-inline" role="status">
        Подтверждаем новый e-mail…
      </div>
    );
  }
  if (result.state === 'done') {
    return (
      <div className="notice-inline notice-inline--success" role="status">
        <strong>{result.message}</strong>{' '}
        {result.email ? `Для входа и писем используется ${result.email}.` : 'Адрес подтверждён.'}
      </div>
    );
  }
  return (
    <div className="notice-inline notice-inline--error" role="alert">
      <strong>Не удалось подтвердить e-mail.</strong> {result.message} Запросить новое письмо можно в разделе
      «Личные данные».
    </div>
  );
}

function MailingsSetting() {
  const { api, store } = useAppContext();
  const notify = useNotice();
  const on = useAppState((state) => state.user?.mailings ?? false);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    store.getState().updateUser({ mailings: next });
    setBusy(true);
    try {
      await api.post('/v1/user/mailings', { body: { mailings: next } });
      notify({
        type: 'success',
        title: next ? 'Рассылка включена' : 'Рассылка выключена',
        text: next
          ? 'Будем присылать новинки, акции и полезные статьи.'
          : 'Письма о ваших заказах будут приходить как прежде.',
      });
    } catch (error) {
      store.getState().updateUser({ mailings: !next });
      notify({ type: 'error', title: 'Не удалось сохранить', text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={on}
      disabled={busy}
      onChange={(next) => void change(next)}
      label="Письма о новинках и акциях"
      description="Письма о ваших заказах приходят в любом случае."
    />
  );
}

type LinkCode = Pick<TelegramCodeAnswer, 'code' | 'link'>;

type Action = 'link' | 'unlink' | 'test' | 'check';

function TelegramSetting({ linked, bot }: { linked: boolean; bot: string }) {
  const { api, store } = useAppContext();
  const notify = useNotice();
  const [code, setCode] = useState<LinkCode | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);

  const run = async (kind: Action) => {
    setBusy(kind);
    try {
      if (kind === 'link') {
        const { code: issued, link } = await api.post<TelegramCodeAnswer>('/v1/user/telegram');
        setCode({ code: issued, link });
      } else if (kind === 'unlink') {
        await api.delete('/v1/user/telegram');
        store.getState().updateUser({ telegram: { linked: false } });
        setCode(null);
        notify({
          type: 'success',
          title: 'Telegram отключён',
          text: 'Бот больше не будет присылать вам сообщения.',
        });
      } else if (kind === 'check') {
        const { settings } = await api.get<SettingsAnswer>('/v1/my-settings', { suppressErrors: true });
        store.getState().updateUser({ telegram: { linked: settings.telegram.linked } });
        if (settings.telegram.linked) {
          setCode(null);
          notify({ type: 'success', title: 'Telegram подключён', text: `Бот @${bot} теперь знает вас.` });
        } else {
          notify({
            type: 'error',
            title: 'Пока не подключено',
            text: 'Отправьте боту код (или нажмите «Запустить» по ссылке) и проверьте ещё раз.',
          });
        }
      } else {
        const answer = await api.post<TelegramTestAnswer>('/v1/user/telegram/test');
        notify({
          type: 'success',
          title: answer.delivered ? 'Сообщение отправлено' : 'Сообщение записано',
          text: answer.message,
        });
      }
    } catch (error) {
      notify({ type: 'error', title: 'Не получилось', text: describeFailure(error) });
    } finally {
      setBusy(null);
    }
  };

  if (linked) {
    return (
      <div className="telegram">
        <p className="telegram__state">
          <span className="status-dot status-dot--on" aria-hidden="true" /> Telegram подключён: бот @{bot}{' '}
          знает вас и может присылать уведомления.
        </p>
        <div className="button-row">
          <button
            type="button"
            className="button button--small"
            disabled={busy !== null}
            onClick={() => void run('test')}
          >
            {busy === 'test' ? 'Отправляем…' : 'Отправить проверочное сообщение'}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={busy !== null}
            onClick={() => void run('unlink')}
          >
            {busy === 'unlink' ? 'Отключаем…' : 'Отключить'}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="telegram">
      <p className="telegram__state">
        <span className="status-dot" aria-hidden="true" /> Telegram не подключён. Свяжите кабинет с ботом @
        {bot} — он будет узнавать вас и присылать уведомления.
      </p>
      {code ? (
        <div className="telegram__code">
          <p>
            Откройте бота по ссылке и нажмите «Запустить» — или отправьте ему этот код. Код действует{' '}
            {formatCount(Math.round(TELEGRAM_CODE_TTL_MS / 60_000), MINUTE_FORMS)}.
          </p>
          <p className="telegram__code-value">
            <span className="visually-hidden">Код: </span>
            {code.code}
          </p>
          <div className="button-row">
            <a href={code.link} target="_blank" rel="noopener noreferrer" className="button button--small">
              Открыть @{bot} в Telegram
            </a>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy !== null}
              onClick={() => void run('check')}
            >
              {busy === 'check' ? 'Проверяем…' : 'Я отправил код — проверить'}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button--small"
          disabled={busy !== null}
          onClick={() => void run('link')}
        >
          {busy === 'link' ? 'Получаем код…' : 'Подключить Telegram'}
        </button>
      )}
    </div>
  );
}

export function SettingsPage() {
  const { store } = useAppContext();
  const user = useAppState((state) => state.user);
  const { search } = useLocation();
  const emailToken = new URLSearchParams(search).get('email_token');
  // The confirmation stays on screen after the token leaves the address.
  const [confirmToken] = useState(emailToken);
  const settings = useAccountData('/v1/my-settings', (answer: SettingsAnswer) => answer.settings);

  useEffect(() => {
    if (settings.status === 'ready') {
      store.getState().updateUser({
        mailings: settings.data.mailings,
        telegram: { linked: settings.data.telegram.linked },
      });
    }
  }, [settings.status, settings.data, store]);

  if (!user) return null;
  const bot = (settings.status === 'ready' && settings.data.telegram.bot) || DEFAULT_BOT;
  return (
    <div className="account-page">
      <AccountHeading title="Настройки" lead="Как нам с вами связываться." />
      {(confirmToken ?? emailToken) && <EmailConfirmation token={(confirmToken ?? emailToken)!} />}
      <AccountSection title="Рассылка" id="mailings-title">
        <MailingsSetting />
      </AccountSection>
      <AccountSection title="Telegram" id="telegram-title">
        <TelegramSetting linked={user.telegram.linked} bot={bot} />
      </AccountSection>
    </div>
  );
}
