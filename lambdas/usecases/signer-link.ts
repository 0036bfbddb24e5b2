// The signer link (issue #5) and what the signer's and the owner's actions on one contractor share:
// the link checked (hash lookup, same document, not expired, the recipient's current token) into a
// SignerContext, the pending guard, and the owner's contractor for a Resend with its limits.
import type { Language } from '../../shared/domain/constants';
import type {
  DocumentRecord,
  RecipientRecord,
  SignerRepository,
  SignRecord,
} from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { enforceLimits, messageHits } from './limits';
import type { DocumentDeps } from './document-access';
import { hashSignerToken } from './signer-tokens';
import { roleOf } from '../../shared/domain/routing';
import { assertRoutingLetsIn } from './routing-guard';
import { assertContractNotClosed } from './closed-contract';

export interface SigningDeps extends DocumentDeps {
  readonly signers: SignerRepository;
  /** Records the first time a contractor opened their link (once; later calls change nothing). */
  readonly markOpened?: (docuId: string, index: number, at: string) => Promise<void>;
}

/** Areas numbered across the whole document (contractor order, then area order). */
export function numberAreas(recipients: readonly RecipientRecord[]) {
  let next = 0;
  return recipients.map((r) => ({
    recipient: r,
    areas: (r.areas ?? []).map((a, position) => ({ area: a, position, areaIndex: next++ })),
  }));
}

type StoredArea = NonNullable<RecipientRecord['areas']>[number];

/** The document-wide areaIndex of the link holder's first area (numberAreas' numbering). */
export function firstAreaIndex(ctx: SignerContext): number {
  let first = 0;
  for (const r of ctx.recipients) {
    if (r.index === ctx.me.index) break;
    first += (r.areas ?? []).length;
  }
  return first;
}

/** The link holder's own area at the document-wide `areaIndex` and its position in their areas, or
 *  undefined for another contractor's area (or none at all). */
export function ownAreaAt(
  ctx: SignerContext,
  areaIndex: number,
): { area: StoredArea; position: number } | undefined {
  const position = areaIndex - firstAreaIndex(ctx);
  const area = Number.isInteger(position) && position >= 0 ? ctx.me.areas?.[position] : undefined;
  return area ? { area, position } : undefined;
}

/** Writes the link holder's areas, conditional on the document as read (a concurrent change: 409
 *  errors.conflict, for withConflictRetry). */
export function saveOwnAreas(
  deps: Pick<SigningDeps, 'docs'>,
  ctx: SignerContext,
  areas: StoredArea[],
): Promise<unknown> {
  return deps.docs.changeStatus(
    ctx.doc.docuId,
    { status: ctx.doc.status, version: ctx.doc.version },
    ctx.doc.status,
    {},
    { putRecipients: [{ ...ctx.me, areas }] },
  );
}

// --- The signer link ----------------------------------------------------------------------------

/** The one answer for every bad link: wrong, tampered, expired, revoked, or for another document. */
export function invalidLink(): AppError {
  return new AppError('signing.errors.invalidLink', 'This signing link is not valid', { status: 404 });
}

export interface SignerContext {
  readonly doc: DocumentRecord;
  readonly recipients: RecipientRecord[];
  readonly me: RecipientRecord;
}

/** The document, its contractors and the link holder of a valid signer link (else the one 404), on
 *  a contract whose routing lets them in (else the routing's 409: ./routing-guard.ts) and that is not
 *  over (else declined / completed: ./closed-contract.ts). */
export async function resolveSigner(
  deps: Pick<SigningDeps, 'docs' | 'clock'>,
  docuId: string,
  token: string,
  now = new Date(),
): Promise<SignerContext> {
  const tokenHash = hashSignerToken(token);
  // The three reads go out together (one round trip, not three: the view is on a phone's critical
  // path, issue #33); the document's are used only once the token has been checked against it.
  const [record, doc, recipients] = await Promise.all([
    deps.docs.getToken(tokenHash),
    deps.docs.getDocument(docuId),
    deps.docs.listRecipients(docuId),
  ]);
  if (!record || record.docuId !== docuId || Date.parse(record.expiresAt) <= now.getTime()) {
    throw invalidLink();
  }
  if (!doc) throw invalidLink();
  // A video confirmation link (issue #15) is never a signer link; an embedded session (issue #31) is
  // one for as long as the recipient's own link is the one it was made beside.
  const embedded = record.purpose === 'embed';
  if (record.purpose !== undefined && !embedded) throw invalidLink();
  const me = recipients.find((r) => r.index === record.recipientIndex);
  // The e-mailed link's token, or the one issued to the contractor's account (Continue, issue #7).
  const current = embedded
    ? me !== undefined && (me.tokenHash ?? '') === (record.boundTokenHash ?? '')
    : me && (me.tokenHash === undefined || me.tokenHash === tokenHash || me.accountTokenHash === tokenHash);
  if (!me || me.isOwner || !current) throw invalidLink();
  assertRoutingLetsIn(doc, recipients, me, deps.clock?.now() ?? now);
  // A declined or completed contract: its own 409 on the view and on every action (issue #29).
  assertContractNotClosed(doc, recipients, me);
  return { doc, recipients, me };
}

export function agreementOf(r: RecipientRecord): 0 | 1 | 2 {
  return r.agreement === 1 || r.agreement === 2 ? r.agreement : 0;
}

/** 409 unless the signer may still act: the document waits for agreements and this one is pending. */
export function assertPending(ctx: SignerContext): void {
  if (roleOf(ctx.me) === 'viewer') {
    throw new AppError('signing.errors.viewerOnly', 'A viewer reads the contract and signs nothing', {
      status: 409,
    });
  }
  const mine = agreementOf(ctx.me);
  if (mine === 1) {
    throw new AppError('signing.alreadyAgreed', 'You have already agreed to this contract', { status: 409 });
  }
  if (mine === 2) {
    throw new AppError('signing.alreadyDenied', 'You have already denied this contract', { status: 409 });
  }
  if (ctx.doc.status !== 'Agree') {
    throw new AppError('errors.invalidTransition', `The document is ${ctx.doc.status}: no signing action`, {
      status: 409,
    });
  }
}

export async function savedSigns(deps: SigningDeps, me: RecipientRecord): Promise<SignRecord[]> {
  const outer = await deps.signers.getOuterUser(me.contact, me.name);
  return outer ? deps.signers.listSigns('outer', outer.outerUserId) : [];
}

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'jp' || value === 'ko';
}

/** The owner's document and its contractor `index`, for a resend (not the owner's: 404, as is the
 *  owner's own row). */
export async function ownedContractor(
  deps: Pick<SigningDeps, 'docs'>,
  user: AuthUser,
  docuId: string,
  index: number,
): Promise<{ doc: DocumentRecord; recipient: RecipientRecord; recipients: RecipientRecord[] }> {
  const doc = await deps.docs.getDocument(docuId);
  if (!doc || doc.ownerId !== user.sub) {
    throw new AppError('errors.notFound', `Document ${docuId} not found`, { status: 404 });
  }
  const recipients = await deps.docs.listRecipients(docuId);
  const recipient = recipients.find((x) => x.index === index);
  if (!recipient || recipient.isOwner) {
    throw new AppError('errors.notFound', `Contractor ${index} not found`, { status: 404 });
  }
  return { doc, recipient, recipients };
}

/** Counts a resend to `r` against the owner's and the recipient's limits (429 over one). */
export function countResend(
  deps: Pick<SigningDeps, 'limits'>,
  user: AuthUser,
  r: RecipientRecord,
): Promise<void> {
  return enforceLimits(deps.limits, [
    ...messageHits(user.sub, [r]),
    { rule: 'resendsPerRecipient', key: r.contact },
    { rule: 'resendInterval', key: r.contact },
  ]);
}
