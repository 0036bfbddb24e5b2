// Abuse limits (issue #13 defects 3 and 8, architecture §18) against the local cloud with the real
// default limits: each flood the attack produced — resends to one number, the final PDF mailed to one
// outside address, an owner's SMS to many phone contractors, sign images through one signer link —
// is answered 429 with a translated message key once its limit is reached, and nothing more is sent
// or stored. Timing-free: every window here is at least a minute, and where a check could straddle
// one on a slow machine it is bounded by the time that passed.
import { randomUUID } from 'node:crypto';
import { createEntities } from '../../lambdas/adapters/dynamo/entities';
import { documentClient } from '../../lambdas/adapters/aws';
import { getConfig } from '../../lambdas/config';
import { documentDeps } from '../../lambdas/deps';
import { counterId } from '../../lambdas/usecases/limits';
import { api, eventually, mailbox } from '../support/cloud-client';
import {
  createDocument,
  mailsTo,
  newOwner,
  sendTwoContractorDocument,
  uploadPdf,
  type Owner,
} from '../support/documents';
import { deflateSync } from 'node:zlib';
import { makePng, pngWithData } from '../support/png';

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

type Res = Awaited<ReturnType<typeof api>>;

function expectTooMany(res: Res, code = 'errors.tooManyRequests') {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 429, code });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(res.body.error.details.retryAfterSeconds).toBe(retryAfter);
}

describe('resends to one contractor', () => {
  it('are refused (429) within a minute of the last one, however many arrive at once', async () => {
    const s = await sendTwoContractorDocument();
    const resend = () =>
      api(`/api/documents/${s.docuId}/recipients/1/resend`, { method: 'POST', token: s.owner.token });
    const started = Date.now();
    expect((await resend()).status).toBe(200);
    const second = await resend();
    const flood = await Promise.all(Array.from({ length: 20 }, resend));
    const elapsed = Date.now() - started;

    // At most one resend a minute: on any machine fewer than 21 minutes pass here.
    const accepted = [second, ...flood].filter((r) => r.status === 200).length;
    expect(accepted).toBeLessThanOrEqual(Math.floor(elapsed / 60_000));
    const refused = [second, ...flood].filter((r) => r.status !== 200);
    for (const r of refused) expectTooMany(r);
    expect(refused[0]!.body.error.details).toMatchObject({ rule: 'resendInterval', limit: 1 });

    // The SMS sent: the request and one resend per accepted call, no more.
    const number = `${s.e164}@sms.local`;
    await eventually(
      async () => mailsTo(await mailbox(), number).length >= 2 + accepted,
      30000,
      'the resent SMS',
    );
    expect(mailsTo(await mailbox(), number)).toHaveLength(2 + accepted);
  }, 120000);
});

/** Signs every area of a two-contractor document and waits until it is sealed (Completed). */
async function completedDocument() {
  const s = await sendTwoContractorDocument({ title: 'Limits' });
  for (const [token, areas] of [
    [s.mailToken, [0, 1]],
    [s.smsToken, [2]],
  ] as const) {
    const sign = await api(signPath(s.docuId, token, '/signs'), {
      method: 'POST',
      body: { image: b64(makePng(120, 50)) },
    });
    expect(sign.status).toBe(201);
    const applied = await api(signPath(s.docuId, token, '/areas'), {
      method: 'PUT',
      body: { signs: areas.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
    });
    expect(applied.status).toBe(200);
    expect(
      (await api(signPath(s.docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } })).status,
    ).toBe(200);
  }
  await eventually(
    async () => {
      const d = await documentDeps().docs.getDocument(s.docuId);
      return d?.status === 'Completed' && d.finalKey;
    },
    120000,
    'the sealed document',
  );
  return s;
}

describe('the final PDF mailed to an outside address', () => {
  it('goes at most 5 times a day to one address and 20 times an hour per owner', async () => {
    const s = await completedDocument();
    const mail = (email: string) =>
      api(`/api/documents/${s.docuId}/mail`, {
        method: 'POST',
        token: s.owner.token,
        body: { email, lang: 'en' },
      });
    const outside = `outside-${randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await mail(outside)).status).toBe(200);
    const sixth = await mail(outside.toUpperCase());
    expectTooMany(sixth);
    expect(sixth.body.error.details).toMatchObject({ rule: 'finalMailsPerAddress', limit: 5 });

    // A flood to another address: at most its 5, whatever the concurrency (a call that keeps losing
    // the race for the counters is told to retry in a second), then exactly 5 once it settles.
    const other = `other-${randomUUID()}@example.com`;
    const flood = await Promise.all(Array.from({ length: 30 }, () => mail(other)));
    let accepted = flood.filter((r) => r.status === 200).length;
    expect(accepted).toBeLessThanOrEqual(5);
    for (const r of flood.filter((x) => x.status !== 200)) expectTooMany(r);
    for (let i = 0; i < 6 && accepted < 5; i++) if ((await mail(other)).status === 200) accepted += 1;
    const full = await mail(other);
    expectTooMany(full);
    expect(full.body.error.details).toMatchObject({ rule: 'finalMailsPerAddress' });

    // The owner's 20 an hour stop every other address too: 10 are left.
    const spread: Res[] = [];
    for (let i = 0; i < 12; i++) spread.push(await mail(`spread-${i}-${randomUUID()}@example.com`));
    expect(spread.map((r) => r.status)).toEqual([...Array<number>(10).fill(200), 429, 429]);
    const overOwner = spread[10]!;
    expectTooMany(overOwner);
    expect(overOwner.body.error.details).toMatchObject({ rule: 'finalMailsPerOwner', limit: 20 });

    await eventually(async () => mailsTo(await mailbox(), other).length >= 5, 60000, 'the mailed PDFs');
    expect(mailsTo(await mailbox(), outside)).toHaveLength(5);
    expect(mailsTo(await mailbox(), other)).toHaveLength(5);
  }, 240000);
});

const PAGE_BOX = { pageIndex: 0, width: 60, height: 20 };

/** A document ready to send to `n` phone contractors (distinct numbers), each with one area. */
async function phoneDocument(owner: Owner, n: number) {
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const stem = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  const numbers = Array.from({ length: n }, (_, i) => `+8190${stem}${String(i).padStart(2, '0')}`);
  const rcpt = await api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: {
      recipients: numbers.map((contact, i) => ({ name: `Phone ${i}`, contact })),
      finalRecipients: [],
      lang: 'en',
    },
  });
  expect(rcpt.status).toBe(200);
  const areas = numbers.map((_, i) => ({
    recipientIndex: i,
    ...PAGE_BOX,
    x: 20 + (i % 5) * 100,
    y: 40 + Math.floor(i / 5) * 80,
  }));
  expect(
    (await api(`/api/documents/${docuId}/areas`, { method: 'PUT', token: owner.token, body: { areas } }))
      .status,
  ).toBe(200);
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title: 'Bulk', privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  return { docuId, numbers };
}

const smsTo = async (numbers: readonly string[]) => {
  const mails = await mailbox();
  return numbers.filter((n) => mailsTo(mails, `${n}@sms.local`).length > 0).length;
};

describe("an owner's SMS", () => {
  it('stop at 100 an hour: a send that would exceed it sends nothing and stays sendable', async () => {
    const owner = await newOwner();
    const send = (docuId: string) =>
      api(`/api/documents/${docuId}/send`, { method: 'POST', token: owner.token, body: { lang: 'en' } });
    const first = await phoneDocument(owner, 40);
    const second = await phoneDocument(owner, 40);
    const third = await phoneDocument(owner, 40);
    expect((await send(first.docuId)).status).toBe(200);
    expect((await send(second.docuId)).status).toBe(200);
    const refused = await send(third.docuId);
    expectTooMany(refused);
    expect(refused.body.error.details).toMatchObject({ rule: 'smsPerOwner', limit: 100 });

    // Nothing went out for the third document, and it is still ready to send.
    await eventually(
      async () => (await smsTo([...first.numbers, ...second.numbers])) === 80,
      120000,
      'the 80 SMS',
    );
    expect(await smsTo(third.numbers)).toBe(0);
    const doc = await api(`/api/documents/${third.docuId}`, { token: owner.token });
    expect(doc.body.status).toBe('SetPos');

    // Later — here: the owner's window is made to have ended — the same document sends.
    const entities = createEntities(documentClient(), getConfig().TABLE_NAME);
    await entities.rateCounter
      .patch({ counterId: counterId('smsPerOwner', await ownerId(owner)) })
      .set({ windowEnd: Date.now() - 1 })
      .go();
    expect((await send(third.docuId)).status).toBe(200);
    await eventually(async () => (await smsTo(third.numbers)) === 40, 120000, 'the third document’s SMS');
  }, 300000);
});

/** The owner's user id (the ID token's subject). */
async function ownerId(owner: Owner): Promise<string> {
  const payload = owner.token.split('.')[1]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

describe('sign images', () => {
  it('are at most 10 through one signer link; nothing over the cap is stored', async () => {
    const s = await sendTwoContractorDocument();
    const upload = () =>
      api(signPath(s.docuId, s.mailToken, '/signs'), {
        method: 'POST',
        body: { image: b64(makePng(300, 100)) },
      });
    for (let i = 0; i < 10; i++) expect((await upload()).status).toBe(201);
    const flood = await Promise.all(Array.from({ length: 20 }, upload));
    for (const r of flood) expectTooMany(r, 'signing.errors.tooManySignImages');
    expect(flood[0]!.body.error.details).toMatchObject({ rule: 'signImagesPerLink', limit: 10 });
    const view = await api(signPath(s.docuId, s.mailToken));
    expect(view.body.signs).toHaveLength(10);
    // The other contractor's link has its own cap.
    const other = await api(signPath(s.docuId, s.smsToken, '/signs'), {
      method: 'POST',
      body: { image: b64(makePng(300, 100)) },
    });
    expect(other.status).toBe(201);
  }, 120000);

  it('are refused when their image data inflates to more than the image (a decompression bomb)', async () => {
    // 50 KB that would inflate to 50 MB when the seal embeds it; the header says 600×200 (480 KB).
    const bomb = pngWithData(
      { width: 600, height: 200 },
      deflateSync(Buffer.alloc(50_000_000), { level: 9 }),
    );
    const s = await sendTwoContractorDocument();
    expect(bomb.length).toBeLessThan(1_000_000);
    const res = await api(signPath(s.docuId, s.mailToken, '/signs'), {
      method: 'POST',
      body: { image: b64(bomb) },
    });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({
      status: 400,
      code: 'signing.errors.badSignImage',
    });
    expect((await api(signPath(s.docuId, s.mailToken))).body.signs).toHaveLength(0);
    const owner = await newOwner();
    expect((await api('/api/me', { token: owner.token })).status).toBe(200);
    const own = await api('/api/me/signs', {
      method: 'POST',
      token: owner.token,
      body: { image: b64(bomb) },
    });
    expect({ status: own.status, code: own.body.error?.code }).toEqual({
      status: 400,
      code: 'ownerSigns.errors.badImage',
    });
  }, 120000);

  it("stay within the owner's cap when many are stored at once", async () => {
    const owner = await newOwner();
    const create = () =>
      api('/api/me/signs', {
        method: 'POST',
        token: owner.token,
        body: { image: b64(makePng(300, 100)), kind: 'draw' },
      });
    expect((await api('/api/me', { token: owner.token })).status).toBe(200);
    const flood = await Promise.all(Array.from({ length: 45 }, create));
    for (const r of flood.filter((x) => x.status !== 201)) expect([409, 429]).toContain(r.status);
    // Then one at a time until refused: never more than the hourly 30, whatever the race let through.
    for (let i = 0; i < 30 && (await create()).status === 201; i++);
    const list = await api('/api/me/signs', { token: owner.token });
    expect(list.body.signs.length).toBeGreaterThanOrEqual(20);
    expect(list.body.signs.length).toBeLessThanOrEqual(30);
    const last = await create();
    expect([409, 429]).toContain(last.status);
  }, 120000);
});
