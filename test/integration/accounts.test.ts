// Accounts (issue #3) through the local gateway, against the real emulators.
import { randomUUID } from 'node:crypto';
import { mailCount, mailedCode, signUpConfirmed } from '../support/accounts';
import { api, env, signIn } from '../support/cloud-client';

const ALL = {
  termsOfService: true,
  privacyPolicy: true,
  ageConfirmed: true,
  marketing: false,
  thirdPartyProvision: true,
};
const newEmail = () => `new-${randomUUID()}@example.com`;

function signUp(overrides: Record<string, unknown> = {}) {
  return api('/api/auth/signup', {
    method: 'POST',
    body: {
      email: newEmail(),
      password: 'Sign-seal-1',
      name: '佐藤 健',
      consents: ALL,
      lang: 'jp',
      ...overrides,
    },
  });
}

describe('sign-up', () => {
  it('refuses missing consents one at a time, in the spec order, with the configured minimum age', async () => {
    const none = { ...ALL, termsOfService: false, privacyPolicy: false, ageConfirmed: false };
    let res = await signUp({ consents: none });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('registration.errors.termsRequired');
    res = await signUp({ consents: { ...none, termsOfService: true } });
    expect(res.body.error.code).toBe('registration.errors.privacyRequired');
    res = await signUp({ consents: { ...none, termsOfService: true, privacyPolicy: true } });
    expect(res.body.error.code).toBe('registration.errors.underMinAge');
    expect(res.body.error.details).toEqual({ minAge: 18 });
  });

  it('refuses a password outside the user pool policy, creating nothing', async () => {
    const email = newEmail();
    const res = await signUp({ email, password: 'alllowercase1' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('auth.errors.weakPassword');
    await expect(signIn(email, 'alllowercase1')).rejects.toThrow();
  });

  it('refuses a malformed e-mail with a validation error', async () => {
    const res = await signUp({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('errors.validation');
  });

  it('creates the account once the mailed code is confirmed; the first sign-in is the first login, the next is not', async () => {
    const email = newEmail();
    const before = await mailCount();
    const started = await signUp({ email });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ status: 'codeSent', email });
    // Nothing to sign in to before the code comes back.
    await expect(signIn(email, 'Sign-seal-1')).rejects.toThrow();

    const code = await mailedCode(email, before);
    const created = await api('/api/auth/signup/confirm', {
      method: 'POST',
      body: { email, code: ` ${code} `, password: 'Sign-seal-1' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email,
      name: '佐藤 健',
      plan: 'trial',
      consentsRequired: false,
      emailVerified: true,
    });
    expect(created.body.lastLoginAt).toBeNull();

    const { idToken } = await signIn(email, 'Sign-seal-1');
    const first = await api('/api/me/login', { method: 'POST', token: idToken });
    expect(first.status).toBe(200);
    expect(first.body.firstLogin).toBe(true);
    expect(first.body.emailVerified).toBe(true);
    const second = await api('/api/me/login', { method: 'POST', token: idToken });
    expect(second.body.firstLogin).toBe(false);
    expect(second.body.lastLoginAt).toBeTruthy();

    // The code is used up.
    const again = await api('/api/auth/signup/confirm', {
      method: 'POST',
      body: { email, code, password: 'Sign-seal-1' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('auth.errors.invalidCode');
  });

  it('refuses a malformed code with a validation error', async () => {
    const res = await api('/api/auth/signup/confirm', {
      method: 'POST',
      body: { email: newEmail(), code: 'abc', password: 'Sign-seal-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('errors.validation');
  });
});

describe('consents of a user who never saw the registration dialog', () => {
  it('are required until given, and checked in order', async () => {
    // A Cognito user without a profile, as after a first Google or LINE sign-in.
    const { idToken } = await signIn(env('TEST_DEMO2_EMAIL'), env('TEST_DEMO2_PASSWORD'));
    const me = await api('/api/me', { token: idToken });
    expect(me.body.consentsRequired).toBe(false); // demo accounts are seeded as signed up

    const bad = await api('/api/me/consents', {
      method: 'POST',
      token: idToken,
      body: { consents: { ...ALL, privacyPolicy: false }, lang: 'en' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('registration.errors.privacyRequired');
    const good = await api('/api/me/consents', {
      method: 'POST',
      token: idToken,
      body: { consents: ALL, lang: 'en' },
    });
    expect(good.status).toBe(200);
    expect(good.body.consentsRequired).toBe(false);
  });
});

describe('My Info', () => {
  async function freshUser() {
    return (await signUpConfirmed(newEmail(), { name: '佐藤 健', lang: 'jp' })).token;
  }

  it('saves a name, a Japanese phone number in E.164 and a checksummed wallet address', async () => {
    const token = await freshUser();
    const res = await api('/api/me', {
      method: 'PATCH',
      token,
      body: {
        name: '佐藤 健太',
        phone: '090-1234-5678',
        walletAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
        lang: 'jp',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: '佐藤 健太',
      phone: '+819012345678',
      walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    const cleared = await api('/api/me', { method: 'PATCH', token, body: { phone: null } });
    expect(cleared.body.phone).toBeNull();
    expect(cleared.body.walletAddress).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
  });

  it('refuses an invalid wallet or phone with the field message and saves nothing', async () => {
    const token = await freshUser();
    const badWallet = await api('/api/me', {
      method: 'PATCH',
      token,
      body: { name: 'Changed', walletAddress: '0x52908400098527886E0F7030069857D2E4169Ee7' }, // bad checksum
    });
    expect(badWallet.status).toBe(400);
    expect(badWallet.body.error).toMatchObject({
      code: 'account.errors.invalidWallet',
      details: { field: 'walletAddress' },
    });
    const badPhone = await api('/api/me', {
      method: 'PATCH',
      token,
      body: { name: 'Changed', phone: '12', lang: 'en' },
    });
    expect(badPhone.body.error.code).toBe('account.errors.invalidPhone');
    const me = await api('/api/me', { token });
    expect(me.body.name).toBe('佐藤 健');
    expect(me.body.walletAddress).toBeNull();
  });

  it('refuses unknown fields', async () => {
    const token = await freshUser();
    const res = await api('/api/me', { method: 'PATCH', token, body: { isAdmin: true } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('errors.validation');
  });
});

describe('closing an account', () => {
  it('stops the account signing in and refuses its remaining tokens', async () => {
    const email = newEmail();
    const { token: idToken } = await signUpConfirmed(email);
    const res = await api('/api/me', { method: 'DELETE', token: idToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ closed: true });
    // Cognito refuses a disabled user's sign-in; cognito-local does not enforce it, so the app's own
    // check is what this asserts: a new session of the closed account gets nowhere.
    const fresh = await signIn(email, 'Sign-seal-1').catch(() => null);
    if (fresh) {
      const login = await api('/api/me/login', { method: 'POST', token: fresh.idToken });
      expect(login.status).toBe(401);
      expect(login.body.error.code).toBe('account.errors.closed');
    }
    const after = await api('/api/me', { token: idToken });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('account.errors.closed');
  });
});

describe('GET /api/locale', () => {
  it.each([
    [{ 'cloudfront-viewer-country': 'JP' }, 'jp'],
    [{ 'cloudfront-viewer-country': 'KR', 'accept-language': 'ko-KR' }, 'en'],
    [{ 'accept-language': 'ja,en;q=0.8' }, 'jp'],
    [{ 'accept-language': 'ko-KR,ko;q=0.9' }, 'ko'],
    [{ 'accept-language': 'fr-FR' }, 'en'],
  ])('with %j gives %s', async (headers, lang) => {
    const res = await api('/api/locale', { headers: headers as Record<string, string> });
    expect(res.status).toBe(200);
    expect(res.body.lang).toBe(lang);
  });
});
