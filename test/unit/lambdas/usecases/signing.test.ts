// The signer flow (issue #5): the pure parts (sign PNG check, base64, area numbering, notices) and
// the use cases against an in-memory repository (link checks, masking, agreement race, resend).
import { memoryLimits } from '../rate-limiter-fake';
import { type DocumentRecord, type RecipientRecord } from '../../../../lambdas/adapters/dynamo/documents';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import { InMemoryDocuments, storageWithOriginals } from '../fakes';
import type { JobQueue } from '../../../../lambdas/ports';
import { hashSignerToken } from '../../../../lambdas/usecases/signer-tokens';
import { afterAllAgreed, agree, deny, getSignerView } from '../../../../lambdas/usecases/signing';
import { applySigns, uploadSign } from '../../../../lambdas/usecases/signer-signs';
import { checkSignPng, decodeImageBase64 } from '../../../../lambdas/usecases/sign-images';
import { numberAreas, type SigningDeps } from '../../../../lambdas/usecases/signer-link';
import { refusalNoticeJob } from '../../../../lambdas/usecases/refusals';
import { resendRequest } from '../../../../lambdas/usecases/resend';
import { makePng } from '../../../support/png';

describe('checkSignPng', () => {
  it('accepts a real PNG within 50×20..1400×600 and reports its size', () => {
    expect(checkSignPng(makePng(60, 30))).toEqual({ ok: true, width: 60, height: 30 });
    expect(checkSignPng(makePng(50, 20))).toMatchObject({ ok: true });
    expect(checkSignPng(makePng(1400, 600))).toMatchObject({ ok: true });
  });

  it('refuses other bytes, a missing IHDR, too small and too large images, and over 1 MB', () => {
    expect(checkSignPng(Buffer.from('GIF89a'.padEnd(64, '.')))).toMatchObject({ ok: false });
    const noIhdr = Buffer.from(makePng(60, 30));
    noIhdr.write('IDAT', 12, 'latin1');
    expect(checkSignPng(noIhdr)).toMatchObject({ ok: false, reason: 'no IHDR chunk' });
    expect(checkSignPng(makePng(49, 30))).toMatchObject({ ok: false });
    expect(checkSignPng(makePng(60, 19))).toMatchObject({ ok: false });
    expect(checkSignPng(makePng(1401, 30))).toMatchObject({ ok: false });
    expect(checkSignPng(makePng(60, 601))).toMatchObject({ ok: false });
    const big = new Uint8Array(1_000_001);
    big.set(makePng(60, 30));
    expect(checkSignPng(big)).toMatchObject({ ok: false, reason: 'larger than 1 MB' });
  });
});

describe('decodeImageBase64', () => {
  it('accepts plain base64 and a data URL, refuses other text', () => {
    const png = makePng(60, 30);
    const b64 = Buffer.from(png).toString('base64');
    expect(Buffer.from(decodeImageBase64(b64)!)).toEqual(Buffer.from(png));
    expect(Buffer.from(decodeImageBase64(`data:image/png;base64,${b64}`)!)).toEqual(Buffer.from(png));
    expect(decodeImageBase64('not base64 at all!')).toBeNull();
  });
});

describe('numberAreas and afterAllAgreed', () => {
  it('numbers areas across the document in contractor order', () => {
    const box = { pageIndex: 0, x: 0, y: 0, width: 10, height: 10, signed: false };
    const rows = [
      { index: 0, areas: [box, box] },
      { index: 1, areas: [box] },
    ] as RecipientRecord[];
    expect(numberAreas(rows).map((r) => r.areas.map((a) => [a.areaIndex, a.position]))).toEqual([
      [
        [0, 0],
        [1, 1],
      ],
      [[2, 0]],
    ]);
  });

  it('sends video signing to NeedVConfirm and everything else to Generating', () => {
    expect(afterAllAgreed({ kind: 'vsign' })).toBe('NeedVConfirm');
    expect(afterAllAgreed({ kind: 'esign' })).toBe('Generating');
  });
});

describe('refusalNoticeJob', () => {
  const base = {
    docuId: 'd1',
    signerName: 'Mail Signer',
    title: 'Lease <1>',
    reason: 'Clause 4 & 5 are wrong',
  };

  it('e-mails the reason (text and escaped HTML) in the chosen language', () => {
    const job = refusalNoticeJob({
      ...base,
      kind: 'deny',
      lang: 'en',
      to: { name: 'Owner', contact: 'owner@example.com', method: 'email' },
    });
    expect(job).toMatchObject({ kind: 'email', to: ['owner@example.com'] });
    if (job.kind !== 'email') return;
    expect(job.subject).toContain('Lease <1>');
    expect(job.text).toContain(base.reason);
    expect(job.html).toContain('Clause 4 &amp; 5 are wrong');
    expect(job.html).not.toContain('<1>');
    expect(job.idempotencyKey).toBe('denialNotice#d1#owner@example.com');
  });

  it('texts a phone participant, and a terms refusal carries no reason', () => {
    const sms = refusalNoticeJob({
      ...base,
      kind: 'deny',
      lang: 'jp',
      to: { name: 'P', contact: '+819012345678', method: 'phone' },
    });
    expect(sms).toMatchObject({ kind: 'sms', to: '+819012345678' });
    if (sms.kind === 'sms') expect(sms.text).toContain('理由');
    const terms = refusalNoticeJob({
      ...base,
      kind: 'terms',
      lang: 'ko',
      to: { name: 'O', contact: 'o@example.com', method: 'email' },
    });
    if (terms.kind === 'email') {
      expect(terms.text).not.toContain(base.reason);
      expect(terms.subject).toContain('전자서명');
    }
  });
});

// --- Use cases against an in-memory repository -----------------------------------------------

const facts = { ip: '203.0.113.9', userAgent: 'jest' };
const box = { pageIndex: 0, x: 10, y: 10, width: 100, height: 30, signed: false };

function setup(kind: 'esign' | 'vsign' = 'esign') {
  const mem = new InMemoryDocuments();
  const jobs: { queue: string; job: unknown }[] = [];
  const queue: JobQueue = {
    check: async () => undefined,
    enqueue: async (q, job) => {
      jobs.push({ queue: q, job });
      return { messageId: String(jobs.length) };
    },
  };
  const deps: SigningDeps = {
    docs: mem,
    signers: mem,
    signs: mem,
    users: {
      getById: async () => ({ userId: 'owner-1', email: 'owner@example.com', name: 'Owner' }) as UserRecord,
    },
    storage: storageWithOriginals(mem),
    queue,
    limits: memoryLimits(),
    maxUploadBytes: 50_000_000,
    englishPhoneCountry: 'US',
    appUrl: 'https://app.example.com',
  };
  const at = new Date().toISOString();
  mem.docs.set('doc1', {
    docuId: 'doc1',
    id4: 'doc1',
    ownerId: 'owner-1',
    kind,
    title: 'Lease',
    status: 'Agree',
    fileKey: 'documents/doc1/original.pdf',
    pages: [{ width: 595, height: 842 }],
    lang: 'en',
    createdAt: at,
    updatedAt: at,
    version: 5,
  } as DocumentRecord);
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  const rows: RecipientRecord[] = [
    {
      docuId: 'doc1',
      index: 0,
      name: 'Owner',
      contact: 'owner@example.com',
      method: 'email',
      isOwner: true,
      agreement: 1,
      areas: [{ ...box, signed: true }],
    },
    {
      docuId: 'doc1',
      index: 1,
      name: 'Ann',
      contact: 'ann@example.com',
      method: 'email',
      isOwner: false,
      agreement: 0,
      areas: [box, box],
      tokenHash: hashSignerToken('tokA'),
    },
    {
      docuId: 'doc1',
      index: 2,
      name: 'Bo',
      contact: '+819012345678',
      method: 'phone',
      isOwner: false,
      agreement: 0,
      areas: [box],
      tokenHash: hashSignerToken('tokB'),
    },
  ];
  mem.recipients.set('doc1', rows);
  for (const [token, index] of [
    ['tokA', 1],
    ['tokB', 2],
  ] as const) {
    mem.tokens.set(hashSignerToken(token), {
      tokenHash: hashSignerToken(token),
      docuId: 'doc1',
      recipientIndex: index,
      createdAt: at,
      expiresAt,
      ttl: 0,
    });
  }
  return { mem, jobs, deps };
}

/** An accepted agreement video of contractor `index` (issue #15). */
const recordedVideo = (index: number): NonNullable<RecipientRecord['video']> => ({
  key: `documents/doc1/videos/${index}/s${index}.webm`,
  contentType: 'video/webm',
  sizeBytes: 4096,
  sha256: 'a'.repeat(64),
  sessionId: `s${index}`,
  challenge: '4821',
  sessionStartedAt: new Date().toISOString(),
  recordedAt: new Date().toISOString(),
});

async function signAll(deps: SigningDeps, token: string, areaIndexes: number[]) {
  const { signId } = await uploadSign(deps, 'doc1', token, {
    image: Buffer.from(makePng(60, 30)).toString('base64'),
  });
  await applySigns(deps, 'doc1', token, { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId })) });
}

describe('signing use cases', () => {
  it('masks every contact in the signer view and flags the signer’s own areas', async () => {
    const { deps } = setup();
    const view = await getSignerView(deps, 'doc1', 'tokA');
    const text = JSON.stringify(view);
    for (const contact of ['owner@example.com', 'ann@example.com', '+819012345678']) {
      expect(text).not.toContain(contact);
    }
    expect(view.recipients.map((r) => r.contactMasked)).toEqual([
      'o***@e***.com',
      'a***@e***.com',
      '+81********78',
    ]);
    expect(view.me).toMatchObject({ index: 1, ordinal: 2 });
    expect(view.recipients.map((r) => r.mine)).toEqual([false, true, false]);
    expect(view.recipients[1]!.areas.map((a) => a.areaIndex)).toEqual([1, 2]);
  });

  it('answers 409 originalChanged, not the view, when the stored original is missing or not the accepted one', async () => {
    // The original's check runs beside the view's other reads (issue #33): still nothing is answered
    // unless it passes (issue #13).
    const { deps, mem } = setup();
    const missing: SigningDeps = { ...deps, storage: { ...deps.storage, head: async () => null } };
    await expect(getSignerView(missing, 'doc1', 'tokA')).rejects.toMatchObject({
      status: 409,
      code: 'documents.errors.originalChanged',
    });
    mem.docs.set('doc1', { ...mem.docs.get('doc1')!, sizeBytes: 1234 });
    const resized: SigningDeps = {
      ...deps,
      storage: { ...deps.storage, head: async () => ({ size: 999, contentType: 'application/pdf' }) },
    };
    await expect(getSignerView(resized, 'doc1', 'tokA')).rejects.toMatchObject({
      code: 'documents.errors.originalChanged',
    });
    await expect(getSignerView(deps, 'doc1', 'tokA')).resolves.toMatchObject({ docuId: 'doc1' });
  });

  it('answers the same 404 for an unknown, crossed, expired or replaced token', async () => {
    const { deps, mem } = setup();
    const expectInvalid = (p: Promise<unknown>) =>
      expect(p).rejects.toMatchObject({ status: 404, code: 'signing.errors.invalidLink' });
    await expectInvalid(getSignerView(deps, 'doc1', 'nope'));
    await expectInvalid(getSignerView(deps, 'doc2', 'tokA'));
    const h = hashSignerToken('tokB');
    mem.tokens.set(h, { ...mem.tokens.get(h)!, expiresAt: new Date(Date.now() - 1).toISOString() });
    await expectInvalid(getSignerView(deps, 'doc1', 'tokB'));
    const rows = mem.recipients.get('doc1')!;
    rows[1] = { ...rows[1]!, tokenHash: 'another' };
    await expectInvalid(getSignerView(deps, 'doc1', 'tokA'));
  });

  it('two signers agreeing together make exactly one Generating transition and one seal job', async () => {
    const { deps, mem, jobs } = setup();
    await signAll(deps, 'tokA', [1, 2]);
    await signAll(deps, 'tokB', [3]);
    const results = await Promise.all([
      agree(deps, 'doc1', 'tokA', { lang: 'en' }, facts),
      agree(deps, 'doc1', 'tokB', { lang: 'en' }, facts),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['Agree', 'Generating']);
    expect(mem.docs.get('doc1')!.status).toBe('Generating');
    expect(jobs.filter((j) => j.queue === 'seal')).toEqual([{ queue: 'seal', job: { docuId: 'doc1' } }]);
    expect(mem.history.filter((h) => h.action === 'all_agree')).toHaveLength(1);
    await expect(agree(deps, 'doc1', 'tokA', { lang: 'en' }, facts)).rejects.toMatchObject({
      status: 409,
      code: 'signing.alreadyAgreed',
    });
  });

  it('video signing needs each video first, then goes to NeedVConfirm without a seal job', async () => {
    const { deps, mem, jobs } = setup('vsign');
    await signAll(deps, 'tokA', [1, 2]);
    await signAll(deps, 'tokB', [3]);
    await expect(agree(deps, 'doc1', 'tokA', { lang: 'en' }, facts)).rejects.toMatchObject({
      status: 409,
      code: 'video.errors.required',
    });
    expect(mem.recipients.get('doc1')![1]!.agreement).toBe(0);
    const rows = mem.recipients.get('doc1')!;
    for (const i of [1, 2]) rows[i] = { ...rows[i]!, video: recordedVideo(i) };
    await agree(deps, 'doc1', 'tokA', { lang: 'en' }, facts);
    await agree(deps, 'doc1', 'tokB', { lang: 'en' }, facts);
    expect(mem.docs.get('doc1')!.status).toBe('NeedVConfirm');
    expect(jobs.filter((j) => j.queue === 'seal')).toEqual([]);
  });

  it('refuses every signing action on a document waiting for video confirmation (409)', async () => {
    const { deps, mem } = setup('vsign');
    mem.docs.set('doc1', { ...mem.docs.get('doc1')!, status: 'NeedVConfirm' });
    const rows = mem.recipients.get('doc1')!;
    rows[1] = { ...rows[1]!, video: recordedVideo(1) };
    for (const call of [
      () => agree(deps, 'doc1', 'tokA', { lang: 'en' }, facts),
      () => deny(deps, 'doc1', 'tokA', { reason: 'No', lang: 'en' }, facts),
      () => applySigns(deps, 'doc1', 'tokA', { signs: [] }),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 409, code: 'errors.invalidTransition' });
    }
    expect(mem.docs.get('doc1')!.status).toBe('NeedVConfirm');
  });

  it('a denial notifies every participant, the denier included (issue #14)', async () => {
    const { deps, jobs } = setup();
    await deny(deps, 'doc1', 'tokA', { reason: ' Wrong price ', lang: 'en' }, facts);
    const to = jobs
      .filter((j) => j.queue === 'notify')
      .map((j) => (j.job as { to: string | string[] }).to)
      .flat();
    expect(to.sort()).toEqual(['+819012345678', 'ann@example.com', 'owner@example.com']);
  });

  it('resend revokes the old token and keys the new request by the new token', async () => {
    const { deps, mem, jobs } = setup();
    const owner = { sub: 'owner-1', email: 'owner@example.com', emailVerified: true, name: 'Owner' };
    await resendRequest(deps, owner, 'doc1', 2, facts);
    expect(mem.tokens.has(hashSignerToken('tokB'))).toBe(false);
    const job = jobs.find((j) => j.queue === 'notify')!.job as { idempotencyKey: string; text: string };
    const token = /outsign\/doc1\/([A-Za-z0-9_-]{43})/.exec(job.text)![1]!;
    expect(job.idempotencyKey).toBe(`sign-request#doc1#2#${hashSignerToken(token).slice(0, 16)}`);
    await expect(getSignerView(deps, 'doc1', 'tokB')).rejects.toMatchObject({ status: 404 });
    expect((await getSignerView(deps, 'doc1', token)).me.index).toBe(2);
    await expect(resendRequest(deps, owner, 'doc1', 0, facts)).rejects.toMatchObject({ status: 404 });
    await expect(resendRequest(deps, { ...owner, sub: 'someone' }, 'doc1', 2, facts)).rejects.toMatchObject({
      status: 404,
    });
  });
});
