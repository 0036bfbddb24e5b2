// The owner's Resend of a signing request (issue #5): a new signer link for a pending contractor, the
// earlier one revoked; while the videos wait for confirmation, the confirmation link (./video-confirm.ts).
import { recordHistory, type RequestFacts } from './history';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { withConflictRetry } from './retry';
import { issueSignerToken, requestLink, signRequestJob } from './signer-tokens';
import { agreementOf, countResend, isLanguage, ownedContractor, type SigningDeps } from './signer-link';
import { resendConfirmRequest } from './video-confirm';
import { roleOf } from '../../shared/domain/routing';
import { turnOf } from './routing-views';
import { withMailBrand } from './brand-mail';

export async function resendRequest(
  deps: SigningDeps,
  user: AuthUser,
  docuId: string,
  index: number,
  facts: RequestFacts,
  now = new Date(),
): Promise<{ resent: true; index: number }> {
  // Video Sign waiting for confirmations (issue #15): Resend sends the confirmation link again.
  const current = await deps.docs.getDocument(docuId);
  if (current?.ownerId === user.sub && current.status === 'NeedVConfirm') {
    return resendConfirmRequest(deps, user, docuId, index, facts, now);
  }
  // Recipient indexes are fixed once sent, so the new token's record is the same for every attempt.
  const { token, record } = issueSignerToken(docuId, index, now);
  let counted = false;
  const { doc, recipient } = await withConflictRetry(async () => {
    const { doc: d, recipient: r, recipients } = await ownedContractor(deps, user, docuId, index);
    if (d.status !== 'Agree' || agreementOf(r) !== 0) {
      throw new AppError('errors.invalidTransition', 'Only a pending contractor of a sent document', {
        status: 409,
      });
    }
    // Issue #28: a later group's request goes when its turn comes, never earlier by a resend.
    if (roleOf(r) !== 'viewer' && !turnOf(d, r, recipients)) {
      throw new AppError('routing.errors.notTheirTurn', 'Not their turn yet', { status: 409 });
    }
    if (!counted) {
      // Once, before the new link is stored or sent (429 over a limit: the old link stays valid).
      await countResend(deps, user, r);
      counted = true;
    }
    await deps.docs.changeStatus(
      docuId,
      { status: d.status, version: d.version },
      d.status,
      {},
      {
        putRecipients: [{ ...r, tokenHash: record.tokenHash }],
        putTokens: [record],
        deleteTokens: r.tokenHash ? [r.tokenHash] : [],
      },
    );
    return { doc: d, recipient: r };
  });
  const lang = isLanguage(doc.lang) ? doc.lang : 'en';
  const owner = await deps.users.getById(user.sub);
  const link = await requestLink(deps, {
    lang,
    docuId,
    token,
    method: recipient.method,
    expiresAt: record.expiresAt,
  });
  const job = signRequestJob({
    docuId,
    index,
    lang,
    recipient,
    ownerName: owner?.name || user.name,
    title: doc.title ?? '',
    link,
  });
  await deps.queue.enqueue(
    'notify',
    withMailBrand(
      { ...job, idempotencyKey: `${job.idempotencyKey}#${record.tokenHash.slice(0, 16)}` },
      doc.brand,
      deps.appUrl,
    ),
  );
  const ownerActor = { name: owner?.name || user.name, contact: owner?.email || user.email };
  await recordHistory(deps.docs, doc, 'transfer', ownerActor, facts, undefined, recipient);
  return { resent: true, index };
}
