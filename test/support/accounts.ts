// Accounts on the running local cloud, made as a user makes them (issue #13): POST /api/auth/signup,
// the code it mails (read from the local mailbox), POST /api/auth/signup/confirm, then a sign-in. An
// account made so has its e-mail verified by the product: what a contractor needs to see documents
// sent to that address.
import { serverCatalogues } from '../../shared/i18n/server';
import { api, eventually, mailbox, signIn, type StoredMail } from './cloud-client';

/** The subjects of the product's code mails (sign-up, My Info) in every language, the code captured. */
const CODE_SUBJECTS = Object.values(serverCatalogues).flatMap((c) =>
  [c.accountMail.signUpCode.subject, c.accountMail.emailCode.subject].map(
    (subject) =>
      new RegExp(
        `^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{code\\}\\}', '(\\d{6})')}$`,
      ),
  ),
);

function codeOf(subject: string): string | undefined {
  for (const re of CODE_SUBJECTS) {
    const m = re.exec(subject);
    if (m) return m[1];
  }
  return undefined;
}

/** The local mailbox; a dropped keep-alive connection (the server closes idle ones) is tried again. */
async function readMailbox(): Promise<StoredMail[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await mailbox();
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

export const ACCOUNT_PASSWORD = 'Sign-seal-1';

export const ALL_CONSENTS = {
  termsOfService: true,
  privacyPolicy: true,
  ageConfirmed: true,
  marketing: false,
  thirdPartyProvision: false,
};

export interface SignedUp {
  token: string;
  email: string;
  name: string;
}

/** The code of the newest code mail to this address (after the first `after` mails of the mailbox). */
export async function mailedCode(email: string, after = 0): Promise<string> {
  const to = email.toLowerCase();
  const mail = await eventually(
    async () =>
      (await readMailbox())
        .slice(after)
        .filter((m) => m.destination.to.map((a) => a.toLowerCase()).includes(to))
        .reverse()
        .find((m) => codeOf(m.subject) !== undefined),
    60000,
    `the code mailed to ${email}`,
  );
  return codeOf(mail.subject)!;
}

/** How many mails the local mailbox holds now (to look only at newer ones). */
export async function mailCount(): Promise<number> {
  return (await readMailbox()).length;
}

/** The newest mails to an address after `after`. */
export async function mailsTo(email: string, after = 0): Promise<StoredMail[]> {
  const to = email.toLowerCase();
  return (await readMailbox())
    .slice(after)
    .filter((m) => m.destination.to.map((a) => a.toLowerCase()).includes(to));
}

/** Signs up through the API and confirms the mailed code: the account exists (not signed in yet). */
export async function createAccount(
  email: string,
  options: { name?: string; lang?: 'en' | 'jp' | 'ko'; password?: string } = {},
): Promise<void> {
  const password = options.password ?? ACCOUNT_PASSWORD;
  const res = await api('/api/auth/signup', {
    method: 'POST',
    body: {
      email,
      password,
      name: options.name ?? 'Mia Mail',
      lang: options.lang ?? 'en',
      consents: ALL_CONSENTS,
    },
  });
  expect(res.status).toBe(202);
  // A fresh address: its only mail is this code.
  const code = await mailedCode(email);
  const confirmed = await api('/api/auth/signup/confirm', {
    method: 'POST',
    body: { email, code, password },
  });
  expect(confirmed.status).toBe(201);
}

/** Signs up through the API, confirms the mailed code, signs in: the ID token of a verified account. */
export async function signUpConfirmed(
  email: string,
  options: { name?: string; lang?: 'en' | 'jp' | 'ko'; password?: string } = {},
): Promise<SignedUp> {
  await createAccount(email, options);
  const { idToken } = await signIn(email, options.password ?? ACCOUNT_PASSWORD);
  return { token: idToken, email, name: options.name ?? 'Mia Mail' };
}

/** A signed-up user whose e-mail is verified (by the sign-up's code). */
export async function verifiedUser(email: string, name = 'Mia Mail'): Promise<SignedUp> {
  const user = await signUpConfirmed(email, { name });
  expect((await api('/api/me/login', { method: 'POST', token: user.token })).body.emailVerified).toBe(true);
  return user;
}
