// What routing refuses on a signer link (issue #28, architecture §20), before anything else is done:
// a voided contract, an expired one (also when its date passed and the expiry job has not run yet),
// and a link used before its turn. Every signer call goes through resolveSigner, so a copied link can
// never sign out of turn: the view and every action answer the same 409.
import { maskContact } from '../../shared/domain/contact';
import { hasTurn, isPastExpiry, roleBlocks, roleOf, waitingFor } from '../../shared/domain/routing';
import { isOpen } from '../../shared/domain/status';
import type { DocumentRecord, RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';

/** The names the flow waits for, as a signer may see them (the owner's row by name only). */
function waitingNames(recipients: readonly RecipientRecord[]): string[] {
  return waitingFor(recipients).map((r) => r.name || maskContact(r.contact));
}

export function expiredError(doc: Pick<DocumentRecord, 'expiredAt' | 'expiresAt'>): AppError {
  const expiredAt = doc.expiredAt ?? doc.expiresAt ?? new Date().toISOString();
  return new AppError('signing.errors.expired', `This request expired on ${expiredAt}`, {
    status: 409,
    details: { expiredAt },
  });
}

export function assertRoutingLetsIn(
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
  me: RecipientRecord,
  now: Date,
): void {
  if (doc.status === 'Voided') {
    throw new AppError('signing.errors.voided', 'The sender voided this contract', {
      status: 409,
      details: { reason: doc.voidReason ?? '' },
    });
  }
  if (doc.status === 'Expired' || (isOpen(doc.status) && isPastExpiry(doc.expiresAt, now))) {
    throw expiredError(doc);
  }
  if (doc.status === 'Agree' && roleBlocks(roleOf(me)) && !hasTurn(me, recipients)) {
    const names = waitingNames(recipients);
    throw new AppError('signing.errors.notYourTurn', `Not your turn yet: waiting for ${names.join(', ')}`, {
      status: 409,
      details: { waitingFor: names, names: names.join(', ') },
    });
  }
}
