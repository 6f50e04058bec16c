// Authentication end to end through HTTP: registration, login, tokens, refresh rotation and reuse, logout,
// password reset and change, CSRF, brute-force limits.
import { desc, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisForTests, TEST_REDIS_URL } from '../../test/redis.ts';
import { createTestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outbox } from '../mail/mail.table.ts';
import { refreshTokens } from './auth.table.ts';

const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(() => testApp.close());

const agent = () => createTestAgent(testApp.app);

describe('registration', () => {
  it('creates the user, logs them in and sets the refresh cookie for the whole site, strict and http-only', async () => {
    const browser = agent();
    const response = await browser.request({
      method: 'POST',
      url: '/v1/user',
      payload: {
        name: 'Мария',
        fam: 'Иванова',
        email: 'Maria.Ivanova@Example.RU',
        tel: '8 (916) 123-45-67',
        password: 'шалфей и розмарин',
        agree: true,
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    browser.token = body.access_token;
    expect(body.status).toBe('ok');
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({
      name: 'Мария',
      fam: 'Иванова',
      email: 'maria.ivanova@example.ru',
      tel: '+79161234567',
      skidka: 0,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    const refresh = response.cookies.filter((cookie) => cookie.name === 'efir_refresh');
    // The server render reads it on page requests (decision 019); the cookie of older sessions, kept under
    // /refresh, is cleared so that /refresh never receives two.
    expect(refresh).toEqual([
      expect.objectContaining({ path: '/refresh', value: '' }),
      expect.objectContaining({ path: '/', httpOnly: true, sameSite: 'Strict' }),
    ]);
    expect(refresh[1]?.value).toMatch(/^[0-9a-f-]{36}\./);
    const me = await browser.request({ method: 'GET', url: '/v1/user' });
    expect(me.json()).toMatchObject({
      message: 'user',
      user: { email: 'maria.ivanova@example.ru', favProducts: [], addresses: [] },
    });
  });

  it('refuses a taken e-mail, whatever its case', async () => {
    const first = agent();
    const { email } = await first.register();
    const response = await agent().request({
      method: 'POST',
      url: '/v1/user',
      payload: { name: 'Пётр', email: email.toUpperCase(), password: 'другой длинный пароль', agree: true },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email[0]).toMatch(/уже зарегистрирован/);
  });

  it.each([
    ['short', 'корот7', /не короче 8/],
    ['too long', 'x'.repeat(129), /не длиннее 128/],
    ['common', 'qwerty123', /распространён/],
    ['common', 'password1', /распространён/],
  ])('refuses a %s password with a Russian message', async (_kind, password, message) => {
    const response = await agent().request({
      method: 'POST',
      url: '/v1/user',
      payload: {
        name: 'Ольга',
        email: `olga.${password.length}.${Date.now()}@example.ru`,
        password,
        agree: true,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password[0]).toMatch(message);
  });

  it('needs the personal-data consent and rejects fields a user may not set (no mass assignment)', async () => {
    const noConsent = await agent().request({
      method: 'POST',
      url: '/v1/user',
      payload: { name: 'Ольга', email: 'consent@example.ru', password: 'длинный пароль тут' },
    });
    expect(noConsent.json().errors.agree).toBeDefined();
    const sneaky = await agent().request({
      method: 'POST',
      url: '/v1/user',
      payload: {
        name: 'Ольга',
        email: 'sneaky@example.ru',
        password: 'длинный пароль тут',
        agree: true,
        skidka: 50,
        id: 1,
        role: 'admin',
      },
    });
    expect(sneaky.statusCode).toBe(422);
    expect(Object.keys(sneaky.json().errors).sort()).toEqual(['id', 'role', 'skidka']);
  });

  it('describes the form at GET /registration for the client', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/registration',
      headers: { accept: 'application/json' },
    });
    expect(response.json()).toMatchObject({
      password: { min: 8, max: 128 },
      required: ['name', 'email', 'password', 'agree'],
    });
  });
});

describe('login', () => {
  it('logs in with the right password and answers the same for a wrong password and an unknown e-mail', async () => {
    const owner = agent();
    const { email, password } = await owner.register();
    const wrong = await agent().request({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email, password: 'не тот пароль' },
    });
    const unknown = await agent().request({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email: `nobody.${Date.now()}@example.ru`, password },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors).toEqual({ email: ['Неверный e-mail или пароль'] });
    const right = await agent().request({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email, password, remember: true },
    });
    expect(right.statusCode).toBe(200);
    expect(right.cookies.find((cookie) => cookie.name === 'efir_refresh' && cookie.value)?.maxAge).toBe(
      30 * 86_400,
    );
    const session = await agent().request({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email, password },
    });
    expect(
      session.cookies.find((cookie) => cookie.name === 'efir_refresh' && cookie.value)?.maxAge,
    ).toBeUndefined();
  });

  it('answers 419 to a cookie call without the CSRF header', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      headers: { cookie: 'XSRF-TOKEN=abc' },
      payload: { email: 'a@b.ru', password: 'whatever' },
    });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('stops guessing after 8 wrong passwords for one e-mail with 429', async () => {
    const { email } = await agent().register();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 9; attempt++) {
      const response = await agent().request({
        method: 'POST',
        url: '/v1/user/login',
        payload: { email, password: `guess-${attempt}-xxxx` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(422));
    expect(statuses[8]).toBe(429);
    const blocked = await agent().request({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email, password: 'x' },
    });
    expect(blocked.json()).toEqual({ message: 'Too Many Attempts.' });
  });

  it('counts only failures: the owner logging in from ten fresh browsers in a row is never refused (issue 37, point 6)', async () => {
    const { email, password } = await agent().register();
    const statuses: number[] = [];
    for (let browser = 0; browser < 10; browser++) {
      const response = await agent().request({
        method: 'POST',
        url: '/v1/user/login',
        payload: { email, password },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(200));
  });

  it('a stranger’s guessing does not lock the owner out of a browser they logged in from before (decision 013)', async () => {
    const owner = agent();
    const { email, password } = await owner.register();
    const login = (client: ReturnType<typeof agent>, attempt: string) =>
      client.request({ method: 'POST', url: '/v1/user/login', payload: { email, password: attempt } });
    // The owner's browser: registered (and logged in once more), it keeps a device cookie for the login call.
    const first = await login(owner, password);
    expect(first.statusCode).toBe(200);
    const device = (first.cookies as Array<{ name: string; path?: string; httpOnly?: boolean }>).find(
      (cookie) => cookie.name === 'efir_device',
    );
    expect(device).toMatchObject({ path: '/v1/user/login', httpOnly: true });

    // A stranger guesses from other clients until the account's counter is used up.
    const stranger = agent();
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 9; attempt++)
      guesses.push((await login(stranger, `guess-${attempt}-x`)).statusCode);
    expect(guesses.slice(-1)).toEqual([429]);
    // Another client of the stranger's, and a device cookie issued for another e-mail, are refused too.
    expect((await login(agent(), password)).statusCode).toBe(429);
    const other = agent();
    await other.register();
    other.cookies.set('efir_device', stranger.cookies.get('efir_device') ?? 'forged.cookie');
    expect((await login(other, password)).statusCode).toBe(429);

    // The owner's own browser still gets in with the right password.
    expect((await login(owner, password)).statusCode).toBe(200);
    // Its own failures count on their own (its successful logins do not): 8 typos in the window, then 429.
    const own: number[] = [];
    for (let attempt = 0; attempt < 9; attempt++)
      own.push((await login(owner, `typo-${attempt}-x`)).statusCode);
    expect(own).toEqual([...Array(8).fill(422), 429]);
    expect((await login(owner, password)).statusCode).toBe(429);
  });
});

describe('access tokens', () => {
  async function callWith(token: string) {
    return testApp.app.inject({
      method: 'GET',
      url: '/v1/user',
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('answers UNAUTHENTICATED without a token', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.', error: 'UNAUTHENTICATED' });
  });

  it('answers TOKEN_EXPIRED for an expired token and TOKEN_INVALID for tampered ones', async () => {
    const { id } = await agent().register();
    const key = new TextEncoder().encode(TEST_SECRET);
    const base = () =>
      new SignJWT({ tv: 0 }).setSubject(String(id)).setIssuer('efir').setAudience('efir-web');
    const expired = await base()
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(1_000)
      .setExpirationTime(2_000)
      .sign(key);
    expect((await callWith(expired)).json().error).toBe('TOKEN_EXPIRED');
    const wrongKey = await base()
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-1234'));
    expect((await callWith(wrongKey)).json().error).toBe('TOKEN_INVALID');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: String(id), tv: 0, iss: 'efir', aud: 'efir-web', exp: 4_102_444_800 }),
    ).toString('base64url');
    expect((await callWith(`${header}.${payload}.`)).json().error).toBe('TOKEN_INVALID');
    expect((await callWith('garbage')).json().error).toBe('TOKEN_INVALID');
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token and returns a new access token', async () => {
    const browser = agent();
    await browser.register();
    const before = browser.cookies.get('efir_refresh');
    const response = await browser.request({ method: 'POST', url: '/refresh' });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toBeTruthy();
    expect(browser.cookies.get('efir_refresh')).not.toBe(before);
    browser.token = response.json().access_token;
    expect((await browser.request({ method: 'GET', url: '/v1/user' })).statusCode).toBe(200);
  });

  it('stores only hashes of refresh tokens', async () => {
    const browser = agent();
    const { id } = await browser.register();
    const secret = browser.cookies.get('efir_refresh')!.split('.')[1]!;
    const rows = await testApp.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('lets a second tab reuse the old token within the grace period', async () => {
    const browser = agent();
    await browser.register();
    const old = browser.cookies.get('efir_refresh')!;
    await browser.request({ method: 'POST', url: '/refresh' });
    const otherTab = await browser.request({
      method: 'POST',
      url: '/refresh',
      headers: { cookie: `efir_refresh=${old}; XSRF-TOKEN=t`, 'x-xsrf-token': 't' },
    });
    expect(otherTab.statusCode).toBe(200);
    expect(otherTab.json().access_token).toBeTruthy();
    // No second refresh token: the browser keeps the one the first tab got.
    expect(otherTab.cookies.find((cookie) => cookie.name === 'efir_refresh' && cookie.value)).toBeUndefined();
  });

  it('a copy replayed within the grace period from another client ends the family and every access token', async () => {
    const browser = agent();
    await browser.register();
    const stolen = browser.cookies.get('efir_refresh')!;
    const rotated = await browser.request({ method: 'POST', url: '/refresh' });
    browser.token = rotated.json().access_token;
    expect((await browser.request({ method: 'GET', url: '/v1/user' })).statusCode).toBe(200);
    // A thief elsewhere replays the copy a moment later.
    const thief = await testApp.app.inject({
      method: 'POST',
      url: '/refresh',
      remoteAddress: '203.0.113.66',
      headers: { cookie: `efir_refresh=${stolen}; XSRF-TOKEN=t`, 'x-xsrf-token': 't' },
    });
    expect(thief.statusCode).toBe(401);
    // The owner's access token, issued before, stops working at once; so does the refresh token.
    const user = await browser.request({ method: 'GET', url: '/v1/user' });
    expect(user.statusCode).toBe(401);
    expect((await browser.request({ method: 'POST', url: '/refresh' })).statusCode).toBe(401);
  });

  it('revokes the whole family when a rotated token comes back later', async () => {
    const browser = agent();
    const { id } = await browser.register();
    const stolen = browser.cookies.get('efir_refresh')!;
    await browser.request({ method: 'POST', url: '/refresh' });
    // Pretend the rotation happened a minute ago, past the grace period.
    await testApp.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.userId, id));
    const thief = await testApp.app.inject({
      method: 'POST',
      url: '/refresh',
      headers: { cookie: `efir_refresh=${stolen}; XSRF-TOKEN=t`, 'x-xsrf-token': 't' },
    });
    expect(thief.statusCode).toBe(401);
    expect(thief.json().error).toBe('TOKEN_INVALID');
    const owner = await browser.request({ method: 'POST', url: '/refresh' });
    expect(owner.statusCode).toBe(401);
    // Access tokens issued before the theft was seen are dead too.
    expect((await browser.request({ method: 'GET', url: '/v1/user' })).statusCode).toBe(401);
  });

  it('issues a fresh CSRF cookie at GET /refresh', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/refresh' });
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value).toBeTruthy();
  });
});

describe('logout', () => {
  it('ends every session: the old access token and the refresh token stop working', async () => {
    const laptop = agent();
    const { email, password } = await laptop.register();
    const phone = agent();
    const login = await phone.request({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email, password },
    });
    phone.token = login.json().access_token;
    const accessBefore = laptop.token!;
    expect((await laptop.request({ method: 'POST', url: '/v1/user/logout' })).json()).toEqual({
      status: 'ok',
      message: 'logout',
    });
    const stale = await testApp.app.inject({
      method: 'GET',
      url: '/v1/user',
      headers: { authorization: `Bearer ${accessBefore}` },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error).toBe('TOKEN_INVALID');
    expect((await phone.request({ method: 'GET', url: '/v1/user' })).statusCode).toBe(401);
    expect((await phone.request({ method: 'POST', url: '/refresh' })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  async function latestLetterTo(email: string) {
    const [letter] = await testApp.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, email))
      .orderBy(desc(outbox.id))
      .limit(1);
    return letter;
  }

  it('answers the same for known and unknown e-mails and mails a one-time link to the known one', async () => {
    const { email } = await agent().register();
    const known = await agent().request({
      method: 'PUT',
      url: '/v1/user/forgot-password',
      payload: { email },
    });
    const unknown = await agent().request({
      method: 'PUT',
      url: '/v1/user/forgot-password',
      payload: { email: `ghost.${Date.now()}@example.ru` },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const letter = await latestLetterTo(email);
    expect(letter?.subject).toBe('Восстановление пароля в «Эфире»');
    expect(letter?.text).toMatch(/\/forgot-password\?token=/);
  });

  it('sets the new password once through the link and ends old sessions', async () => {
    const browser = agent();
    const { email, password } = await browser.register();
    await agent().request({ method: 'PUT', url: '/v1/user/forgot-password', payload: { email } });
    const link = (await latestLetterTo(email))!.text.match(/token=([^\s]+)/)![1]!;
    const token = decodeURIComponent(link);
    const reset = await agent().request({
      method: 'PUT',
      url: '/v1/user/forgot-password',
      payload: { token, password: 'новый пароль для эфира' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await agent().request({
      method: 'PUT',
      url: '/v1/user/forgot-password',
      payload: { token, password: 'ещё один новый пароль' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token[0]).toMatch(/устарела/);
    const oldLogin = await agent().request({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email, password },
    });
    expect(oldLogin.statusCode).toBe(422);
    const newLogin = await agent().request({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email, password: 'новый пароль для эфира' },
    });
    expect(newLogin.statusCode).toBe(200);
    expect((await browser.request({ method: 'GET', url: '/v1/user' })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('needs the current password, only for oneself, and ends all sessions', async () => {
    const browser = agent();
    const { id, password } = await browser.register();
    const other = agent();
    const { id: otherId } = await other.register();
    const foreign = await browser.request({
      method: 'PUT',
      url: `/v1/user/${otherId}/pwd`,
      payload: { current_password: password, password: 'чужой новый пароль' },
    });
    expect(foreign.statusCode).toBe(403);
    const wrong = await browser.request({
      method: 'PUT',
      url: `/v1/user/${id}/pwd`,
      payload: { current_password: 'не тот', password: 'совсем новый пароль' },
    });
    expect(wrong.json().errors.current_password).toEqual(['Неверный текущий пароль']);
    const ok = await browser.request({
      method: 'PUT',
      url: `/v1/user/${id}/pwd`,
      payload: { current_password: password, password: 'совсем новый пароль' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await browser.request({ method: 'GET', url: '/v1/user' })).statusCode).toBe(401);
  });
});

describe('e-mail change', () => {
  it('changes the address only after the link sent to the new one is opened', async () => {
    const browser = agent();
    const { password, email } = await browser.register();
    const next = `new.${Date.now()}@example.ru`;
    const asked = await browser.request({
      method: 'POST',
      url: '/v1/user/email',
      payload: { email: next, password },
    });
    expect(asked.statusCode).toBe(200);
    expect((await browser.request({ method: 'GET', url: '/v1/user' })).json().user.email).toBe(email);
    const [letter] = await testApp.database.db.select().from(outbox).where(eq(outbox.to, next)).limit(1);
    const token = decodeURIComponent(letter!.text.match(/email_token=([^\s]+)/)![1]!);
    const confirmed = await agent().request({ method: 'POST', url: '/v1/user/email', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect((await browser.request({ method: 'GET', url: '/v1/user' })).json().user.email).toBe(next);
  });
});

describe('limits shared through Redis', () => {
  it('counts wrong passwords for one e-mail across two instances', async (context) => {
    const redisUrl = TEST_REDIS_URL;
    if (!(await redisForTests('the shared login limit test', redisUrl))) context.skip();
    const first = await createTestApp({ env: { REDIS_URL: redisUrl } });
    const second = await createTestApp({ env: { REDIS_URL: redisUrl } });
    try {
      const email = `shared.${Date.now()}@example.ru`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 9; attempt++) {
        const instance = attempt % 2 ? second : first;
        const response = await createTestAgent(instance.app).request({
          method: 'POST',
          url: '/v1/user/login',
          payload: { email, password: `guess-${attempt}-xxxx` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 8)).toEqual(Array(8).fill(422));
      expect(statuses[8]).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
    // Two shops of their own and nine password checks: well past 30 s on a loaded 2-core CI machine.
  }, 120_000);
});
