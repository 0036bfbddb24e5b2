import { AppError } from '../../../../lambdas/core/errors';
import type { AuthUser } from '../../../../lambdas/core/http';
import { isAccountClosed, setAccountStateReader } from '../../../../lambdas/usecases/account-state';
import {
  closeAccount,
  confirmEmailVerification,
  confirmSignUp,
  localeFor,
  meetsPasswordPolicy,
  recordLogin,
  saveConsents,
  sendEmailVerification,
  signUp,
  updateMyInfo,
  type AccountDeps,
} from '../../../../lambdas/usecases/account';
import { CODE_MAX_ATTEMPTS } from '../../../../lambdas/usecases/verification-codes';
import { FakeDirectory, InMemoryCodes, InMemoryUsers, QueuedMail } from '../fakes';

const ALL = {
  termsOfService: true,
  privacyPolicy: true,
  ageConfirmed: true,
  marketing: true,
  thirdPartyProvision: false,
};
const NOW = new Date('2026-11-22T09:30:00.000Z');

type TestDeps = AccountDeps & {
  repo: InMemoryUsers;
  directory: FakeDirectory;
  codes: InMemoryCodes;
  queue: QueuedMail;
};

function deps(): TestDeps {
  return {
    repo: new InMemoryUsers(),
    directory: new FakeDirectory(),
    minAge: 20,
    englishPhoneCountry: 'US',
    codes: new InMemoryCodes(),
    queue: new QueuedMail(),
    appUrl: 'https://app.example.com',
  };
}

const request = (over: Record<string, unknown> = {}) => ({
  email: 'Kenji@Example.com',
  password: 'Sign-seal-1',
  name: '佐藤 健',
  consents: ALL,
  lang: 'jp' as const,
  ...over,
});

/** Sign-up, then its mailed code: the account as the user ends up with it. */
async function signedUpProfile(d: TestDeps, over: Record<string, unknown> = {}, now = NOW) {
  const input = request(over);
  await signUp(d, input);
  const email = input.email.toLowerCase();
  return confirmSignUp(d, { email, code: d.queue.codeFor(email), password: input.password }, now);
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('signing up', () => {
  it('checks the required consents in the spec order, with the configured minimum age', async () => {
    const d = deps();
    const none = { ...ALL, termsOfService: false, privacyPolicy: false, ageConfirmed: false };
    expect((await refusal(signUp(d, request({ consents: none })))).code).toBe(
      'registration.errors.termsRequired',
    );
    expect((await refusal(signUp(d, request({ consents: { ...none, termsOfService: true } })))).code).toBe(
      'registration.errors.privacyRequired',
    );
    const age = await refusal(signUp(d, request({ consents: { ...ALL, ageConfirmed: false } })));
    expect(age.code).toBe('registration.errors.underMinAge');
    expect(age.details).toEqual({ minAge: 20 });
    expect(d.directory.users.size).toBe(0);
  });

  it('creates nothing until the mailed code comes back, then a verified trial account with the consents', async () => {
    const d = deps();
    expect(await signUp(d, request())).toEqual({ status: 'codeSent', email: 'kenji@example.com' });
    expect(d.directory.users.size).toBe(0);
    expect(d.repo.records.size).toBe(0);
    const code = d.queue.codeFor('kenji@example.com');
    const mail = d.queue.sent[0]!;
    expect(mail.to).toEqual(['kenji@example.com']);
    expect(mail.subject).toContain(code);
    // Only a salted hash of the code is stored, never the password.
    const stored = JSON.stringify([...d.codes.records.values()]);
    expect(stored).not.toContain(`"${code}"`);
    expect(stored).not.toContain('Sign-seal-1');

    const profile = await confirmSignUp(
      d,
      { email: 'Kenji@Example.com', code, password: 'Sign-seal-1' },
      NOW,
    );
    expect(profile).toMatchObject({
      email: 'kenji@example.com',
      emailVerified: true,
      plan: 'trial',
      consentsRequired: false,
      lastLoginAt: null,
    });
    expect(d.directory.users.get('kenji@example.com')).toMatchObject({
      name: '佐藤 健',
      password: 'Sign-seal-1',
    });
    expect(d.repo.records.get(profile.userId)!.consents).toEqual({
      ...ALL,
      termsVersion: expect.any(String),
      consentedAt: NOW.toISOString(),
      lang: 'jp',
    });
    // The code is used up.
    const again = await refusal(
      confirmSignUp(d, { email: 'kenji@example.com', code, password: 'Sign-seal-1' }),
    );
    expect(again.code).toBe('auth.errors.invalidCode');
  });

  it('answers a taken address exactly as a new one, and mails it that an account exists', async () => {
    const d = deps();
    await signedUpProfile(d);
    const before = d.queue.sent.length;
    const taken = await signUp(d, request({ email: 'KENJI@example.com', password: 'Other-pass-2' }));
    const fresh = await signUp(d, request({ email: 'new@example.com' }));
    expect(taken).toEqual({ status: 'codeSent', email: 'kenji@example.com' });
    expect(Object.keys(taken)).toEqual(Object.keys(fresh));
    const exists = d.queue.sent[before]!;
    expect(exists.to).toEqual(['kenji@example.com']);
    expect(exists.text).toContain('https://app.example.com/jp/login');
    expect(d.queue.codeFor('kenji@example.com')).toBe('');
    // No code opens a taken address; the account keeps its password.
    for (const code of ['000000', '123456']) {
      const refused = await refusal(
        confirmSignUp(d, { email: 'kenji@example.com', code, password: 'Other-pass-2' }),
      );
      expect(refused).toMatchObject({ code: 'auth.errors.invalidCode', status: 400 });
    }
    expect(d.directory.users.get('kenji@example.com')!.password).toBe('Sign-seal-1');
  });

  it(`voids a code after ${CODE_MAX_ATTEMPTS} tries`, async () => {
    const d = deps();
    await signUp(d, request());
    const code = d.queue.codeFor('kenji@example.com');
    const wrong = code === '999999' ? '999998' : '999999';
    const attempt = (c: string) =>
      refusal(confirmSignUp(d, { email: 'kenji@example.com', code: c, password: 'Sign-seal-1' }));
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
      expect((await attempt(wrong)).code).toBe('auth.errors.invalidCode');
    expect((await attempt(code)).code).toBe('auth.errors.invalidCode');
    expect(d.directory.users.size).toBe(0);
  });

  it('replaces an older code with a newer one, and refuses an expired code', async () => {
    const d = deps();
    await signUp(d, request());
    const first = d.queue.codeFor('kenji@example.com');
    await signUp(d, request());
    const second = d.queue.codeFor('kenji@example.com');
    const confirm = (code: string, at?: Date) =>
      confirmSignUp(d, { email: 'kenji@example.com', code, password: 'Sign-seal-1' }, at);
    if (first !== second) expect((await refusal(confirm(first))).code).toBe('auth.errors.invalidCode');
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect((await refusal(confirm(second, later))).code).toBe('auth.errors.invalidCode');
  });

  it('refuses a weak password before anything is mailed', async () => {
    const d = deps();
    expect((await refusal(signUp(d, request({ password: 'password1' })))).code).toBe(
      'auth.errors.weakPassword',
    );
    expect(d.queue.sent).toEqual([]);
  });

  it.each([
    ['Sign-seal-1', true],
    ['short-1A', true],
    ['Short1', false],
    ['nouppercase1', false],
    ['NOLOWERCASE1', false],
    ['NoDigitsHere', false],
  ])('password %s meets the policy: %s', (password, ok) => {
    expect(meetsPasswordPolicy(password)).toBe(ok);
  });
});

describe('signing in', () => {
  it('is a first login exactly once', async () => {
    const d = deps();
    const profile = await signedUpProfile(d);
    const user: AuthUser = { sub: profile.userId, email: profile.email, emailVerified: false, name: '' };
    expect((await recordLogin(d, user, NOW)).firstLogin).toBe(true);
    const second = await recordLogin(d, user, new Date('2026-11-23T00:00:00Z'));
    expect(second.firstLogin).toBe(false);
    expect(second.lastLoginAt).toBe(NOW.toISOString());
  });

  it('is refused for a closed account', async () => {
    const d = deps();
    const profile = await signedUpProfile(d);
    const user: AuthUser = { sub: profile.userId, email: profile.email, emailVerified: false, name: '' };
    setAccountStateReader(async () => null); // as if the record still read open (another container)
    await closeAccount(d, user, NOW);
    expect([...d.directory.users.values()][0]).toMatchObject({ disabled: true, signedOut: true });
    // This container refuses the account at once, without reading the record again.
    expect(await isAccountClosed(user.sub)).toBe(true);
    const refused = await refusal(recordLogin(d, user));
    expect(refused).toMatchObject({ code: 'account.errors.closed', status: 401 });
  });

  it('asks a federated newcomer for consents, then records them', async () => {
    const d = deps();
    const user: AuthUser = { sub: 'google-1', email: 'g@example.com', emailVerified: true, name: 'G' };
    expect((await recordLogin(d, user, NOW)).consentsRequired).toBe(true);
    const refused = await refusal(
      saveConsents(d, user, { consents: { ...ALL, privacyPolicy: false }, lang: 'en' }),
    );
    expect(refused.code).toBe('registration.errors.privacyRequired');
    expect((await saveConsents(d, user, { consents: ALL, lang: 'en' }, NOW)).consentsRequired).toBe(false);
  });
});

describe('My Info', () => {
  async function signedUp() {
    const d = deps();
    const profile = await signedUpProfile(d);
    return {
      d,
      user: { sub: profile.userId, email: profile.email, emailVerified: false, name: '' } as AuthUser,
    };
  }

  it('normalises phone numbers by the page language and checksums wallet addresses', async () => {
    const { d, user } = await signedUp();
    const jp = await updateMyInfo(d, user, { phone: '03-1234-5678', lang: 'jp' });
    expect(jp.phone).toBe('+81312345678');
    const ko = await updateMyInfo(d, user, { phone: '010-1234-5678', lang: 'ko' });
    expect(ko.phone).toBe('+821012345678');
    const en = await updateMyInfo(d, user, { phone: '201-555-0123', lang: 'en' });
    expect(en.phone).toBe('+12015550123');
    const wallet = await updateMyInfo(d, user, {
      walletAddress: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
    });
    expect(wallet.walletAddress).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
  });

  it('keeps a connected wallet verified when saved unchanged, and unverifies it when another is typed (issue #32)', async () => {
    const { d, user } = await signedUp();
    const address = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    await d.repo.update(user.sub, { walletAddress: address, walletVerifiedAt: '2026-11-28T10:00:00.000Z' });
    const same = await updateMyInfo(d, user, { name: 'Same', walletAddress: address.toLowerCase() });
    expect(same).toMatchObject({ walletAddress: address, walletVerifiedAt: '2026-11-28T10:00:00.000Z' });
    const typed = await updateMyInfo(d, user, { walletAddress: '0x' + '1'.repeat(40) });
    expect(typed).toMatchObject({ walletAddress: '0x' + '1'.repeat(40), walletVerifiedAt: null });
    expect(d.repo.records.get(user.sub)!.walletVerifiedAt).toBeUndefined();
  });

  it('refuses a bad field without saving the others', async () => {
    const { d, user } = await signedUp();
    const bad = await refusal(updateMyInfo(d, user, { name: 'New', walletAddress: '0x1234' }));
    expect(bad).toMatchObject({ code: 'account.errors.invalidWallet', details: { field: 'walletAddress' } });
    const badPhone = await refusal(updateMyInfo(d, user, { name: 'New', phone: 'call me' }));
    expect(badPhone.code).toBe('account.errors.invalidPhone');
    expect(d.repo.records.get(user.sub)!.name).toBe('佐藤 健');
  });

  it('clears a field given as null and writes nothing when nothing changes', async () => {
    const { d, user } = await signedUp();
    await updateMyInfo(d, user, { phone: '+819012345678' });
    expect((await updateMyInfo(d, user, { phone: null })).phone).toBeNull();
    const writes = d.repo.writes;
    await updateMyInfo(d, user, {});
    expect(d.repo.writes).toBe(writes);
  });

  it('adds 10 to the sign-click tutorial counter on OK (issue #17; absent counts as 0)', async () => {
    const { d, user } = await signedUp();
    expect((await updateMyInfo(d, user, {})).signClickTutorialCount).toBe(0);
    expect((await updateMyInfo(d, user, { signClickTutorialSeen: true })).signClickTutorialCount).toBe(10);
    expect((await updateMyInfo(d, user, { signClickTutorialSeen: true })).signClickTutorialCount).toBe(20);
    expect(d.repo.records.get(user.sub)!.signClickTutorialCount).toBe(20);
  });
});

describe("verifying an account's e-mail address", () => {
  it('records it only when the mailed code comes back, never from the token', async () => {
    const d = deps();
    // A federated newcomer whose token claims a verified address.
    const user: AuthUser = { sub: 'google-1', email: 'G@Example.com', emailVerified: true, name: 'G' };
    expect((await recordLogin(d, user, NOW)).emailVerified).toBe(false);
    expect(await sendEmailVerification(d, user, { lang: 'en' }, NOW)).toEqual({
      status: 'codeSent',
      email: 'g@example.com',
    });
    const code = d.queue.codeFor('g@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await refusal(confirmEmailVerification(d, user, { code: wrong }, NOW))).code).toBe(
      'auth.errors.invalidCode',
    );
    expect(d.repo.records.get('google-1')!.emailVerified).toBe(false);
    const verified = await confirmEmailVerification(d, user, { code }, NOW);
    expect(verified.emailVerified).toBe(true);
    expect(await sendEmailVerification(d, user, { lang: 'en' }, NOW)).toMatchObject({ status: 'verified' });
  });

  it("does not accept another account's code", async () => {
    const d = deps();
    const a: AuthUser = { sub: 'a', email: 'a@example.com', emailVerified: true, name: 'A' };
    const b: AuthUser = { sub: 'b', email: 'b@example.com', emailVerified: true, name: 'B' };
    await recordLogin(d, a, NOW);
    await recordLogin(d, b, NOW);
    await sendEmailVerification(d, a, { lang: 'en' }, NOW);
    const refused = await refusal(
      confirmEmailVerification(d, b, { code: d.queue.codeFor('a@example.com') }, NOW),
    );
    expect(refused.code).toBe('auth.errors.invalidCode');
  });

  it('calls the rate limit before every code mail', async () => {
    const d = deps();
    const seen: unknown[] = [];
    const limited: AccountDeps = { ...d, limitCodeMail: async (r) => void seen.push(r) };
    const user: AuthUser = { sub: 'u-1', email: 'u@example.com', emailVerified: false, name: 'U' };
    await sendEmailVerification(limited, user, { lang: 'en' }, NOW);
    await signUp(limited, request(), { ip: '203.0.113.9' });
    expect(seen).toEqual([
      { email: 'u@example.com', userId: 'u-1' },
      { email: 'kenji@example.com', ip: '203.0.113.9' },
    ]);
  });
});

describe('the default language of a visitor', () => {
  it.each([
    ['JP', undefined, 'jp'],
    ['US', 'ja', 'en'],
    [undefined, 'ja-JP,ja;q=0.9', 'jp'],
    [undefined, 'ko', 'ko'],
    [undefined, 'de-DE', 'en'],
    [undefined, undefined, 'en'],
  ])('country %s, Accept-Language %s → %s', (country, accept, lang) => {
    expect(localeFor(country, accept)).toBe(lang);
  });
});
