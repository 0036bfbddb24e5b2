// Actions on one contract (issue #7): download (the final PDF once sealed, else the original), mail
// the completed contract, delete, and the contractor's own signer link (Continue). Who may see a
// contract: ./contract-access.ts.
import { assertOriginalIntact } from './original';
import { randomUUID } from 'node:crypto';
import type { DownloadResponse } from '../../shared/api/contracts';
import type { Language } from '../../shared/domain/constants';
import { isValidEmail, normaliseEmail } from '../../shared/domain/contact';
import { localeForPath, translate } from '../../shared/i18n/server';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { NotifyJob } from '../jobs';
import { FILE_URL_SECONDS, OWNER_PARTY } from './document-access';
import { issueSignerToken } from './signer-tokens';
import { enforceLimits } from './limits';
import { documentFileName, messageTitle } from './messages';
import { withConflictRetry } from './retry';
import { escapeHtml } from '../core/html';
import {
  access,
  agreementOf,
  type ContractDeps,
  finalKeyOf,
  notFound,
  ownerAccess,
  recordedObjectKeys,
  viewerVideoConfirm,
} from './contract-access';

// --- Download and mail ------------------------------------------------------------------------

export async function downloadDocument(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
  now = new Date(),
): Promise<DownloadResponse> {
  const { doc } = await access(deps, user, docuId);
  const finalKey = finalKeyOf(doc);
  const key = finalKey ?? doc.fileKey;
  if (!key) {
    throw new AppError('documents.errors.preparePdf', 'The document has no file yet', { status: 409 });
  }
  if (finalKey === null) await assertOriginalIntact(deps.storage, doc);
  // The sealed PDF has the one name of the mails; an untitled original keeps its file's name in it.
  const fileName =
    finalKey !== null
      ? documentFileName(doc, true)
      : documentFileName(
          { id4: doc.id4, title: doc.title || doc.originalFileName?.replace(/\.pdf$/i, '') },
          false,
        );
  const [url, viewUrl] = await Promise.all([
    deps.storage.presignDownload(key, { expiresSeconds: FILE_URL_SECONDS, filename: fileName }),
    deps.storage.presignDownload(key, { expiresSeconds: FILE_URL_SECONDS }),
  ]);
  return {
    url,
    viewUrl,
    fileName,
    final: finalKey !== null,
    expiresAt: new Date(now.getTime() + FILE_URL_SECONDS * 1000).toISOString(),
  };
}

export function completedMailJob(input: {
  docuId: string;
  id4: string;
  title: string;
  sender: string;
  to: string;
  lang: Language;
  attachmentKey: string;
  fileName: string;
}): NotifyJob {
  const locale = localeForPath(input.lang);
  const values = {
    title: messageTitle(input.title, locale),
    sender: input.sender,
    number: input.id4.toUpperCase(),
  };
  return {
    kind: 'email',
    idempotencyKey: `completed-mail#${input.docuId}#${randomUUID()}`,
    docuId: input.docuId,
    to: [input.to],
    subject: translate('contractMail.subject', values, locale),
    text: translate('contractMail.body', values, locale),
    html: `<p>${escapeHtml(translate('contractMail.intro', values, locale))}</p>`,
    attachments: [{ filename: input.fileName, contentType: 'application/pdf', key: input.attachmentKey }],
  };
}

export async function mailDocument(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
  input: { email: string; lang: Language },
): Promise<{ sent: true }> {
  const { doc } = await ownerAccess(deps, user, docuId);
  const email = input.email.trim();
  if (!isValidEmail(email)) {
    throw new AppError('contractors.errors.invalidEmail', 'Invalid email address', { status: 400 });
  }
  const finalKey = finalKeyOf(doc);
  if (doc.status !== 'Completed' || !finalKey) {
    throw new AppError('contracts.errors.mailNotCompleted', 'Only a completed document can be mailed', {
      status: 409,
    });
  }
  const to = normaliseEmail(email);
  await enforceLimits(deps.limits, [
    { rule: 'finalMailsPerOwner', key: user.sub },
    { rule: 'finalMailsPerAddress', key: to },
  ]);
  const owner = await deps.users.getById(user.sub);
  await deps.queue.enqueue(
    'notify',
    completedMailJob({
      docuId,
      id4: doc.id4,
      title: doc.title ?? '',
      sender: owner?.name || user.name,
      to,
      lang: input.lang,
      attachmentKey: finalKey,
      fileName: documentFileName(doc, true),
    }),
  );
  return { sent: true };
}

// --- Delete -----------------------------------------------------------------------------------

/**
 * Deletes the owner's document: first the document and its recipients in one transaction conditional
 * on the status and version read (so a document that started sealing meanwhile is not deleted), then
 * its signer tokens (links answer like any invalid link from the first step on, since the document is
 * gone), its history, its agreement videos' hash records (verify no longer knows them), and its objects. Refused while Generating: the seal would write a final PDF
 * for a deleted document.
 */
export async function deleteDocument(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
): Promise<{ deleted: true }> {
  const { doc, recipients } = await ownerAccess(deps, user, docuId);
  if (doc.status === 'Generating') {
    throw new AppError('contracts.errors.deleteWhileSealing', 'The document is being sealed', {
      status: 409,
    });
  }
  await deps.contracts.deleteDocument(
    docuId,
    { status: doc.status, version: doc.version },
    recipients.map((r) => r.index),
    doc.finalSha256,
  );
  const tokens = recipients.flatMap((r) => [r.tokenHash, r.accountTokenHash]).filter(Boolean) as string[];
  await deps.contracts.deleteTokens(tokens);
  await deps.contracts.deleteHistory(docuId);
  if (doc.finalSha256)
    await deps.contracts.deleteVideoHashes(
      docuId,
      recipients.flatMap((r) => (r.video ? [r.video.sha256] : [])),
    );
  await deps.storage.deleteMany(recordedObjectKeys(doc, recipients));
  return { deleted: true };
}

// --- Contractor: Continue ---------------------------------------------------------------------

/**
 * A link for what the signed-in viewer still has to do, for Continue in the list. To sign (or record
 * the agreement video, a step of the same page): a fresh signer token (256 bits, only its hash stored,
 * bound to this contractor of this document, 30 days) kept as the recipient's account token, so the
 * e-mailed link keeps working; a new Continue replaces the previous one. To confirm the videos of a
 * Video Sign document in NeedVConfirm (a contractor, or the owner, also when not a contractor): a
 * fresh confirmation token of their own (purpose 'vconfirm') and its /video_confirm page.
 */
export async function contractorSignerLink(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
  input: { lang: Language },
  now = new Date(),
): Promise<{ path: string }> {
  // Another party may change the document meanwhile (e.g. a signer agrees): then read again.
  return withConflictRetry(async () => {
    const { doc, role, me } = await access(deps, user, docuId);
    const expected = { status: doc.status, version: doc.version };
    if (doc.status === 'NeedVConfirm' && viewerVideoConfirm(doc, role, me) === 0) {
      const { token, record } = issueSignerToken(docuId, me ? me.index : OWNER_PARTY, now);
      await deps.docs.changeStatus(
        docuId,
        expected,
        doc.status,
        {},
        {
          putTokens: [{ ...record, purpose: 'vconfirm' }],
        },
      );
      return { path: `/${input.lang}/video_confirm/${docuId}/${token}` };
    }
    if (role !== 'contractor' || !me) throw notFound(docuId);
    if (doc.status !== 'Agree' || agreementOf(me) !== 0) {
      throw new AppError('contracts.errors.nothingToSign', 'There is nothing left to sign', { status: 409 });
    }
    const { token, record } = issueSignerToken(docuId, me.index, now);
    await deps.docs.changeStatus(
      docuId,
      expected,
      doc.status,
      {},
      {
        putRecipients: [{ ...me, accountTokenHash: record.tokenHash }],
        putTokens: [record],
        deleteTokens: me.accountTokenHash ? [me.accountTokenHash] : [],
      },
    );
    return { path: `/${input.lang}/outsign/${docuId}/${token}` };
  }, 5);
}
