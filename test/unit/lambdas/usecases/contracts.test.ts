// Contract management (issue #7) against in-memory repositories: access (owner, verified contractor,
// anyone else → 404), lists by tab with cursors, details, activity, download of the final or the
// original, mail rules, delete (items, tokens, objects; refused while Generating; twice → 404), and
// the contractor's own signer link beside the e-mailed one.
import { memoryLimits } from '../rate-limiter-fake';
import type { ContractRepository, Page } from '../../../../lambdas/adapters/dynamo/contracts';
import {
  conflictError,
  type DocumentRecord,
  type Expected,
  type HistoryRecord,
  type RecipientRecord,
} from '../../../../lambdas/adapters/dynamo/documents';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import type { AuthUser } from '../../../../lambdas/core/http';
import type { JobQueue, ObjectStorage } from '../../../../lambdas/ports';
import {
  finalKeyOf,
  recordedObjectKeys,
  type ContractDeps,
} from '../../../../lambdas/usecases/contract-access';
import {
  contractorSignerLink,
  deleteDocument,
  downloadDocument,
  mailDocument,
} from '../../../../lambdas/usecases/contract-actions';
import {
  activity,
  contractDetails,
  contractStatus,
  listContracts,
} from '../../../../lambdas/usecases/contracts';
import { hashSignerToken } from '../../../../lambdas/usecases/signer-tokens';
import { getSignerView } from '../../../../lambdas/usecases/signing';
import type { SigningDeps } from '../../../../lambdas/usecases/signer-link';
import {
  DOCUMENT_LIST_TAB,
  type DocumentListTab,
  type DocumentStatus,
} from '../../../../shared/domain/status';
import { InMemoryDocuments, nullStorage, storageWithOriginals } from '../fakes';

/** The contract queries over the in-memory documents; cursors are offsets, as opaque as ElectroDB's. */
class InMemoryContracts extends InMemoryDocuments implements ContractRepository {
  queries = 0;

  async listOwnedDocuments(ownerId: string, tab: DocumentListTab, limit: number, cursor: string | null) {
    this.queries += 1;
    const all = [...this.docs.values()]
      .filter((d) => d.ownerId === ownerId && DOCUMENT_LIST_TAB[d.status] === tab)
      .sort((a, b) => `${b.createdAt}${b.docuId}`.localeCompare(`${a.createdAt}${a.docuId}`));
    const from = cursor ? Number(cursor) : 0;
    const items = all.slice(from, from + limit);
    return {
      items,
      cursor: from + limit < all.length ? String(from + limit) : null,
    } satisfies Page<DocumentRecord>;
  }
  async recipientsByContact(contact: string) {
    return [...this.recipients.values()].flat().filter((r) => r.contact === contact);
  }
  async getDocuments(ids: readonly string[]) {
    return [...new Set(ids)].flatMap((id) => (this.docs.has(id) ? [this.docs.get(id)!] : []));
  }
  async latestHistory(docuId: string) {
    return (
      this.history.filter((h) => h.docuId === docuId).sort((a, b) => b.itemId.localeCompare(a.itemId))[0] ??
      null
    );
  }
  async ownerActivity(ownerId: string, limit: number) {
    return this.history
      .filter((h) => h.ownerId === ownerId)
      .sort((a, b) => b.itemId.localeCompare(a.itemId))
      .slice(0, limit);
  }
  async deleteDocument(docuId: string, expected: Expected, indexes: readonly number[]) {
    const doc = this.docs.get(docuId);
    if (!doc || doc.status !== expected.status || doc.version !== expected.version)
      throw conflictError(docuId);
    this.docs.delete(docuId);
    const left = (this.recipients.get(docuId) ?? []).filter((r) => !indexes.includes(r.index));
    if (left.length) this.recipients.set(docuId, left);
    else this.recipients.delete(docuId);
  }
  async deleteTokens(hashes: readonly string[]) {
    for (const h of hashes) this.tokens.delete(h);
  }
  readonly deletedVideoHashes: { docuId: string; sha256s: readonly string[] }[] = [];
  async deleteVideoHashes(docuId: string, sha256s: readonly string[]) {
    this.deletedVideoHashes.push({ docuId, sha256s });
  }
  async deleteHistory(docuId: string) {
    for (let i = this.history.length - 1; i >= 0; i -= 1) {
      if (this.history[i]!.docuId === docuId) this.history.splice(i, 1);
    }
  }
}

const owner: AuthUser = { sub: 'owner-1', email: 'owner@example.com', emailVerified: true, name: 'Olivia' };
const contractor: AuthUser = { sub: 'user-2', email: 'Mia@Example.com', emailVerified: true, name: 'Mia' };
const stranger: AuthUser = { sub: 'user-3', email: 'x@example.com', emailVerified: true, name: 'X' };

function setup() {
  const docs = new InMemoryContracts();
  const jobs: { queue: string; job: unknown }[] = [];
  const deleted: string[] = [];
  const queue: JobQueue = {
    check: async () => undefined,
    enqueue: async (q, job) => {
      jobs.push({ queue: q, job });
      return { messageId: String(jobs.length) };
    },
  };
  const storage: ObjectStorage = storageWithOriginals(docs, {
    ...nullStorage,
    presignDownload: async (key, o) => `http://s3/${key}${o.filename ? `?name=${o.filename}` : ''}`,
    deleteMany: async (keys) => {
      deleted.push(...keys);
    },
  });
  const users = new Map<string, UserRecord>([
    [
      'owner-1',
      { userId: 'owner-1', email: 'owner@example.com', name: 'Olivia', phone: '+819012345678' } as UserRecord,
    ],
    [
      'user-2',
      { userId: 'user-2', email: 'mia@example.com', name: 'Mia', emailVerified: true } as UserRecord,
    ],
  ]);
  const deps: ContractDeps & SigningDeps = {
    docs,
    contracts: docs,
    signers: docs,
    signs: docs,
    users: { getById: async (id) => users.get(id) ?? null },
    storage,
    queue,
    limits: memoryLimits(),
    maxUploadBytes: 50_000_000,
    englishPhoneCountry: 'US',
    appUrl: 'https://app.example.com',
  };
  return { docs, jobs, deleted, deps, users };
}

let seq = 0;
function addDocument(
  s: ReturnType<typeof setup>,
  status: DocumentStatus,
  extra: Partial<DocumentRecord> & { recipients?: Partial<RecipientRecord>[] } = {},
): DocumentRecord {
  seq += 1;
  const docuId = extra.docuId ?? `doc${String(seq).padStart(4, '0')}`;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
  const doc = {
    docuId,
    id4: docuId.slice(0, 4),
    ownerId: 'owner-1',
    kind: 'esign',
    title: `Contract ${seq}`,
    status,
    fileKey: `documents/${docuId}/original.pdf`,
    originalFileName: 'c.pdf',
    pages: [{ width: 595, height: 842 }],
    createdAt: at,
    updatedAt: at,
    sentAt: at,
    version: 3,
    ...extra,
  } as DocumentRecord;
  delete (doc as { recipients?: unknown }).recipients;
  s.docs.docs.set(docuId, doc);
  const rows = (
    extra.recipients ?? [
      {
        name: 'Mia',
        contact: 'mia@example.com',
        method: 'email',
        agreement: 0,
        tokenHash: 'mailhash-' + docuId,
      },
      { name: 'Pat', contact: '+819000000001', method: 'phone', agreement: 0 },
    ]
  ).map(
    (r, index) =>
      ({ docuId, index, isOwner: false, areas: [], method: 'email', agreement: 0, ...r }) as RecipientRecord,
  );
  s.docs.recipients.set(docuId, rows);
  return doc;
}

function history(
  s: ReturnType<typeof setup>,
  docuId: string,
  action: HistoryRecord['action'],
  second: number,
) {
  const time = new Date(Date.UTC(2026, 1, 1, 0, 0, second)).toISOString();
  s.docs.history.push({
    docuId,
    ownerId: 'owner-1',
    itemId: `${time}#0000`,
    time,
    action,
    actorName: 'Mia',
    actorContact: 'mia@example.com',
    actorContactMasked: 'm***@e***.com',
    ip: '',
    userAgent: '',
  });
}

describe('access', () => {
  it('gives the owner and a verified contractor the document, everyone else a 404', async () => {
    const s = setup();
    const doc = addDocument(s, 'Agree');
    await expect(contractStatus(s.deps, owner, doc.docuId)).resolves.toEqual({ status: 'Agree' });
    await expect(contractStatus(s.deps, contractor, doc.docuId)).resolves.toEqual({ status: 'Agree' });
    await expect(contractStatus(s.deps, stranger, doc.docuId)).rejects.toMatchObject({
      code: 'errors.notFound',
      status: 404,
    });
    await expect(contractStatus(s.deps, owner, 'missing')).rejects.toMatchObject({ status: 404 });
  });

  it('does not match an unverified e-mail, nor a draft that was not sent', async () => {
    const s = setup();
    s.users.set('user-2', { ...s.users.get('user-2')!, emailVerified: false });
    const sent = addDocument(s, 'Agree');
    const unverified = { ...contractor, emailVerified: false };
    await expect(contractStatus(s.deps, unverified, sent.docuId)).rejects.toMatchObject({ status: 404 });
    const draft = addDocument(s, 'SetPos');
    await expect(contractStatus(s.deps, contractor, draft.docuId)).rejects.toMatchObject({ status: 404 });
  });
});

describe('listContracts', () => {
  it("pages the owner's tab newest first with an opaque cursor, badges from the recipients", async () => {
    const s = setup();
    const made = Array.from({ length: 5 }, () => addDocument(s, 'Agree'));
    addDocument(s, 'Completed');
    history(s, made[4]!.docuId, 'agree', 7);
    const first = await listContracts(s.deps, owner, { tab: 'pending', role: 'owner', limit: 2 });
    expect(first.items.map((c) => c.docuId)).toEqual([made[4]!.docuId, made[3]!.docuId]);
    expect(first.items[0]!.lastActivityAt).toBe('2026-02-01T00:00:07.000Z');
    expect(first.items[0]!.recipients[0]).toMatchObject({
      name: 'Mia',
      contact: 'mia@example.com',
      agreement: 0,
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listContracts(s.deps, owner, {
      tab: 'pending',
      role: 'owner',
      limit: 2,
      cursor: first.nextCursor!,
    });
    expect(second.items.map((c) => c.docuId)).toEqual([made[2]!.docuId, made[1]!.docuId]);
    const third = await listContracts(s.deps, owner, {
      tab: 'pending',
      role: 'owner',
      limit: 2,
      cursor: second.nextCursor!,
    });
    expect(third.items.map((c) => c.docuId)).toEqual([made[0]!.docuId]);
    expect(third.nextCursor).toBeNull();
    const signed = await listContracts(s.deps, owner, { tab: 'signed', role: 'owner', limit: 20 });
    expect(signed.items.map((c) => c.status)).toEqual(['Completed']);
  });

  it('refuses a tampered cursor with 400', async () => {
    const s = setup();
    for (const cursor of ['%%%', Buffer.from('{"k":"contractor","o":1}').toString('base64url')]) {
      await expect(
        listContracts(s.deps, owner, { tab: 'pending', role: 'owner', limit: 2, cursor }),
      ).rejects.toMatchObject({ code: 'errors.badCursor', status: 400 });
    }
  });

  it("lists a contractor's sent documents by tab, masking the other parties' contacts", async () => {
    const s = setup();
    const sent = addDocument(s, 'Agree');
    addDocument(s, 'SetPos');
    const done = addDocument(s, 'Generating');
    const pending = await listContracts(s.deps, contractor, {
      tab: 'pending',
      role: 'contractor',
      limit: 20,
    });
    expect(pending.items.map((c) => c.docuId)).toEqual([sent.docuId]);
    const card = pending.items[0]!;
    expect(card.role).toBe('contractor');
    expect(card.recipients[0]).toMatchObject({ me: true, contact: 'mia@example.com' });
    expect(card.recipients[1]).toMatchObject({ me: false, contact: null, contactMasked: '+81********01' });
    const signed = await listContracts(s.deps, contractor, { tab: 'signed', role: 'contractor', limit: 20 });
    expect(signed.items.map((c) => c.docuId)).toEqual([done.docuId]);
    const none = await listContracts(s.deps, stranger, { tab: 'pending', role: 'contractor', limit: 20 });
    expect(none.items).toEqual([]);
  });

  it('pages a contractor list with its own cursor', async () => {
    const s = setup();
    const a = addDocument(s, 'Agree');
    const b = addDocument(s, 'Agree');
    const first = await listContracts(s.deps, contractor, { tab: 'pending', role: 'contractor', limit: 1 });
    expect(first.items.map((c) => c.docuId)).toEqual([b.docuId]);
    const second = await listContracts(s.deps, contractor, {
      tab: 'pending',
      role: 'contractor',
      limit: 1,
      cursor: first.nextCursor!,
    });
    expect(second.items.map((c) => c.docuId)).toEqual([a.docuId]);
    expect(second.nextCursor).toBeNull();
  });

  it('shows the reason of a denied contractor', async () => {
    const s = setup();
    const doc = addDocument(s, 'Reject', {
      recipients: [{ name: 'Mia', contact: 'mia@example.com', agreement: 2, denyReason: 'Wrong amount' }],
    });
    const list = await listContracts(s.deps, owner, { tab: 'pending', role: 'owner', limit: 20 });
    expect(list.items.find((c) => c.docuId === doc.docuId)!.recipients[0]).toMatchObject({
      agreement: 2,
      denyReason: 'Wrong amount',
    });
  });
});

describe('details and activity', () => {
  it('gives the requester, the document facts and the history newest first', async () => {
    const s = setup();
    const doc = addDocument(s, 'Agree', { sizeBytes: 1234, sha256: 'ab'.repeat(32) });
    history(s, doc.docuId, 'upload', 1);
    history(s, doc.docuId, 'transfer', 2);
    const details = await contractDetails(s.deps, owner, doc.docuId);
    expect(details.requester).toEqual({ name: 'Olivia', email: 'owner@example.com', phone: '+819012345678' });
    expect(details.document).toMatchObject({ pageCount: 1, sizeBytes: 1234, originalFileName: 'c.pdf' });
    expect(details.history.map((h) => h.action)).toEqual(['transfer', 'upload']);
    await expect(contractDetails(s.deps, stranger, doc.docuId)).rejects.toMatchObject({ status: 404 });
  });

  it("shows the latest 10 history items across the owner's documents, with titles", async () => {
    const s = setup();
    const a = addDocument(s, 'Agree');
    const b = addDocument(s, 'Agree');
    for (let i = 0; i < 12; i += 1) history(s, i % 2 ? a.docuId : b.docuId, 'transfer', i);
    const res = await activity(s.deps, owner);
    expect(res.items).toHaveLength(10);
    expect(res.items[0]).toMatchObject({
      docuId: a.docuId,
      title: a.title,
      time: '2026-02-01T00:00:11.000Z',
    });
    expect(res.items[9]!.time).toBe('2026-02-01T00:00:02.000Z');
  });
});

describe('download and mail', () => {
  it('downloads the original until a final PDF is recorded, then the final', async () => {
    const s = setup();
    const doc = addDocument(s, 'Agree', { title: 'Lease' });
    const before = await downloadDocument(s.deps, owner, doc.docuId);
    expect(before).toMatchObject({ final: false, fileName: 'Lease-DOC0.pdf' });
    expect(before.url).toContain(`documents/${doc.docuId}/original.pdf?name=Lease-DOC0.pdf`);
    expect(before.viewUrl).toBe(`http://s3/documents/${doc.docuId}/original.pdf`);
    s.docs.docs.set(doc.docuId, { ...doc, status: 'Completed', finalKey: 'final/x.pdf' });
    const after = await downloadDocument(s.deps, owner, doc.docuId);
    expect(after).toMatchObject({ final: true, fileName: 'Lease-DOC0-signed.pdf' });
    expect(after.viewUrl).toBe('http://s3/final/x.pdf');
  });

  it('mails a completed document with its final PDF attached; refuses others and bad addresses', async () => {
    const s = setup();
    const agreeDoc = addDocument(s, 'Agree');
    await expect(
      mailDocument(s.deps, owner, agreeDoc.docuId, { email: 'to@example.com', lang: 'en' }),
    ).rejects.toMatchObject({ code: 'contracts.errors.mailNotCompleted', status: 409 });
    const done = addDocument(s, 'Completed', { finalKey: 'final/y.pdf' });
    await expect(
      mailDocument(s.deps, owner, done.docuId, { email: 'not-an-address', lang: 'en' }),
    ).rejects.toMatchObject({ code: 'contractors.errors.invalidEmail', status: 400 });
    await expect(
      mailDocument(s.deps, contractor, done.docuId, { email: 'to@example.com', lang: 'en' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      mailDocument(s.deps, owner, done.docuId, { email: 'To@Example.com', lang: 'jp' }),
    ).resolves.toEqual({ sent: true });
    expect(s.jobs).toHaveLength(1);
    expect(s.jobs[0]).toMatchObject({
      queue: 'notify',
      job: {
        kind: 'email',
        to: ['to@example.com'],
        attachments: [{ key: 'final/y.pdf', contentType: 'application/pdf' }],
      },
    });
    expect((s.jobs[0]!.job as { subject: string }).subject).toContain('署名済み');
  });

  it('finds the final key only when the sealing recorded one', () => {
    expect(finalKeyOf({ docuId: 'd' } as DocumentRecord)).toBeNull();
    expect(finalKeyOf({ docuId: 'd', finalKey: 'k' } as DocumentRecord)).toBe('k');
  });
});

describe('deleteDocument', () => {
  it("removes a sealed contract's video hash records (verify forgets its videos), none for an unsealed one", async () => {
    const s = setup();
    const sealed = { ...addDocument(s, 'Completed'), finalSha256: 'f'.repeat(64) };
    s.docs.docs.set(sealed.docuId, sealed);
    const video = (sha256: string) =>
      ({ sha256, key: 'k', contentType: 'video/webm', sizeBytes: 2000 }) as unknown as NonNullable<
        RecipientRecord['video']
      >;
    s.docs.recipients.get(sealed.docuId)![0]!.video = video('a'.repeat(64));
    await deleteDocument(s.deps, owner, sealed.docuId);
    expect(s.docs.deletedVideoHashes).toEqual([{ docuId: sealed.docuId, sha256s: ['a'.repeat(64)] }]);

    const draft = addDocument(s, 'Agree');
    s.docs.recipients.get(draft.docuId)![0]!.video = video('b'.repeat(64));
    await deleteDocument(s.deps, owner, draft.docuId);
    expect(s.docs.deletedVideoHashes).toHaveLength(1);
  });

  it('removes the document, recipients, tokens, history and every recorded object; twice → 404', async () => {
    const s = setup();
    const base = addDocument(s, 'Completed');
    const doc = {
      ...base,
      finalKey: `documents/${base.docuId}/final-1.pdf`,
      certificateKey: `documents/${base.docuId}/certificate.pdf`,
    };
    s.docs.docs.set(doc.docuId, doc);
    s.docs.recipients.get(doc.docuId)![0]!.signImageKey = 'signs/user/owner-1/s1.png';
    s.docs.tokens.set('mailhash-' + doc.docuId, {
      tokenHash: 'mailhash-' + doc.docuId,
      docuId: doc.docuId,
      recipientIndex: 0,
      createdAt: '',
      expiresAt: '2099-01-01T00:00:00.000Z',
      ttl: 0,
    });
    history(s, doc.docuId, 'upload', 1);
    await expect(deleteDocument(s.deps, contractor, doc.docuId)).rejects.toMatchObject({ status: 404 });
    await expect(deleteDocument(s.deps, owner, doc.docuId)).resolves.toEqual({ deleted: true });
    expect(s.docs.docs.has(doc.docuId)).toBe(false);
    expect(s.docs.recipients.has(doc.docuId)).toBe(false);
    expect(s.docs.tokens.size).toBe(0);
    expect(s.docs.history.filter((h) => h.docuId === doc.docuId)).toEqual([]);
    // The owner's sign image belongs to their sign list and is kept.
    expect(s.deleted.sort()).toEqual(
      [
        `documents/${doc.docuId}/certificate.pdf`,
        `documents/${doc.docuId}/final-1.pdf`,
        `documents/${doc.docuId}/original.pdf`,
      ].sort(),
    );
    await expect(deleteDocument(s.deps, owner, doc.docuId)).rejects.toMatchObject({
      code: 'errors.notFound',
      status: 404,
    });
  });

  it('refuses while the document is being sealed', async () => {
    const s = setup();
    const doc = addDocument(s, 'Generating');
    await expect(deleteDocument(s.deps, owner, doc.docuId)).rejects.toMatchObject({
      code: 'contracts.errors.deleteWhileSealing',
      status: 409,
    });
    expect(s.docs.docs.has(doc.docuId)).toBe(true);
  });

  it("collects the document's own keys at any depth of the document and its recipients", () => {
    const doc = {
      docuId: 'd1',
      fileKey: 'documents/d1/original.pdf',
      finalKey: 'documents/d1/final-2.pdf',
      later: { key: 'documents/d1/x.bin' },
    } as unknown as DocumentRecord;
    const rows = [
      { index: 0, video: { key: 'documents/d1/v.webm' }, signImageKey: 'signs/outer/o1/s.png' },
    ] as unknown as RecipientRecord[];
    expect(recordedObjectKeys(doc, rows).sort()).toEqual([
      'documents/d1/final-2.pdf',
      'documents/d1/original.pdf',
      'documents/d1/v.webm',
      'documents/d1/x.bin',
    ]);
  });

  it("adds the original's page images (issue #33), named after its key rather than recorded", () => {
    const doc = {
      docuId: 'd1',
      fileKey: 'documents/d1/original-ab.pdf',
      pageImages: 2,
    } as unknown as DocumentRecord;
    expect(recordedObjectKeys(doc, []).sort()).toEqual([
      'documents/d1/original-ab.page-1.webp',
      'documents/d1/original-ab.page-2.webp',
      'documents/d1/original-ab.pdf',
      'documents/d1/original.pdf', // the legacy key, always
    ]);
    expect(recordedObjectKeys({ ...doc, pageImages: 0 }, [])).not.toContain(
      'documents/d1/original-ab.page-1.webp',
    );
  });
});

describe('contractorSignerLink', () => {
  it('issues a link that opens the signer view, keeps the e-mailed link, and replaces the previous one', async () => {
    const s = setup();
    const doc = addDocument(s, 'Agree');
    const mailToken = 'mail-token';
    const mailHash = hashSignerToken(mailToken);
    s.docs.recipients.get(doc.docuId)![0]!.tokenHash = mailHash;
    s.docs.tokens.set(mailHash, {
      tokenHash: mailHash,
      docuId: doc.docuId,
      recipientIndex: 0,
      createdAt: '',
      expiresAt: '2099-01-01T00:00:00.000Z',
      ttl: 0,
    });
    const first = await contractorSignerLink(s.deps, contractor, doc.docuId, { lang: 'en' });
    expect(first.path).toMatch(new RegExp(`^/en/outsign/${doc.docuId}/[A-Za-z0-9_-]{43}$`));
    const token1 = first.path.split('/').pop()!;
    await expect(getSignerView(s.deps, doc.docuId, token1)).resolves.toMatchObject({ me: { index: 0 } });
    await expect(getSignerView(s.deps, doc.docuId, mailToken)).resolves.toMatchObject({ me: { index: 0 } });
    const second = await contractorSignerLink(s.deps, contractor, doc.docuId, { lang: 'en' });
    const token2 = second.path.split('/').pop()!;
    await expect(getSignerView(s.deps, doc.docuId, token2)).resolves.toMatchObject({ me: { index: 0 } });
    await expect(getSignerView(s.deps, doc.docuId, token1)).rejects.toMatchObject({
      code: 'signing.errors.invalidLink',
    });
  });

  it('refuses the owner, a stranger (404) and a contractor who already signed (409)', async () => {
    const s = setup();
    const doc = addDocument(s, 'Agree');
    await expect(contractorSignerLink(s.deps, owner, doc.docuId, { lang: 'en' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(contractorSignerLink(s.deps, stranger, doc.docuId, { lang: 'en' })).rejects.toMatchObject({
      status: 404,
    });
    s.docs.recipients.get(doc.docuId)![0]!.agreement = 1;
    await expect(contractorSignerLink(s.deps, contractor, doc.docuId, { lang: 'en' })).rejects.toMatchObject({
      code: 'contracts.errors.nothingToSign',
      status: 409,
    });
  });
});
