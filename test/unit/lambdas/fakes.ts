import type { UserChanges, UserRecord, UserRepository } from '../../../lambdas/adapters/dynamo/repository';
import type {
  CreateUserResult,
  IdentityDirectory,
  IdentityProfile,
  JobQueue,
  ObjectStorage,
  VerificationCodeRecord,
  VerificationCodeStore,
} from '../../../lambdas/ports';
import {
  conflictError,
  type AddressBookRecord,
  type DocumentChanges,
  type DocumentRecord,
  type DocumentRepository,
  type Expected,
  type HistoryRecord,
  type OuterUserRecord,
  type RecipientRecord,
  type SignerRepository,
  type SignerTokenRecord,
  type SignRecord,
} from '../../../lambdas/adapters/dynamo/documents';
import type { DocumentStatus } from '../../../shared/domain/status';
import type { WorkerName } from '../../../shared/api/routes';
import { notifyJobSchema } from '../../../lambdas/jobs';

/** The user repository in memory, counting writes. */
export class InMemoryUsers implements UserRepository {
  readonly records = new Map<string, UserRecord>();
  writes = 0;

  async getById(userId: string) {
    return this.records.get(userId) ?? null;
  }

  async createIfAbsent(user: UserRecord) {
    this.writes += 1;
    const existing = this.records.get(user.userId);
    if (existing) return existing;
    this.records.set(user.userId, user);
    return user;
  }

  async update(userId: string, changes: UserChanges) {
    this.writes += 1;
    const record: Record<string, unknown> = { ...this.records.get(userId)! };
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) delete record[k];
      else if (v !== undefined) record[k] = v;
    }
    this.records.set(userId, record as UserRecord);
    return record as UserRecord;
  }
}

/** The user directory in memory: e-mail → account. */
export class FakeDirectory implements IdentityDirectory {
  readonly users = new Map<
    string,
    {
      sub: string;
      name: string;
      password: string;
      disabled: boolean;
      signedOut?: boolean;
      emailVerified?: boolean;
    }
  >();
  profile: IdentityProfile | null = null;

  async getProfile() {
    return this.profile;
  }

  async emailExists(email: string) {
    return this.users.has(email);
  }

  async markEmailVerified(sub: string) {
    for (const u of this.users.values()) if (u.sub === sub) u.emailVerified = true;
  }

  async signOutEverywhere(sub: string) {
    for (const u of this.users.values()) if (u.sub === sub) u.signedOut = true;
  }

  async createUser(input: { email: string; password: string; name: string }): Promise<CreateUserResult> {
    if (this.users.has(input.email)) return { ok: false, reason: 'emailTaken' };
    const sub = `sub-${this.users.size + 1}`;
    this.users.set(input.email, { sub, name: input.name, password: input.password, disabled: false });
    return { ok: true, sub };
  }

  async disableUser(sub: string) {
    for (const u of this.users.values()) if (u.sub === sub) u.disabled = true;
  }
}

/** The verification codes in memory, with the store's conditions. */
export class InMemoryCodes implements VerificationCodeStore {
  readonly records = new Map<string, VerificationCodeRecord>();

  async put(record: VerificationCodeRecord) {
    this.records.set(record.codeId, record);
  }

  async countAttempt(codeId: string, maxAttempts: number) {
    const r = this.records.get(codeId);
    if (!r || r.attempts >= maxAttempts) return null;
    const next = { ...r, attempts: r.attempts + 1 };
    this.records.set(codeId, next);
    return next;
  }

  async consume(codeId: string, codeHash: string) {
    if (this.records.get(codeId)?.codeHash !== codeHash) return false;
    this.records.delete(codeId);
    return true;
  }
}

/** A job queue that keeps the e-mails queued for the notify job. */
export class QueuedMail implements JobQueue {
  readonly sent: { to: readonly string[]; subject: string; text: string }[] = [];

  async check() {}

  async enqueue(queue: WorkerName, job: unknown) {
    const parsed = notifyJobSchema.parse(job);
    if (queue === 'notify' && parsed.kind === 'email') this.sent.push(parsed);
    return { messageId: `m-${this.sent.length}` };
  }

  /** The six-digit code of the last mail to this address. */
  codeFor(email: string): string {
    const mail = this.sent.filter((m) => m.to.includes(email)).at(-1);
    return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
  }
}

export const directoryWith = (profile: IdentityProfile | null): FakeDirectory => {
  const d = new FakeDirectory();
  d.profile = profile;
  return d;
};

/** The document and signer repositories in memory. Every read and status change yields to the event
 *  loop first, so concurrent use cases interleave as they would against DynamoDB. */
export class InMemoryDocuments implements DocumentRepository, SignerRepository {
  readonly docs = new Map<string, DocumentRecord>();
  readonly recipients = new Map<string, RecipientRecord[]>();
  readonly history: HistoryRecord[] = [];
  readonly tokens = new Map<string, SignerTokenRecord>();
  readonly book = new Map<string, AddressBookRecord>();
  readonly outer = new Map<string, OuterUserRecord>();
  signs: SignRecord[] = [];

  private async tick() {
    await new Promise((r) => setImmediate(r));
  }
  async createDocument(doc: DocumentRecord, recipients: RecipientRecord[] = []) {
    this.docs.set(doc.docuId, doc);
    if (recipients.length) this.recipients.set(doc.docuId, [...recipients]);
    return doc;
  }
  async getDocument(docuId: string) {
    await this.tick();
    return this.docs.get(docuId) ?? null;
  }
  async listRecipients(docuId: string) {
    await this.tick();
    return [...(this.recipients.get(docuId) ?? [])].sort((a, b) => a.index - b.index);
  }
  async updateDocument(docuId: string, expected: Expected, changes: DocumentChanges) {
    await this.changeStatus(docuId, expected, expected.status, changes);
  }
  async changeStatus(
    docuId: string,
    expected: Expected,
    to: DocumentStatus,
    changes: DocumentChanges = {},
    extra: {
      putRecipients?: RecipientRecord[];
      deleteRecipients?: number[];
      putTokens?: SignerTokenRecord[];
      deleteTokens?: string[];
    } = {},
  ) {
    await this.tick();
    const doc = this.docs.get(docuId)!;
    if (doc.status !== expected.status || doc.version !== expected.version) throw conflictError(docuId);
    const next: Record<string, unknown> = { ...doc, status: to, version: doc.version + 1 };
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) delete next[k];
      else if (v !== undefined) next[k] = v;
    }
    this.docs.set(docuId, next as DocumentRecord);
    let list = (this.recipients.get(docuId) ?? []).filter(
      (r) => !(extra.deleteRecipients ?? []).includes(r.index),
    );
    for (const r of extra.putRecipients ?? []) list = [...list.filter((x) => x.index !== r.index), r];
    this.recipients.set(docuId, list);
    for (const t of extra.putTokens ?? []) this.tokens.set(t.tokenHash, t);
    for (const h of extra.deleteTokens ?? []) this.tokens.delete(h);
  }
  async addHistory(item: HistoryRecord) {
    this.history.push(item);
  }
  async listHistory(docuId: string) {
    return this.history.filter((h) => h.docuId === docuId);
  }
  async getToken(hash: string) {
    return this.tokens.get(hash) ?? null;
  }
  async upsertAddressBook(entries: AddressBookRecord[]) {
    for (const e of entries) this.book.set(`${e.ownerId}#${e.contact}`, e);
  }
  async listAddressBook(ownerId: string) {
    return [...this.book.values()].filter((e) => e.ownerId === ownerId);
  }
  async latestDrafts(ownerId: string, limit: number) {
    const drafts = ['Ready', 'Upload', 'AddRcpt', 'SetPos'];
    return [...this.docs.values()]
      .filter((d) => d.ownerId === ownerId && drafts.includes(d.status))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, limit);
  }
  async putToken(t: SignerTokenRecord) {
    this.tokens.set(t.tokenHash, t);
  }
  async findOrCreateOuterUser(input: OuterUserRecord) {
    const key = `${input.contact}#${input.name}`;
    if (!this.outer.has(key)) this.outer.set(key, input);
    return this.outer.get(key)!;
  }
  async getOuterUser(contact: string, name: string) {
    return this.outer.get(`${contact}#${name}`) ?? null;
  }
  async putSign(sign: SignRecord) {
    this.signs.push(sign);
  }
  async listSigns(kind: 'user' | 'outer', id: string) {
    return this.signs.filter((s) => s.ownerKind === kind && s.ownerId === id);
  }
  async deleteSign(kind: 'user' | 'outer', id: string, signId: string) {
    this.signs = this.signs.filter((s) => !(s.ownerKind === kind && s.ownerId === id && s.signId === signId));
  }
}

/** Object storage that stores nothing: presigned URLs are fixed strings. */
export const nullStorage: ObjectStorage = {
  check: async () => undefined,
  presignUpload: async (key) => ({ url: 'http://s3', fields: {}, key, expiresAt: '' }),
  presignDownload: async (key) => `http://s3/${key}`,
  head: async () => null,
  getBytes: async () => new Uint8Array(0),
  put: async () => ({}),
  deleteMany: async () => undefined,
};

/** nullStorage in which the original recorded on each document is there, as it was accepted. */
export function storageWithOriginals(
  docs: InMemoryDocuments,
  base: ObjectStorage = nullStorage,
): ObjectStorage {
  return {
    ...base,
    head: async (key) => {
      const doc = [...docs.docs.values()].find((d) => d.fileKey === key);
      if (!doc) return base.head(key);
      return { size: doc.sizeBytes ?? 0, contentType: 'application/pdf', etag: doc.fileEtag ?? undefined };
    },
  };
}
