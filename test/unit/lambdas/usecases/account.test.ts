import { AppError } from '../../../../lambdas/core/errors';
import type { AuthUser } from '../../../../lambdas/core/http';
import {
  closeAccount,
  localeFor,
  meetsPasswordPolicy,
  recordLogin,
  saveConsents,
  signUp,
  updateMyInfo,
  type AccountDeps,
} from '../../../../lambdas/usecases/account';
import { FakeDirectory, InMemoryUsers } from '../fakes';

const ALL = {
  termsOfService: true,
  privacyPolicy: true,
  ageConfirmed: true,
  marketing: true,
  thirdPartyProvision: false,
};
const NOW = new Date('2026-11-22T09:30:00.000Z');

function deps(): AccountDeps & { repo: InMemoryUsers; directory: FakeDirectory } {
  return { repo: new InMemoryUsers(), directory: new FakeDirectory(), minAge: 20, englishPhoneCountry: 'US' };
}

const request = (over: Record<string, unknown> = {}) => ({
  email: 'Kenji@Example.com',
  password: 'Sign-seal-1',
  name: '佐藤 健',
  consents: ALL,
  lang: 'jp' as const,
  ...over,
});

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

  it('stores the consents with their time, language and terms version on a trial account', async () => {
    const d = deps();
    const profile = await signUp(d, request(), NOW);
    expect(profile).toMatchObject({
      email: 'kenji@example.com',
      plan: 'trial',
      consentsRequired: false,
      lastLoginAt: null,
    });
    expect(d.repo.records.get(profile.userId)!.consents).toEqual({
      ...ALL,
      termsVersion: expect.any(String),
      consentedAt: NOW.toISOString(),
      lang: 'jp',
    });
  });

  it('refuses a weak password before the directory sees it, and a taken e-mail with 409', async () => {
    const d = deps();
    expect((await refusal(signUp(d, request({ password: 'password1' })))).code).toBe(
      'auth.errors.weakPassword',
    );
    await signUp(d, request());
    const taken = await refusal(signUp(d, request()));
    expect(taken.code).toBe('auth.errors.emailTaken');
    expect(taken.status).toBe(409);
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
    const profile = await signUp(d, request(), NOW);
    const user: AuthUser = { sub: profile.userId, email: profile.email, emailVerified: false, name: '' };
    expect((await recordLogin(d, user, NOW)).firstLogin).toBe(true);
    const second = await recordLogin(d, user, new Date('2026-11-23T00:00:00Z'));
    expect(second.firstLogin).toBe(false);
    expect(second.lastLoginAt).toBe(NOW.toISOString());
  });

  it('is refused for a closed account', async () => {
    const d = deps();
    const profile = await signUp(d, request(), NOW);
    const user: AuthUser = { sub: profile.userId, email: profile.email, emailVerified: false, name: '' };
    await closeAccount(d, user, NOW);
    expect([...d.directory.users.values()][0]!.disabled).toBe(true);
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
    const profile = await signUp(d, request(), NOW);
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
