// A signer link of a contract that is over (issue #29 item 5): declined (Reject, Reject_legal) or
// completed. The view and every signer action answer one 409 of their own, so the signer page tells the
// contractor what happened instead of a generic status error: who declined it and when (with the
// reason of a denial, which the spec e-mails to every participant anyway), or when it was completed
// and where its signed copy is checked. The contractor who declined their own agreement keeps the
// spec's 'You have already denied this contract.' (signer-link.ts assertPending).
import type { SignerClosedDetails } from '../../shared/api/schemas/signer-states';
import type { DocumentRecord, RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';

export const DECLINED_CODE = 'signerStates.errors.declined';
export const COMPLETED_CODE = 'signerStates.errors.completed';

type Doc = Pick<DocumentRecord, 'status' | 'completedAt' | 'updatedAt'>;
type Row = Pick<
  RecipientRecord,
  | 'index'
  | 'name'
  | 'isOwner'
  | 'agreement'
  | 'decidedAt'
  | 'denyReason'
  | 'videoConfirm'
  | 'videoConfirmedAt'
>;

/** Who ended a declined contract, from the rows: a denial or refused terms, else a denial of the videos
 *  (by a contractor, or by the owner, who may not be a contractor). */
export function declinedBy(
  doc: Doc,
  recipients: readonly Row[],
  me: Pick<Row, 'index'>,
): SignerClosedDetails {
  const denier = recipients.find((r) => r.agreement === 2);
  if (denier) {
    const terms = doc.status === 'Reject_legal';
    return {
      kind: terms ? 'terms' : 'deny',
      by: denier.name || null,
      at: denier.decidedAt ?? null,
      reason: terms ? null : (denier.denyReason ?? null),
      self: denier.index === me.index,
    };
  }
  const videoDenier = recipients.find((r) => r.videoConfirm === 2);
  if (videoDenier) {
    return {
      kind: 'videos',
      by: videoDenier.name || null,
      at: videoDenier.videoConfirmedAt ?? null,
      reason: videoDenier.denyReason ?? null,
      self: videoDenier.index === me.index,
    };
  }
  // The owner denied the videos (their answer is on the document, without a name or a reason).
  const owner = recipients.find((r) => r.isOwner);
  return { kind: 'videos', by: owner?.name || null, at: doc.updatedAt ?? null, reason: null, self: false };
}

/** The 409 of a contract that is over for this link's contractor, or null while it is not. */
export function closedContractRefusal(doc: Doc, recipients: readonly Row[], me: Row): AppError | null {
  if (doc.status === 'Completed') {
    return new AppError(COMPLETED_CODE, 'This contract is completed: nothing is left to sign', {
      status: 409,
      details: { completedAt: doc.completedAt ?? null },
    });
  }
  if (doc.status !== 'Reject' && doc.status !== 'Reject_legal') return null;
  // The contractor who refused their own agreement: 'You have already denied this contract.'
  if (me.agreement === 2) return null;
  return new AppError(DECLINED_CODE, 'This contract was declined: it can no longer be signed', {
    status: 409,
    details: declinedBy(doc, recipients, me),
  });
}

export function assertContractNotClosed(doc: Doc, recipients: readonly Row[], me: Row): void {
  const refusal = closedContractRefusal(doc, recipients, me);
  if (refusal) throw refusal;
}
