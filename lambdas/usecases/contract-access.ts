// Who may see a contract (issue #7), shared by the lists and the actions on a contract: the owner sees
// their documents; a signed-in user whose verified e-mail is a contractor's contact sees that sent
// document as a contractor. Anyone else gets 404, as for a missing document. Also the keys of the
// objects recorded on a document (its final PDF, everything a delete removes).
import { normaliseEmail } from '../../shared/domain/contact';
import { isDraft } from '../../shared/domain/status';
import type { ContractRepository } from '../adapters/dynamo/contracts';
import type { DocumentRecord, RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { legacyOriginalKey, type DocumentDeps } from './document-access';
import { pageImageKeys } from './page-images';

/** A video's playback URL lives this long: enough to watch a one-minute video, then it is spent. */
export const VIDEO_URL_SECONDS = 5 * 60;

export interface ContractDeps extends DocumentDeps {
  readonly contracts: ContractRepository;
}

export type Role = 'owner' | 'contractor';

export interface Access {
  readonly doc: DocumentRecord;
  readonly recipients: RecipientRecord[];
  readonly role: Role;
  /** The viewer's contractor row (the owner's own row when the owner is a contractor). */
  readonly me: RecipientRecord | undefined;
}

export function notFound(docuId: string): AppError {
  return new AppError('errors.notFound', `Document ${docuId} not found`, { status: 404 });
}

export function agreementOf(r: Pick<RecipientRecord, 'agreement'>): 0 | 1 | 2 {
  return r.agreement === 1 || r.agreement === 2 ? r.agreement : 0;
}

export function stateOf(value: number | undefined): 0 | 1 | 2 {
  return value === 1 || value === 2 ? value : 0;
}

/** The viewer's verified e-mail (lower case), or null: only a verified address matches contractors.
 *  Verified means the product checked a code it mailed there (the user record's address and flag,
 *  issue #13) — never the token's email_verified claim or its email, which the user pool lets a user
 *  change and cognito-local sets for everyone. */
export async function verifiedEmail(deps: ContractDeps, user: AuthUser): Promise<string | null> {
  const record = await deps.users.getById(user.sub);
  if (!record?.emailVerified || record.closed || !record.email) return null;
  return normaliseEmail(record.email);
}

/** The contractor row of this viewer on a sent document of someone else, if any. */
export function contractorRow(
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
  email: string | null,
): RecipientRecord | undefined {
  if (!email || isDraft(doc.status)) return undefined;
  return recipients.find((r) => !r.isOwner && r.contact === email);
}

/** The document as the viewer may see it: 404 when it is missing or neither theirs nor sent to them. */
export async function access(deps: ContractDeps, user: AuthUser, docuId: string): Promise<Access> {
  const doc = await deps.docs.getDocument(docuId);
  if (!doc) throw notFound(docuId);
  const recipients = await deps.docs.listRecipients(docuId);
  if (doc.ownerId === user.sub) {
    const email = user.email ? normaliseEmail(user.email) : '';
    return { doc, recipients, role: 'owner', me: recipients.find((r) => r.isOwner || r.contact === email) };
  }
  const me = contractorRow(doc, recipients, await verifiedEmail(deps, user));
  if (!me) throw notFound(docuId);
  return { doc, recipients, role: 'contractor', me };
}

export async function ownerAccess(deps: ContractDeps, user: AuthUser, docuId: string): Promise<Access> {
  const a = await access(deps, user, docuId);
  if (a.role !== 'owner') throw notFound(docuId);
  return a;
}

/** The sealed final PDF's key, once the sealing (issue #6) recorded it. */
export function finalKeyOf(doc: DocumentRecord): string | null {
  return doc.finalKey || null;
}

/** Every object of the document recorded on it or its recipients (original, final, certificate…):
 *  fields named `key` or ending in `Key`, at any depth, whose key lies under the document's own
 *  prefix. A sign image key points into its signer's sign list (used again by later contracts) and
 *  is kept. */
export function recordedObjectKeys(doc: DocumentRecord, recipients: readonly RecipientRecord[]): string[] {
  const prefixes = [`documents/${doc.docuId}/`, `uploads/${doc.docuId}/`];
  const keys = new Set<string>([legacyOriginalKey(doc.docuId)]);
  const visit = (value: unknown, depth: number) => {
    if (depth > 5 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && (k === 'key' || /[a-z]Key$/.test(k))) {
        if (prefixes.some((p) => v.startsWith(p))) keys.add(v);
      } else visit(v, depth + 1);
    }
  };
  visit(doc, 0);
  for (const r of recipients) visit(r, 0);
  // The original's page images (issue #33) are named after its key, not recorded one by one.
  if (doc.fileKey && doc.pageImages) {
    for (const key of pageImageKeys(doc.fileKey, doc.pageImages)) keys.add(key);
  }
  return [...keys];
}

/** The viewer's own video confirmation on a Video Sign document: their contractor row's, or the
 *  owner's own field when the owner is not a contractor; null when there is none to give. */
export function viewerVideoConfirm(
  doc: DocumentRecord,
  role: Role,
  me: RecipientRecord | undefined,
): 0 | 1 | 2 | null {
  if (doc.kind !== 'vsign') return null;
  if (me) return stateOf(me.videoConfirm);
  return role === 'owner' ? stateOf(doc.ownerVideoConfirm) : null;
}
