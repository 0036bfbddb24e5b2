// The pure parts of the creation funnel's use cases (issue #4): the upload check, signer tokens,
// phone countries, the request messages — and the use-case rules against an in-memory repository.
import { memoryLimits } from '../rate-limiter-fake';
import { createHash } from 'node:crypto';
import { jest } from '@jest/globals';
import { PDFDocument, PDFName } from 'pdf-lib';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import { InMemoryDocuments, nullStorage } from '../fakes';
import type { AuthUser } from '../../../../lambdas/core/http';
import type { JobQueue } from '../../../../lambdas/ports';
import { checkPdfBytes } from '../../../../lambdas/usecases/uploads';
import { entitlementForSend, sendDocument } from '../../../../lambdas/usecases/sending';
import { createDocument, getDocument, updateDocument } from '../../../../lambdas/usecases/documents';
import { hashSignerToken, newSignerToken, signRequestJob } from '../../../../lambdas/usecases/signer-tokens';
import { legacyOriginalKey, type DocumentDeps } from '../../../../lambdas/usecases/document-access';
import { phoneCountryFor, saveAreas, saveRecipients } from '../../../../lambdas/usecases/recipients';

async function pdf(sizes: [number, number][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const s of sizes) doc.addPage(s);
  return doc.save();
}

describe('checkPdfBytes', () => {
  it('records page count, page sizes in points, size and SHA-256 of a real PDF', async () => {
    const bytes = await pdf([
      [595.28, 841.89],
      [612, 792],
    ]);
    const res = await checkPdfBytes(bytes, 50_000_000);
    expect(res).toEqual({
      formFields: [],
      ok: true,
      pageCount: 2,
      pages: [
        { width: 595.28, height: 841.89 },
        { width: 612, height: 792 },
      ],
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  });

  it.each([
    ['an empty file', new Uint8Array(0), 'upload.errors.empty'],
    ['a text file', new TextEncoder().encode('hello, not a pdf'), 'upload.errors.notPdf'],
    ['a broken PDF', new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<'), 'upload.errors.notPdf'],
  ])('refuses %s', async (_what, bytes, code) => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined); // pdf-lib's parser notes
    expect(await checkPdfBytes(bytes, 50_000_000)).toEqual({ ok: false, code });
  });

  it('refuses a file over the limit before reading it as a PDF', async () => {
    const bytes = await pdf([[200, 200]]);
    expect(await checkPdfBytes(bytes, bytes.length - 1)).toEqual({
      ok: false,
      code: 'upload.errors.tooLarge',
    });
    expect((await checkPdfBytes(bytes, bytes.length)).ok).toBe(true);
  });

  it('refuses an encrypted PDF as encrypted', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    doc.context.trailerInfo.Encrypt = doc.context.register(
      doc.context.obj({ Filter: 'Standard', V: 1, R: 2, O: PDFName.of('o'), U: PDFName.of('u'), P: -4 }),
    );
    const bytes = await doc.save({ useObjectStreams: false });
    expect(await checkPdfBytes(bytes, 50_000_000)).toEqual({ ok: false, code: 'upload.errors.encrypted' });
  });
});

describe('signer tokens', () => {
  it('are 256 random bits in base64url (43 characters), different every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newSignerToken()));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as their SHA-256 in lower-case hex', () => {
    expect(hashSignerToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const t = newSignerToken();
    expect(hashSignerToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSignerToken(t)).not.toContain(t);
  });
});

describe('phone country by language', () => {
  it('is JP for jp, KR for ko, the configured country for en', () => {
    expect(phoneCountryFor('jp', 'US')).toBe('JP');
    expect(phoneCountryFor('ko', 'US')).toBe('KR');
    expect(phoneCountryFor('en', 'GB')).toBe('GB');
  });
});

describe('signRequestJob', () => {
  const base = {
    docuId: 'd1',
    index: 2,
    ownerName: 'Alex <Owner>',
    title: 'NDA',
    link: 'https://app.example.com/ko/outsign/d1/TOKEN',
  };

  it('writes an e-mail in the chosen language with the link, and escapes the HTML', () => {
    const job = signRequestJob({
      ...base,
      lang: 'ko',
      recipient: { name: '민준', contact: 'm@example.com', method: 'email' },
    });
    expect(job.kind).toBe('email');
    if (job.kind !== 'email') return;
    expect(job.idempotencyKey).toBe('sign-request#d1#2');
    expect(job.to).toEqual(['m@example.com']);
    expect(job.subject).toContain('서명');
    expect(job.subject).toContain('NDA');
    expect(job.text).toContain(base.link);
    expect(job.text).toContain('30');
    expect(job.text).not.toContain('{{');
    expect(job.html).toContain(`href="${base.link}"`);
    expect(job.html).toContain('Alex &lt;Owner&gt;');
  });

  it('writes a short SMS with the link for a phone contractor', () => {
    const job = signRequestJob({
      ...base,
      lang: 'jp',
      title: '',
      recipient: { name: '太郎', contact: '+819012345678', method: 'phone' },
    });
    expect(job).toMatchObject({ kind: 'sms', to: '+819012345678', idempotencyKey: 'sign-request#d1#2' });
    if (job.kind !== 'sms') return;
    expect(job.text).toContain(base.link);
    expect(job.text).toContain('無題の契約書');
    expect(job.text.length).toBeLessThan(200);
  });
});

const OWNER_RECORD = {
  userId: 'owner-1',
  email: 'owner@example.com',
  name: 'Owner',
  plan: 'trial',
  validDate: '2099-01-01T00:00:00.000Z',
  availableTickets: 100,
  createdAt: '2026-01-01T00:00:00.000Z',
} as UserRecord;

describe('entitlementForSend', () => {
  const now = new Date('2026-03-15T00:00:00.000Z');

  it('uses one trial contract, conditional on the version read', () => {
    const record = { ...OWNER_RECORD, availableTickets: 2, entitlementVersion: 7 } as UserRecord;
    const write = entitlementForSend(record, 'owner-1', undefined, now);
    expect(write).toMatchObject({ userId: 'owner-1', expectedVersion: 7, changes: { availableTickets: 1 } });
    expect(write.changes.ticketLots).toEqual([
      { source: 'trial', count: 1, addedAt: record.createdAt, expiresAt: record.validDate },
    ]);
  });

  it.each([
    ['noneLeft', { availableTickets: 0 }],
    ['trialEnded', { validDate: '2026-03-01T00:00:00.000Z' }],
    ['planEnded', { plan: 'month_personal', validDate: '2026-03-01T00:00:00.000Z', availableTickets: 0 }],
    ['monthlyLimit', { plan: 'month_personal', availableTickets: 0, usageMonth: '2026-03', usageCount: 5 }],
  ])('refuses with %s (402) and the plans link', (reason, over) => {
    const record = { ...OWNER_RECORD, ...over } as UserRecord;
    expect(() => entitlementForSend(record, 'owner-1', undefined, now)).toThrow(
      expect.objectContaining({
        code: `billing.errors.${reason}`,
        status: 402,
        details: { plansPath: '/home/select_plan' },
      }),
    );
  });
});

// --- Use cases against an in-memory repository -----------------------------------------------

const storage = nullStorage;

function setup() {
  const docs = new InMemoryDocuments();
  const jobs: { queue: string; job: unknown }[] = [];
  const queue: JobQueue = {
    check: async () => undefined,
    enqueue: async (q, job) => {
      jobs.push({ queue: q, job });
      return { messageId: String(jobs.length) };
    },
  };
  const owner: AuthUser = { sub: 'owner-1', email: 'owner@example.com', emailVerified: true, name: 'Owner' };
  const deps: DocumentDeps = {
    docs,
    signs: docs,
    users: {
      getById: async () => OWNER_RECORD,
    },
    storage,
    queue,
    limits: memoryLimits(),
    maxUploadBytes: 50_000_000,
    englishPhoneCountry: 'US',
    appUrl: 'https://app.example.com/',
  };
  return { docs, jobs, owner, deps };
}

const facts = { ip: '203.0.113.9', userAgent: 'jest' };

/** The owner's sign list holds one sign (the default, being the only one). */
function giveOwnerSign(s: ReturnType<typeof setup>, signId = 'sign-1') {
  s.docs.signs.push({
    ownerKind: 'user',
    ownerId: 'owner-1',
    signId,
    kind: 'draw',
    imageKey: `signs/user/owner-1/${signId}.png`,
    createdAt: new Date().toISOString(),
  });
}

/** A document at SetPos with the given contractors, pages A4. */
async function atSetPos(s: ReturnType<typeof setup>, contacts: string[]) {
  const { docuId } = await createDocument(s.deps, s.owner, { kind: 'esign' });
  const doc = s.docs.docs.get(docuId)!;
  s.docs.docs.set(docuId, {
    ...doc,
    status: 'Upload',
    fileKey: legacyOriginalKey(docuId),
    pages: [{ width: 595, height: 842 }],
  });
  await saveRecipients(s.deps, s.owner, docuId, {
    recipients: contacts.map((contact, i) => ({ name: `R${i}`, contact })),
    finalRecipients: [],
    lang: 'en',
  });
  await saveAreas(s.deps, s.owner, docuId, {
    areas: contacts.map((_, i) => ({
      recipientIndex: i,
      pageIndex: 0,
      x: 10,
      y: 10,
      width: 100,
      height: 30,
    })),
  });
  await updateDocument(s.deps, s.owner, docuId, { privateinfoAgree: true });
  return docuId;
}

describe('document use cases', () => {
  it("answers 404 for another owner's document", async () => {
    const s = setup();
    const { docuId } = await createDocument(s.deps, s.owner, { kind: 'esign' });
    await expect(getDocument(s.deps, { ...s.owner, sub: 'someone-else' }, docuId)).rejects.toMatchObject({
      status: 404,
      code: 'errors.notFound',
    });
  });

  it('sends one request per other contractor, with a hashed token, a notify job and a transfer item', async () => {
    const s = setup();
    const docuId = await atSetPos(s, ['OWNER@example.com', 'a@example.com', '+819012345678']);
    giveOwnerSign(s);
    const sent = await sendDocument(s.deps, s.owner, docuId, { lang: 'jp' }, facts);
    expect(sent.status).toBe('Agree');
    expect(sent.recipients[0]).toMatchObject({ isOwner: true, agreement: 1, areas: [{ signed: true }] });
    expect(s.jobs.map((j) => j.queue)).toEqual(['notify', 'notify']);
    expect(s.jobs.map((j) => (j.job as { idempotencyKey: string }).idempotencyKey)).toEqual([
      `sign-request#${docuId}#1`,
      `sign-request#${docuId}#2`,
    ]);
    const sms = s.jobs[1]!.job as { kind: string; text: string };
    expect(sms.kind).toBe('sms');
    const token = new RegExp(`https://app\\.example\\.com/jp/outsign/${docuId}/([A-Za-z0-9_-]{43})`).exec(
      sms.text,
    )![1]!;
    expect(s.docs.tokens.get(hashSignerToken(token))).toMatchObject({ docuId, recipientIndex: 2 });
    expect([...s.docs.tokens.keys()]).not.toContain(token);
    expect(s.docs.history.filter((h) => h.action === 'transfer')).toHaveLength(2);
    expect(s.docs.history[0]).toMatchObject({ action: 'agree', ip: facts.ip, userAgent: 'jest' });

    await expect(sendDocument(s.deps, s.owner, docuId, { lang: 'jp' }, facts)).rejects.toMatchObject({
      status: 409,
      code: 'errors.invalidTransition',
    });
    expect(s.jobs).toHaveLength(2);
  });

  it('seals at once when the owner is the only contractor', async () => {
    const s = setup();
    const docuId = await atSetPos(s, ['owner@example.com']);
    giveOwnerSign(s);
    const sent = await sendDocument(s.deps, s.owner, docuId, { lang: 'en' }, facts);
    expect(sent.status).toBe('Generating');
    expect(s.jobs).toEqual([{ queue: 'seal', job: { docuId } }]);
    expect(s.docs.history.map((h) => h.action)).toEqual(['agree', 'all_agree']);
  });

  it('has the owner sign at sending with the default sign: signed areas, image key, decision facts', async () => {
    const s = setup();
    const docuId = await atSetPos(s, ['a@example.com', 'owner@example.com']);
    giveOwnerSign(s, 'old');
    giveOwnerSign(s, 'chosen');
    s.deps.users.getById = async () => ({ ...OWNER_RECORD, defaultSignId: 'chosen' }) as UserRecord;
    await sendDocument(s.deps, s.owner, docuId, { lang: 'en' }, facts);
    const owner = s.docs.recipients.get(docuId)!.find((r) => r.isOwner)!;
    expect(owner).toMatchObject({
      agreement: 1,
      signImageKey: 'signs/user/owner-1/chosen.png',
      decidedIp: facts.ip,
      decidedUserAgent: 'jest',
      areas: [{ signed: true, signId: 'chosen' }],
    });
    expect(owner.decidedAt).toEqual(expect.any(String));
    expect(s.docs.docs.get(docuId)!.status).toBe('Agree');
    expect(s.docs.history.filter((h) => h.action === 'agree')).toEqual([
      expect.objectContaining({ actorContact: 'owner@example.com' }),
    ]);
    expect(s.jobs.map((j) => j.queue)).toEqual(['notify']);
  });

  it('refuses to send (409, nothing changes) when the owner is a contractor without a sign', async () => {
    const s = setup();
    const docuId = await atSetPos(s, ['owner@example.com', 'a@example.com']);
    const before = s.docs.docs.get(docuId)!;
    await expect(sendDocument(s.deps, s.owner, docuId, { lang: 'en' }, facts)).rejects.toMatchObject({
      status: 409,
      code: 'ownerSigns.errors.noSignToSend',
    });
    expect(s.docs.docs.get(docuId)).toEqual(before);
    expect(s.jobs).toHaveLength(0);
    expect(s.docs.tokens.size).toBe(0);
  });

  it("refuses to send (400, nothing changes) while a required field of the owner's row is empty", async () => {
    const s = setup();
    const docuId = await atSetPos(s, ['owner@example.com', 'a@example.com']);
    giveOwnerSign(s);
    // A field kept on a row that became the owner's: Set Position's check never saw it.
    const rows = s.docs.recipients.get(docuId)!;
    const text = { pageIndex: 0, x: 10, y: 50, width: 100, height: 30, signed: false };
    s.docs.recipients.set(
      docuId,
      rows.map((r) =>
        r.isOwner ? { ...r, areas: [...(r.areas ?? []), { ...text, type: 'text', required: true }] } : r,
      ),
    );
    const before = s.docs.docs.get(docuId)!;
    await expect(sendDocument(s.deps, s.owner, docuId, { lang: 'en' }, facts)).rejects.toMatchObject({
      status: 400,
      code: 'fields.errors.ownerMustPrefill',
    });
    expect(s.docs.docs.get(docuId)).toEqual(before);
    expect(s.jobs).toHaveLength(0);
    // Optional, or pre-filled: sent.
    s.docs.recipients.set(
      docuId,
      rows.map((r) =>
        r.isOwner
          ? { ...r, areas: [...(r.areas ?? []), { ...text, type: 'text', required: true, value: 'Mine' }] }
          : r,
      ),
    );
    expect((await sendDocument(s.deps, s.owner, docuId, { lang: 'en' }, facts)).status).toBe('Agree');
  });

  it('requires the terms before sending', async () => {
    const s = setup();
    const docuId = await atSetPos(s, ['a@example.com']);
    await updateDocument(s.deps, s.owner, docuId, { privateinfoAgree: false });
    await expect(sendDocument(s.deps, s.owner, docuId, { lang: 'en' }, facts)).rejects.toMatchObject({
      status: 400,
      code: 'documents.send.termsRequired',
    });
  });

  it('refuses to send a document whose file was removed by a failed re-upload', async () => {
    const s = setup();
    const docuId = await atSetPos(s, ['a@example.com']);
    const doc = s.docs.docs.get(docuId)!;
    s.docs.docs.set(docuId, { ...doc, fileKey: undefined });
    await expect(sendDocument(s.deps, s.owner, docuId, { lang: 'en' }, facts)).rejects.toMatchObject({
      status: 409,
      code: 'errors.invalidTransition',
    });
    expect(s.jobs).toHaveLength(0);
  });

  it('keeps the areas of contractors who stay in place when the list is saved again', async () => {
    const s = setup();
    const docuId = await atSetPos(s, ['a@example.com', 'b@example.com']);
    const saved = await saveRecipients(s.deps, s.owner, docuId, {
      recipients: [
        { name: 'A', contact: 'a@example.com' },
        { name: 'C', contact: 'c@example.com' },
      ],
      finalRecipients: [],
      lang: 'en',
    });
    expect(saved.status).toBe('AddRcpt');
    expect(saved.recipients[0]!.areas).toHaveLength(1);
    expect(saved.recipients[1]!.areas).toEqual([]);
    const book = await s.docs.listAddressBook('owner-1');
    expect(book.map((e) => e.contact).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  it('refuses a stale write with 409 conflict', async () => {
    const s = setup();
    const docuId = await atSetPos(s, ['a@example.com']);
    const stale = s.docs.docs.get(docuId)!;
    await updateDocument(s.deps, s.owner, docuId, { title: 'first' });
    await expect(s.docs.updateDocument(docuId, stale, { title: 'second' })).rejects.toMatchObject({
      status: 409,
      code: 'errors.conflict',
    });
  });
});
