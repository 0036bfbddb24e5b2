// Sending a document (issues #4, #18): one entitlement of the owner's plan consumed in the send's
// transaction, a signer token and a request per contractor, and the owner as a contractor signing with
// their default sign at once.
import type { DocumentView } from '../../shared/api/schemas';
import type { Language } from '../../shared/domain/constants';
import { TransitionError } from '../../shared/domain/status';
import type { RecipientRecord, SignerTokenRecord, EntitlementWrite } from '../adapters/dynamo/documents';
import type { UserRecord } from '../adapters/dynamo/repository';
import { companyBuyerOf } from './seats';
import { AppError, ENTITLEMENT_CONFLICT, isAppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import {
  consumeOne,
  DEFAULT_ENTITLEMENT_RULES,
  lotsOfRecord,
  ticketCount,
  type EntitlementRules,
} from '../../shared/domain/entitlements';
import type { SealJob } from '../jobs';
import { defaultSignOf } from './default-sign';
import { ownerFieldAtSend } from './field-state';
import { missingRequired } from '../../shared/domain/fields';
import { enforceLimits, messageHits } from './limits';
import type { RequestFacts } from './history';
import {
  addHistory,
  assertCan,
  type DocumentDeps,
  expected,
  ownDocument,
  ownerActor,
  transitionError,
  view,
} from './document-access';
import { hashSignerToken, issueSignerToken, requestLink, signRequestJob } from './signer-tokens';

/** Where the SPA sends an owner who has nothing left to send (spec: VIEW PLANS). */
export const PLANS_PATH = '/home/select_plan';

/** The one place where plan limits are enforced (issue #18): one entitlement of the owner for one
 *  sent contract, as a conditional write that goes in the send's transaction; with none left a
 *  translated refusal (402) naming the plans page. */
export function entitlementForSend(
  record: UserRecord | null,
  userId: string,
  rules: EntitlementRules = DEFAULT_ENTITLEMENT_RULES,
  now = new Date(),
): EntitlementWrite {
  const used = record
    ? consumeOne(
        {
          plan: record.plan,
          validDate: record.validDate,
          seats: record.seats,
          usageMonth: record.usageMonth,
          usageCount: record.usageCount,
          lots: lotsOfRecord(record, now),
        },
        now,
        rules,
      )
    : ({ ok: false, reason: 'noneLeft' } as const);
  if (!used.ok) {
    throw new AppError(`billing.errors.${used.reason}`, 'No contract left to send on this plan', {
      status: 402,
      details: { plansPath: PLANS_PATH },
    });
  }
  const { lots, usageMonth, usageCount } = used.next;
  return {
    userId,
    expectedVersion: record?.entitlementVersion,
    changes: {
      ticketLots: lots,
      availableTickets: ticketCount(lots, now),
      ...(usageMonth === undefined ? {} : { usageMonth, usageCount }),
    },
  };
}

/** The sender's entitlement: a company member uses the buyer's standard plan first (the buyer's record
 *  is conditionally updated), then their own; refused with the plan's reason when neither has one. */
export async function senderEntitlement(
  deps: Pick<DocumentDeps, 'users' | 'seats' | 'entitlementRules'>,
  userId: string,
  now: Date,
): Promise<EntitlementWrite> {
  const own = await deps.users.getById(userId);
  const buyer =
    own && deps.seats ? await companyBuyerOf({ users: deps.users, seats: deps.seats }, own, now) : null;
  if (buyer) {
    try {
      return entitlementForSend(buyer, buyer.userId, deps.entitlementRules, now);
    } catch (companyRefusal) {
      try {
        return entitlementForSend(own, userId, deps.entitlementRules, now);
      } catch {
        throw companyRefusal;
      }
    }
  }
  return entitlementForSend(own, userId, deps.entitlementRules, now);
}

// --- Send ---------------------------------------------------------------------------------------

export async function sendDocument(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: {
    lang: Language;
    /** A bulk send's row (issue #27 item 6): the owner's hourly message budget is the bulk's own
     *  (rows are paid contracts, sent at the bulk queue's bounded rate); each contact's still applies. */
    bulk?: boolean;
  },
  facts: RequestFacts,
  now = new Date(),
): Promise<DocumentView> {
  const doc = await ownDocument(deps, user, docuId);
  assertCan(doc, 'Agree');
  if (!doc.privateinfoAgree) {
    throw new AppError('documents.send.termsRequired', 'The terms must be accepted before sending', {
      status: 400,
    });
  }
  if (doc.kind !== 'vcontract' && !doc.fileKey) {
    // A failed re-upload removed the file: the funnel must upload again before sending.
    throw new AppError('errors.invalidTransition', 'The document has no checked file to send', {
      status: 409,
    });
  }
  // Checked before the limits count anything; consumed again (fresh) in the send's transaction.
  let consume = await senderEntitlement(deps, user.sub, now);
  const owner = await ownerActor(deps, user);
  const recipients = await deps.docs.listRecipients(docuId);
  if (recipients.length === 0) throw transitionError(new TransitionError(doc.status, 'Agree'));
  // The owner as a contractor signs now, with their default sign: without one there is nothing to
  // put in their areas (the SPA has the owner draw one first).
  const ownerContractors = recipients.filter((r) => r.isOwner);
  // A video contract has no sign areas: the owner's recorded terms are their agreement.
  const signs = doc.kind !== 'vcontract' && ownerContractors.length > 0;
  const ownerSign = signs ? await defaultSignOf(deps, user.sub) : null;
  if (signs && !ownerSign) {
    throw new AppError('ownerSigns.errors.noSignToSend', 'The owner is a contractor and has no sign', {
      status: 409,
    });
  }

  // Video Sign: the owner as a contractor has recorded in the funnel before sending; a video
  // contract's owner recorded its terms first.
  if (doc.kind !== 'esign' && ownerContractors.some((r) => !r.video)) {
    throw new AppError('video.errors.ownerVideoRequired', 'The owner is a contractor and has no video', {
      status: 409,
    });
  }

  // The owner agrees now: each required field of theirs that sending does not fill (a sign, the date
  // signed) holds their pre-filled value. Set Position says so at once (recipients.ts storedField);
  // fields kept when the contractors are saved again are checked here, where the agreement is made.
  const unfilled = ownerContractors.some(
    (r) => missingRequired((r.areas ?? []).map((a) => ownerFieldAtSend(a, '', now))).length > 0,
  );
  if (unfilled) {
    throw new AppError('fields.errors.ownerMustPrefill', 'A required field of the owner has no value', {
      status: 400,
    });
  }

  // Every request counts against the owner's and each contact's limits, all or none: over a limit
  // nothing is sent and the document stays ready to send (429).
  const contractors = recipients.filter((x) => !x.isOwner);
  const hits = messageHits(user.sub, contractors);
  await enforceLimits(deps.limits, input.bulk ? hits.filter((h) => h.rule === 'messagesPerRecipient') : hits);

  const links: { recipient: RecipientRecord; token: string; expiresAt: string }[] = [];
  const tokens: SignerTokenRecord[] = [];
  for (const r of contractors) {
    const { token, record } = issueSignerToken(docuId, r.index, now);
    links.push({ recipient: r, token, expiresAt: record.expiresAt });
    tokens.push(record);
  }
  const ownerRows: RecipientRecord[] = ownerContractors.map((r) => ({
    ...r,
    agreement: 1,
    ...(ownerSign ? { signImageKey: ownerSign.imageKey } : {}),
    decidedAt: now.toISOString(),
    decidedIp: facts.ip,
    decidedUserAgent: facts.userAgent,
    areas: (r.areas ?? []).map((a) => ownerFieldAtSend(a, ownerSign!.signId, now)),
  }));
  // Each contractor remembers the hash of its current token: a resent link revokes the older one.
  const contractorRows = links.map(({ recipient, token }) => ({
    ...recipient,
    tokenHash: hashSignerToken(token),
  }));
  // Two sends racing for the owner's last contract: the conditional write lets exactly one through;
  // the other reads the entitlements again and is refused (402) when none is left.
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.docs.changeStatus(
        docuId,
        expected(doc),
        'Agree',
        { sentAt: now.toISOString(), lang: input.lang },
        { putRecipients: [...ownerRows, ...contractorRows], putTokens: tokens, consume },
      );
      break;
    } catch (err) {
      if (!(isAppError(err) && err.code === ENTITLEMENT_CONFLICT)) throw err;
      if (attempt >= 10) throw new AppError('errors.conflict', err.message, { status: 409 });
      await new Promise((r) => setTimeout(r, 5 + Math.floor(Math.random() * 20 * attempt)));
      consume = await senderEntitlement(deps, user.sub, now);
    }
  }

  for (const r of ownerRows)
    await addHistory(deps, doc, 'agree', { name: r.name, contact: r.contact }, facts);
  for (const { recipient, token, expiresAt } of links) {
    const link = await requestLink(deps, {
      lang: input.lang,
      docuId,
      token,
      method: recipient.method,
      expiresAt,
    });
    const job = signRequestJob({
      docuId,
      index: recipient.index,
      lang: input.lang,
      recipient,
      ownerName: owner.name,
      title: doc.title ?? '',
      link,
    });
    await deps.queue.enqueue('notify', job);
    // The owner sent it (their IP and browser); the contractor is whom it went to, by their channel.
    await addHistory(deps, doc, 'transfer', owner, facts, recipient);
  }

  if (links.length === 0) {
    // The owner is the only contractor: everyone has signed; exactly one seal job.
    assertCan({ ...doc, status: 'Agree' }, 'Generating');
    await deps.docs.changeStatus(docuId, { status: 'Agree', version: doc.version + 1 }, 'Generating');
    const last = ownerRows[ownerRows.length - 1]!;
    await addHistory(deps, doc, 'all_agree', { name: last.name, contact: last.contact }, facts);
    const job: SealJob = { docuId };
    await deps.queue.enqueue('seal', job);
  }
  return view(deps, docuId);
}
