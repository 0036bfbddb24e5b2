// Issue #29 item 5, through the local gateway against the real emulators: a signer link of a declined
// or completed contract answers its own 409 (on the view and on every signer action), `agree` records
// the contractor's language, and the 'Caution!' check compares the real contacts, not their masks.
import { randomUUID } from 'node:crypto';
import { documentDeps } from '../../lambdas/deps';
import { api, eventually } from '../support/cloud-client';
import { makePng } from '../support/png';
import { sendTwoContractorDocument } from '../support/documents';
import { verifiedUser } from '../support/accounts';
import { maskContact } from '../../shared/domain/contact';

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function signAreas(docuId: string, token: string, areaIndexes: number[]) {
  const sign = await api(signPath(docuId, token, '/signs'), {
    method: 'POST',
    body: { image: b64(makePng(60, 30)) },
  });
  expect(sign.status).toBe(201);
  const applied = await api(signPath(docuId, token, '/areas'), {
    method: 'PUT',
    body: { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
  });
  expect(applied.status).toBe(200);
}

const agree = (docuId: string, token: string, lang: unknown = 'en') =>
  api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang } });

/** Every signer call of a link (the view first), with a body each would accept on an open contract. */
function everySignerCall(docuId: string, token: string) {
  const at = (rest: string, method: string, body?: unknown) => ({
    name: `${method} ${rest || '(view)'}`,
    run: () => api(signPath(docuId, token, rest), { method, ...(body === undefined ? {} : { body }) }),
  });
  return [
    at('', 'GET'),
    at('/signs', 'POST', { image: b64(makePng(60, 30)) }),
    at('/areas', 'PUT', { signs: [] }),
    at('/fields', 'PUT', { values: [{ areaIndex: 2, value: 'x' }] }),
    at('/attachments', 'POST', {
      areaIndex: 2,
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
    }),
    at('/agree', 'POST', { lang: 'en' }),
    at('/deny', 'POST', { reason: 'No', lang: 'en' }),
    at('/reject-terms', 'POST', { lang: 'en' }),
    at('/delegate', 'POST', {
      name: 'Someone',
      contact: 'someone@example.com',
      reason: 'Away this week',
      lang: 'en',
    }),
    at('/video-session', 'POST', { contentType: 'video/webm' }),
    at('/video-mobile-link', 'POST', {}),
    at('/video', 'GET'),
  ];
}

async function expectEveryCallRefused(docuId: string, token: string, code: string) {
  for (const call of everySignerCall(docuId, token)) {
    const res = await call.run();
    expect({ call: call.name, status: res.status, code: res.body?.error?.code }).toEqual({
      call: call.name,
      status: 409,
      code,
    });
  }
}

describe('a declined contract', () => {
  it('answers 409 signerStates.errors.declined with who, when and the reason on the view and every action', async () => {
    const s = await sendTwoContractorDocument({ title: 'Declined lease' });
    const reason = 'The rent in clause 2 is wrong.';
    const denied = await api(signPath(s.docuId, s.mailToken, '/deny'), {
      method: 'POST',
      body: { reason, lang: 'en' },
    });
    expect(denied.status).toBe(200);

    const view = await api(signPath(s.docuId, s.smsToken));
    expect(view.status).toBe(409);
    expect(view.body.error.code).toBe('signerStates.errors.declined');
    expect(view.body.error.details).toEqual({
      kind: 'deny',
      by: 'Mail Signer',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reason,
      self: false,
    });
    // Names only: never the decliner's contact.
    expect(JSON.stringify(view.body)).not.toContain(s.email);
    await expectEveryCallRefused(s.docuId, s.smsToken, 'signerStates.errors.declined');

    // The denier keeps the spec's 'You have already denied this contract.'
    const own = await api(signPath(s.docuId, s.mailToken));
    expect(own.status).toBe(200);
    expect(own.body.me.agreement).toBe(2);
    const replay = await api(signPath(s.docuId, s.mailToken, '/deny'), {
      method: 'POST',
      body: { reason, lang: 'en' },
    });
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('signing.alreadyDenied');
  });

  it('names a refusal of the e-sign terms, without a reason', async () => {
    const s = await sendTwoContractorDocument({ title: 'Terms refused' });
    const refused = await api(signPath(s.docuId, s.smsToken, '/reject-terms'), {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(refused.status).toBe(200);
    const view = await api(signPath(s.docuId, s.mailToken));
    expect(view.status).toBe(409);
    expect(view.body.error).toMatchObject({
      code: 'signerStates.errors.declined',
      details: { kind: 'terms', by: 'Phone Signer', reason: null, self: false },
    });
    const agreeLate = await agree(s.docuId, s.mailToken);
    expect(agreeLate.status).toBe(409);
    expect(agreeLate.body.error.code).toBe('signerStates.errors.declined');
  });
});

describe('a completed contract', () => {
  it('answers 409 signerStates.errors.completed with its completion time on the view and every action', async () => {
    const s = await sendTwoContractorDocument({ title: 'Completed lease' });
    await signAreas(s.docuId, s.mailToken, [0, 1]);
    expect((await agree(s.docuId, s.mailToken)).status).toBe(200);
    await signAreas(s.docuId, s.smsToken, [2]);
    expect((await agree(s.docuId, s.smsToken)).status).toBe(200);
    const doc = await eventually(
      async () => {
        const d = await documentDeps().docs.getDocument(s.docuId);
        return d?.status === 'Completed' ? d : null;
      },
      90000,
      'the contract to be sealed',
    );

    for (const token of [s.mailToken, s.smsToken]) {
      const view = await api(signPath(s.docuId, token));
      expect(view.status).toBe(409);
      expect(view.body.error).toMatchObject({
        code: 'signerStates.errors.completed',
        details: { completedAt: doc.completedAt },
      });
    }
    await expectEveryCallRefused(s.docuId, s.smsToken, 'signerStates.errors.completed');
  }, 180000);
});

describe('agree records the language', () => {
  it('stores the page language with the agreement and shows it to the owner; refuses an unknown language', async () => {
    const s = await sendTwoContractorDocument({ title: 'Language' });
    await signAreas(s.docuId, s.mailToken, [0, 1]);
    for (const bad of ['fr', 'ja', '', 42, null]) {
      const res = await agree(s.docuId, s.mailToken, bad);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      expect(res.body.error.code).toBe('errors.validation');
    }
    const missing = await api(signPath(s.docuId, s.mailToken, '/agree'), { method: 'POST', body: {} });
    expect(missing.status).toBe(400);
    const before = await documentDeps().docs.listRecipients(s.docuId);
    expect(before[0]).toMatchObject({ agreement: 0 });
    // Until then, the language the owner sent the request in.
    expect(before[0]!.lang).toBe('en');

    const agreed = await agree(s.docuId, s.mailToken, 'jp');
    expect(agreed.status).toBe(200);
    const after = await documentDeps().docs.listRecipients(s.docuId);
    expect(after[0]).toMatchObject({ agreement: 1, lang: 'jp' });
    const details = await api(`/api/documents/${s.docuId}/details`, { token: s.owner.token });
    expect(details.status).toBe(200);
    const rows = details.body.recipients as { index: number; agreedLang?: string | null }[];
    expect(rows.find((r) => r.index === 0)?.agreedLang).toBe('jp');
    expect(rows.find((r) => r.index === 1)?.agreedLang).toBeNull();
  });
});

describe("the 'Caution!' check", () => {
  it('compares the real contacts: another address with the same mask is someone else', async () => {
    const s = await sendTwoContractorDocument({ title: 'Who signs' });
    const lookalike = `signer-${randomUUID()}@example.com`;
    expect(maskContact(lookalike)).toBe(maskContact(s.email));
    const other = await verifiedUser(lookalike, 'Look Alike');
    const same = await verifiedUser(s.email, 'Mail Signer');

    const otherAnswer = await api(signPath(s.docuId, s.mailToken, '/identity'), {
      method: 'POST',
      token: other.token,
    });
    expect(otherAnswer.status).toBe(200);
    expect(otherAnswer.body).toEqual({ sameUser: false });
    const sameAnswer = await api(signPath(s.docuId, s.mailToken, '/identity'), {
      method: 'POST',
      token: same.token,
    });
    expect(sameAnswer.body).toEqual({ sameUser: true });
    // The phone contractor is never an e-mail user; the answer tells nothing else of them.
    const phone = await api(signPath(s.docuId, s.smsToken, '/identity'), {
      method: 'POST',
      token: same.token,
    });
    expect(phone.body).toEqual({ sameUser: false });
    expect(JSON.stringify(phone.body)).not.toContain(s.e164);

    const anonymous = await api(signPath(s.docuId, s.mailToken, '/identity'), { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const badLink = await api(signPath(s.docuId, 'x'.repeat(43), '/identity'), {
      method: 'POST',
      token: other.token,
    });
    expect(badLink.status).toBe(404);
    expect(badLink.body.error.code).toBe('signing.errors.invalidLink');
  });
});
