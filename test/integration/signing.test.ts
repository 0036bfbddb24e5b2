// The signer flow without an account (issue #5) through the local gateway, against the real
// emulators: an owner sends a contract to an e-mail contractor and a phone contractor; each signer
// reads their link from the local mailbox (SMS are mails to <E.164>@sms.local), views the document,
// uploads a sign, applies it to their areas and agrees, denies or refuses the terms.
//
// Counting seal jobs: the local pollers consume the seal queue (the seal worker then completes the
// document), so the queue cannot be counted reliably. The use case enqueues the seal job on the
// one code path that committed the conditional Agree → Generating change, right after recording the
// one 'all_agree' history item: exactly one 'all_agree' item (and status Generating) therefore means
// exactly one transition and one seal job.
import { createHash } from 'node:crypto';
import { documentDeps, signingDeps } from '../../lambdas/deps';
import { api, eventually, mailbox } from '../support/cloud-client';
import { makePng } from '../support/png';
import {
  A4,
  mailsTo,
  newOwner,
  resolveShortLink,
  sendTwoContractorDocument,
  SHORT_LINK,
  SIGNER_LINK,
} from '../support/documents';

const LINK = SIGNER_LINK;
const sentDocument = (title?: string) => sendTwoContractorDocument({ title });

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function uploadSign(docuId: string, token: string, bytes = makePng(60, 30)) {
  return api(signPath(docuId, token, '/signs'), { method: 'POST', body: { image: b64(bytes) } });
}

/** Uploads a sign and applies it to the given areas. */
async function signAreas(docuId: string, token: string, areaIndexes: number[]) {
  const sign = await uploadSign(docuId, token);
  expect(sign.status).toBe(201);
  const applied = await api(signPath(docuId, token, '/areas'), {
    method: 'PUT',
    body: { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
  });
  expect(applied.status).toBe(200);
  return applied;
}

const agree = (docuId: string, token: string) =>
  api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } });

/** The error envelope without its request id: what must be identical for every bad link. */
const envelope = (res: { status: number; body: { error: Record<string, unknown> } }) => {
  const { requestId, ...rest } = res.body.error;
  void requestId;
  return { status: res.status, error: rest };
};

const historyOf = async (docuId: string) => documentDeps().docs.listHistory(docuId);

describe('signer link', () => {
  it('shows the document to a valid link, and one identical 404 for garbage, another document and expiry', async () => {
    const a = await sentDocument('Lease');
    const view = await api(signPath(a.docuId, a.mailToken));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      docuId: a.docuId,
      title: 'Lease',
      status: 'Agree',
      pages: [{ width: A4.width, height: A4.height }],
      ownerName: 'Alex Owner',
      me: { index: 0, ordinal: 1, name: 'Mail Signer', agreement: 0 },
      signs: [],
    });
    expect(view.body.id4).toBe(a.docuId.slice(0, 4));
    expect(view.body.recipients).toHaveLength(2);
    expect(view.body.recipients[0]).toMatchObject({ mine: true, name: 'Mail Signer' });
    expect(view.body.recipients[0].areas.map((x: { areaIndex: number }) => x.areaIndex)).toEqual([0, 1]);
    expect(view.body.recipients[1]).toMatchObject({ mine: false, name: 'Phone Signer' });
    expect(view.body.recipients[1].areas[0]).toMatchObject({ areaIndex: 2, signed: false, signId: null });
    const text = JSON.stringify(view.body);
    expect(text).not.toContain(a.email);
    expect(text).not.toContain(a.e164);
    expect(view.body.recipients[1].contactMasked).toMatch(/^\+81\*+\d\d$/);
    const pdf = await fetch(view.body.fileUrl as string);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    const phoneView = await api(signPath(a.docuId, a.smsToken));
    expect(phoneView.body.me).toMatchObject({ index: 1, ordinal: 2 });

    const garbage = await api(signPath(a.docuId, 'x'.repeat(43)));
    expect(garbage.status).toBe(404);
    expect(garbage.body.error.code).toBe('signing.errors.invalidLink');

    const b = await sentDocument('Other');
    const crossed = await api(signPath(b.docuId, a.mailToken));
    expect(envelope(crossed)).toEqual(envelope(garbage));
    const missingDoc = await api(signPath('0'.repeat(32), a.mailToken));
    expect(envelope(missingDoc)).toEqual(envelope(garbage));
    const tampered = await api(
      signPath(a.docuId, a.mailToken.slice(0, -1) + (a.mailToken.endsWith('A') ? 'B' : 'A')),
    );
    expect(envelope(tampered)).toEqual(envelope(garbage));

    // Expiry: the stored token of b's phone contractor, rewritten with a past expiry.
    const hash = createHash('sha256').update(b.smsToken).digest('hex');
    const stored = await documentDeps().docs.getToken(hash);
    await signingDeps().signers.putToken({
      ...stored!,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const expired = await api(signPath(b.docuId, b.smsToken));
    expect(envelope(expired)).toEqual(envelope(garbage));
    const expiredAgree = await agree(b.docuId, b.smsToken);
    expect(envelope(expiredAgree)).toEqual(envelope(garbage));
  });
});

describe('signs and agreement', () => {
  it('checks sign images, applies signs to own areas only, agrees, refuses replays, and the last agreement starts sealing', async () => {
    const s = await sentDocument();
    const bad = await api(signPath(s.docuId, s.mailToken, '/signs'), {
      method: 'POST',
      body: { image: b64(Buffer.from('GIF89a definitely not a png, just text pretending')) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('signing.errors.badSignImage');
    const tiny = await uploadSign(s.docuId, s.mailToken, makePng(40, 10));
    expect(tiny.status).toBe(400);
    expect(tiny.body.error.code).toBe('signing.errors.badSignImage');
    const wide = await uploadSign(s.docuId, s.mailToken, makePng(1500, 100));
    expect(wide.status).toBe(400);
    const overOneMb = Buffer.alloc(1_200_000);
    Buffer.from(makePng(60, 30)).copy(overOneMb);
    const heavy = await uploadSign(s.docuId, s.mailToken, overOneMb);
    expect(heavy.status).toBe(400);
    expect(heavy.body.error.code).toBe('signing.errors.badSignImage');
    const huge = await api(signPath(s.docuId, s.mailToken, '/signs'), {
      method: 'POST',
      rawBody: JSON.stringify({ image: 'A'.repeat(20 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect([400, 413]).toContain(huge.status);

    const sign = await uploadSign(s.docuId, s.mailToken);
    expect(sign.status).toBe(201);
    expect(sign.body.signId).toMatch(/^[0-9a-f]+$/);
    const png = await fetch(sign.body.url as string);
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    const viewed = await api(signPath(s.docuId, s.mailToken));
    expect(viewed.body.signs.map((x: { signId: string }) => x.signId)).toEqual([sign.body.signId]);
    // The phone signer is another contact: the e-mail signer's signs are not offered to them.
    expect((await api(signPath(s.docuId, s.smsToken))).body.signs).toEqual([]);

    const others = await api(signPath(s.docuId, s.mailToken, '/areas'), {
      method: 'PUT',
      body: { signs: [{ areaIndex: 2, signId: sign.body.signId }] },
    });
    expect(others.status).toBe(400);
    expect(others.body.error.code).toBe('signing.errors.notYourArea');
    const foreignSign = await api(signPath(s.docuId, s.smsToken, '/areas'), {
      method: 'PUT',
      body: { signs: [{ areaIndex: 2, signId: sign.body.signId }] },
    });
    expect(foreignSign.status).toBe(400);
    expect(foreignSign.body.error.code).toBe('signing.errors.unknownSign');

    const partly = await api(signPath(s.docuId, s.mailToken, '/areas'), {
      method: 'PUT',
      body: { signs: [{ areaIndex: 0, signId: sign.body.signId }] },
    });
    expect(partly.status).toBe(200);
    const early = await agree(s.docuId, s.mailToken);
    expect(early.status).toBe(400);
    expect(early.body.error.code).toBe('signing.errors.unsignedAreas');

    const applied = await api(signPath(s.docuId, s.mailToken, '/areas'), {
      method: 'PUT',
      body: { signs: [{ areaIndex: 1, signId: sign.body.signId }] },
    });
    expect(applied.body.recipients[0].areas).toEqual([
      expect.objectContaining({ areaIndex: 0, signed: true, signId: sign.body.signId }),
      expect.objectContaining({ areaIndex: 1, signed: true, signId: sign.body.signId }),
    ]);
    const first = await agree(s.docuId, s.mailToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'Agree', agreement: 1 });
    const replay = await agree(s.docuId, s.mailToken);
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('signing.alreadyAgreed');
    const lateDeny = await api(signPath(s.docuId, s.mailToken, '/deny'), {
      method: 'POST',
      body: { reason: 'changed my mind', lang: 'en' },
    });
    expect(lateDeny.status).toBe(409);
    expect(lateDeny.body.error.code).toBe('signing.alreadyAgreed');

    await signAreas(s.docuId, s.smsToken, [2]);
    const last = await agree(s.docuId, s.smsToken);
    expect(last.body).toEqual({ status: 'Generating', agreement: 1 });
    const doc = await api(`/api/documents/${s.docuId}`, { token: s.owner.token });
    // The seal worker (issue #6) may already have completed it.
    expect(['Generating', 'Completed']).toContain(doc.body.status);
    expect(doc.body.recipients.map((r: { agreement: number }) => r.agreement)).toEqual([1, 1]);
    const history = await historyOf(s.docuId);
    expect(history.filter((h) => h.action === 'agree')).toHaveLength(2);
    expect(history.filter((h) => h.action === 'all_agree')).toHaveLength(1);
    const agreed = history.find((h) => h.action === 'agree' && h.actorContact === s.email);
    expect(agreed?.actorContactMasked).not.toContain(s.email);

    const afterwards = await api(signPath(s.docuId, s.smsToken, '/reject-terms'), {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(afterwards.status).toBe(409);
  });

  it('two signers agreeing at the same instant make exactly one Generating transition', async () => {
    const s = await sentDocument();
    await signAreas(s.docuId, s.mailToken, [0, 1]);
    await signAreas(s.docuId, s.smsToken, [2]);
    const [x, y] = await Promise.all([agree(s.docuId, s.mailToken), agree(s.docuId, s.smsToken)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect([x.body.status, y.body.status].sort()).toEqual(['Agree', 'Generating']);
    const history = await historyOf(s.docuId);
    expect(history.filter((h) => h.action === 'agree')).toHaveLength(2);
    expect(history.filter((h) => h.action === 'all_agree')).toHaveLength(1);
    expect(['Generating', 'Completed']).toContain((await documentDeps().docs.getDocument(s.docuId))?.status);
  });
});

describe('denial', () => {
  it('refuses a reason over 200 characters, then denies, mails the reason to everyone and refuses replays', async () => {
    const s = await sentDocument('Denied deal');
    const long = await api(signPath(s.docuId, s.mailToken, '/deny'), {
      method: 'POST',
      body: { reason: 'x'.repeat(201), lang: 'en' },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('signing.errors.denyReasonTooLong');
    const blank = await api(signPath(s.docuId, s.mailToken, '/deny'), {
      method: 'POST',
      body: { reason: '   ', lang: 'en' },
    });
    expect(blank.body.error.code).toBe('signing.errors.denyReasonRequired');

    const reason = 'The payment terms in clause 4 are wrong.';
    const denied = await api(signPath(s.docuId, s.mailToken, '/deny'), {
      method: 'POST',
      body: { reason, lang: 'en' },
    });
    expect(denied.status).toBe(200);
    expect(denied.body).toEqual({ status: 'Reject', agreement: 2 });
    const toOwner = await eventually(
      async () => mailsTo(await mailbox(), s.owner.email).find((m) => m.subject.includes('Denied deal')),
      30000,
      'the denial notice to the owner',
    );
    expect(toOwner.body.text).toContain(reason);
    expect(toOwner.body.html).toContain('clause 4');
    const toPhone = await eventually(
      async () =>
        mailsTo(await mailbox(), `${s.e164}@sms.local`).find((m) => (m.body.text ?? '').includes(reason)),
      30000,
      'the denial notice to the other contractor',
    );
    expect(toPhone.body.text).toContain('Mail Signer');
    // The denier is a participant too (spec doc 1 §4; issue #14): their own copy, with their reason.
    const toDenier = await eventually(
      async () => mailsTo(await mailbox(), s.email).find((m) => (m.body.text ?? '').includes(reason)),
      30000,
      'the denial notice to the denier',
    );
    expect(toDenier.subject).toContain('You denied');

    const replay = await api(signPath(s.docuId, s.mailToken, '/deny'), {
      method: 'POST',
      body: { reason, lang: 'en' },
    });
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('signing.alreadyDenied');
    await signAreas(s.docuId, s.smsToken, [2]).catch(() => undefined);
    const otherAgrees = await agree(s.docuId, s.smsToken);
    expect(otherAgrees.status).toBe(409);
    // Issue #29: the other contractor is told the contract was declined (signer-closed.test.ts).
    expect(otherAgrees.body.error.code).toBe('signerStates.errors.declined');
    const history = await historyOf(s.docuId);
    expect(history.find((h) => h.action === 'reject')).toMatchObject({ reason, actorContact: s.email });
  });

  it('a refusal of the e-sign terms ends the contract as Reject_legal and notifies the participants', async () => {
    const s = await sentDocument('Terms refused');
    const res = await api(signPath(s.docuId, s.smsToken, '/reject-terms'), {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'Reject_legal', agreement: 2 });
    expect((await documentDeps().docs.getDocument(s.docuId))?.status).toBe('Reject_legal');
    expect((await historyOf(s.docuId)).filter((h) => h.action === 'reject_legal')).toHaveLength(1);
    await eventually(
      async () => mailsTo(await mailbox(), s.owner.email).find((m) => m.subject.includes('Terms refused')),
      30000,
      'the terms-denial notice to the owner',
    );
    await eventually(
      async () => mailsTo(await mailbox(), s.email).find((m) => m.subject.includes('did not accept')),
      30000,
      'the terms-denial notice to the other contractor',
    );
    const replay = await api(signPath(s.docuId, s.smsToken, '/reject-terms'), {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('signing.alreadyDenied');
  });
});

describe('resend', () => {
  it('gives a pending contractor a new link and revokes the old one', async () => {
    const s = await sentDocument();
    const stranger = await newOwner();
    const foreign = await api(`/api/documents/${s.docuId}/recipients/1/resend`, {
      method: 'POST',
      token: stranger.token,
    });
    expect(foreign.status).toBe(404);
    const res = await api(`/api/documents/${s.docuId}/recipients/1/resend`, {
      method: 'POST',
      token: s.owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resent: true, index: 1 });
    const fresh = await eventually(
      async () => {
        for (const m of mailsTo(await mailbox(), `${s.e164}@sms.local`)) {
          const short = SHORT_LINK.exec(m.body.text ?? '');
          const location = short ? (await resolveShortLink(short[0])).location : null;
          const token = LINK.exec(location ?? '')?.[3];
          if (token && token !== s.smsToken) return token;
        }
        return null;
      },
      30000,
      'the resent SMS',
    );
    expect((await api(signPath(s.docuId, fresh))).status).toBe(200);
    const old = await api(signPath(s.docuId, s.smsToken));
    expect(old.status).toBe(404);
    expect(old.body.error.code).toBe('signing.errors.invalidLink');
    expect(
      await documentDeps().docs.getToken(createHash('sha256').update(s.smsToken).digest('hex')),
    ).toBeNull();
    // The other contractor's link is untouched.
    expect((await api(signPath(s.docuId, s.mailToken))).status).toBe(200);

    await signAreas(s.docuId, s.mailToken, [0, 1]);
    expect((await agree(s.docuId, s.mailToken)).status).toBe(200);
    const agreedResend = await api(`/api/documents/${s.docuId}/recipients/0/resend`, {
      method: 'POST',
      token: s.owner.token,
    });
    expect(agreedResend.status).toBe(409);
  });
});
