// Issue #13 defects 2, 4 and 5 against the local cloud: an address counts as verified only when the
// product checked a code it mailed there; a closed account's old token is refused everywhere; sign-up
// does not reveal which addresses have accounts.
import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ALL_CONSENTS, mailCount, mailedCode, mailsTo, signUpConfirmed } from '../support/accounts';
import { api, env, signIn } from '../support/cloud-client';
import { createDocument, newOwner, sendTwoContractorDocument } from '../support/documents';

const PASSWORD = 'Sign-seal-1';

function signUpRequest(email: string, password = PASSWORD) {
  return api('/api/auth/signup', {
    method: 'POST',
    body: { email, password, name: 'Eve Example', lang: 'en', consents: ALL_CONSENTS },
  });
}

const contractorList = (token: string) => api('/api/documents?tab=pending&role=contractor', { token });
const signerLink = (token: string, docuId: string) =>
  api(`/api/documents/${docuId}/signer-link`, { method: 'POST', token, body: { lang: 'en' } });

/** A user the user pool itself calls verified (as a Google sign-in would be), whom the product never
 *  mailed a code: cognito-local then puts email_verified: true into the token. */
async function poolVerifiedUser(email: string): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: env('TEST_COGNITO_ENDPOINT'),
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: env('USER_POOL_ID'),
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'Eve Example' },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: env('USER_POOL_ID'),
      Username: email,
      Password: PASSWORD,
      Permanent: true,
    }),
  );
  return (await signIn(email, PASSWORD)).idToken;
}

describe("an account with a contractor's address (defect 2)", () => {
  it('cannot be made by signing up without the code mailed to that address', async () => {
    const sent = await sendTwoContractorDocument({ title: 'Not for Eve' });
    const res = await signUpRequest(sent.email);
    expect(res.status).toBe(202);
    // No account until the code comes back: a guess is refused and nobody can sign in.
    const guess = await api('/api/auth/signup/confirm', {
      method: 'POST',
      body: { email: sent.email, code: '123456', password: PASSWORD },
    });
    expect(guess.status).toBe(400);
    await expect(signIn(sent.email, PASSWORD)).rejects.toThrow();
  });

  it("sees nothing and gets no signer link until the product's own code verifies the address", async () => {
    const sent = await sendTwoContractorDocument({ title: 'Verify first' });
    const token = await poolVerifiedUser(sent.email);

    const me = await api('/api/me/login', { method: 'POST', token });
    expect(me.body.emailVerified).toBe(false);
    const list = await contractorList(token);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([]);
    expect((await signerLink(token, sent.docuId)).status).toBe(404);
    expect((await api(`/api/documents/${sent.docuId}/details`, { token })).status).toBe(404);

    // My Info → Verify: the product mails its code; a wrong one changes nothing.
    const before = await mailCount();
    const send = await api('/api/me/email/verification', { method: 'POST', token, body: { lang: 'en' } });
    expect(send.status).toBe(202);
    expect(send.body).toEqual({ status: 'codeSent', email: sent.email });
    const code = await mailedCode(sent.email, before);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await api('/api/me/email/verification/confirm', {
      method: 'POST',
      token,
      body: { code: wrong },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('auth.errors.invalidCode');
    expect((await contractorList(token)).body.items).toEqual([]);

    const confirmed = await api('/api/me/email/verification/confirm', {
      method: 'POST',
      token,
      body: { code },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.emailVerified).toBe(true);

    const after = await contractorList(token);
    expect(after.body.items.map((c: { docuId: string }) => c.docuId)).toEqual([sent.docuId]);
    const link = await signerLink(token, sent.docuId);
    expect(link.status).toBe(200);
    expect(link.body.path).toMatch(new RegExp(`^/en/outsign/${sent.docuId}/[A-Za-z0-9_-]{43}$`));
  });

  it('voids a verification code after 5 wrong tries', async () => {
    const token = await poolVerifiedUser(`eve-${randomUUID()}@example.com`);
    const me = await api('/api/me', { token });
    const before = await mailCount();
    await api('/api/me/email/verification', { method: 'POST', token, body: { lang: 'en' } });
    const code = await mailedCode(me.body.email, before);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await api('/api/me/email/verification/confirm', {
        method: 'POST',
        token,
        body: { code: wrong },
      });
      expect(res.status).toBe(400);
    }
    const late = await api('/api/me/email/verification/confirm', { method: 'POST', token, body: { code } });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('auth.errors.invalidCode');
    expect((await api('/api/me', { token })).body.emailVerified).toBe(false);
  });
});

describe('verification code mails (defect 3)', () => {
  it('are limited per address and per user: the sixth in an hour is refused with 429 and not mailed', async () => {
    const token = await poolVerifiedUser(`flood-${randomUUID()}@example.com`);
    const me = await api('/api/me', { token });
    const before = await mailCount();
    for (let i = 0; i < 5; i++) {
      const res = await api('/api/me/email/verification', { method: 'POST', token, body: { lang: 'en' } });
      expect(res.status).toBeLessThan(300);
    }
    const refused = await api('/api/me/email/verification', { method: 'POST', token, body: { lang: 'en' } });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('errors.tooManyRequests');
    // Five code mails went out (the notify job sends them), never a sixth.
    await mailedCode(me.body.email, before);
    const deadline = Date.now() + 30_000;
    while ((await mailsTo(me.body.email, before)).length < 5 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await mailsTo(me.body.email, before)).toHaveLength(5);
  });
});

describe('a closed account (defect 4)', () => {
  it("refuses the old token's create, send and list with 401", async () => {
    const owner = await newOwner();
    const draft = await createDocument(owner);
    expect((await api('/api/me', { method: 'DELETE', token: owner.token })).status).toBe(200);

    const calls: [string, string, unknown?][] = [
      ['POST', '/api/documents', { kind: 'esign' }],
      ['POST', `/api/documents/${draft}/send`, { lang: 'en' }],
      ['GET', '/api/documents?tab=pending'],
      ['GET', '/api/me/signs'],
      ['PATCH', '/api/me', { name: 'Still here' }],
      ['POST', '/api/me/email/verification', { lang: 'en' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(path, { method, token: owner.token, body });
      expect({ method, path, status: res.status, code: res.body.error?.code }).toEqual({
        method,
        path,
        status: 401,
        code: 'account.errors.closed',
      });
    }
  });
});

describe('signing up with a taken address (defect 5)', () => {
  it('answers exactly as for a new address, and mails the owner instead of making an account', async () => {
    const existing = await signUpConfirmed(`taken-${randomUUID()}@example.com`);
    const fresh = `fresh-${randomUUID()}@example.com`;

    const before = await mailCount();
    const taken = await signUpRequest(existing.email.toUpperCase(), 'Another-pass-2');
    const untaken = await signUpRequest(fresh);
    expect(taken.status).toBe(untaken.status);
    expect(taken.status).toBe(202);
    expect({ ...taken.body, email: '' }).toEqual({ ...untaken.body, email: '' });
    expect(taken.body.email).toBe(existing.email);
    expect(untaken.body.email).toBe(fresh);

    // The address's owner learns of it by mail; the newcomer gets a code.
    await mailedCode(fresh, before);
    const toExisting = await mailsTo(existing.email, before);
    expect(toExisting).toHaveLength(1);
    expect(toExisting[0]!.subject).not.toMatch(/\d{6}/);
    expect(toExisting[0]!.body.text).toContain('/en/login');

    // No code makes the taken address anyone else's, and its password is unchanged.
    const guess = await api('/api/auth/signup/confirm', {
      method: 'POST',
      body: { email: existing.email, code: '000000', password: 'Another-pass-2' },
    });
    expect(guess.status).toBe(400);
    expect(guess.body.error.code).toBe('auth.errors.invalidCode');
    await expect(signIn(existing.email, 'Another-pass-2')).rejects.toThrow();
    await expect(signIn(existing.email, PASSWORD)).resolves.toBeTruthy();
  });
});
