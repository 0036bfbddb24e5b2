// Sending a document (issues #4, #18): one entitlement of the owner's plan consumed in the send's
// transaction, a signer token and a request per contractor, and the owner as a contractor signing with
// their default sign at once.
import type { DocumentView } from '../../shared/api/schemas';
import type { Language } from '../../shared/domain/constants';
import { TransitionError } from '../../shared/domain/status';
import type { RecipientRecord, EntitlementWrite } from '../adapters/dynamo/documents';
import type { UserRecord } from '../adapters/dynamo/repository';
import { companyBuyerOf, featuresOf } from './seats';
import { brandForSend } from './brand-account';
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
import { currentGroup, requestsOfGroup, roleOf } from '../../shared/domain/routing';
import { cancelSchedules, nowOf, openRequests, scheduleExpiry, sendOpenedRequests } from './routing-flow';
import { emitWebhookEvent } from './webhook-events';

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

/** A one-time company member's send (issue #29): one of the buyer's bought tickets, oldest first (the
 *  buyer's subscription and trial stay the buyer's own), as a conditional write of the buyer's record. */
export function oneTimeTicketForSend(buyer: UserRecord, now = new Date()): EntitlementWrite {
  const lots = lotsOfRecord(buyer, now);
  const i = lots.findIndex((l) => l.source === 'onetime');
  if (i < 0) {
    throw new AppError('billing.errors.noneLeft', 'The company has no one-time contract left', {
      status: 402,
      details: { plansPath: PLANS_PATH },
    });
  }
  const lot = lots[i]!;
  const next =
    lot.count > 1
      ? lots.map((l, k) => (k === i ? { ...l, count: l.count - 1 } : l))
      : lots.filter((_, k) => k !== i);
  return {
    userId: buyer.userId,
    expectedVersion: buyer.entitlementVersion,
    changes: { ticketLots: next, availableTickets: ticketCount(next, now) },
  };
}

/** The sender's entitlement: a company member uses the buyer's standard plan (or, for one-time tickets,
 *  the buyer's tickets) first — the buyer's record is conditionally updated —, then their own; refused
 *  with the plan's reason when neither has one. */
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
      return featuresOf(buyer, now).source === 'onetime'
        ? oneTimeTicketForSend(buyer, now)
        : entitlementForSend(buyer, buyer.userId, deps.entitlementRules, now);
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

  // The owner's rows agree now; the turn is then the first group with someone to answer (issue #28):
  // its requests go now, with every viewer's copy; later groups get theirs when their turn comes.
  const ownerRows: RecipientRecord[] = ownerContractors.map((r) => ({
    ...r,
    agreement: 1,
    ...(ownerSign ? { signImageKey: ownerSign.imageKey } : {}),
    decidedAt: now.toISOString(),
    decidedIp: facts.ip,
    decidedUserAgent: facts.userAgent,
    areas: (r.areas ?? []).map((a) => ownerFieldAtSend(a, ownerSign!.signId, now)),
  }));
  const afterOwner = recipients.map((r) => ownerRows.find((o) => o.index === r.index) ?? r);
  const turn = currentGroup(afterOwner);
  const now_ = nowOf(deps);
  const sentNow = afterOwner.filter(
    (r) => !r.isOwner && (roleOf(r) === 'viewer' || (turn !== null && requestsOfGroup([r], turn).length > 0)),
  );
  // Every request counts against the owner's and each contact's limits, all or none: over a limit
  // nothing is sent and the document stays ready to send (429).
  const hits = messageHits(user.sub, sentNow);
  await enforceLimits(deps.limits, input.bulk ? hits.filter((h) => h.rule === 'messagesPerRecipient') : hits);

  const opened = openRequests(docuId, sentNow, now_);
  // The brand the contract carries from now on (issue #29 item 2): fixed here, so a later change
  // never alters a contract in flight.
  const brand = await brandForSend(deps, user.sub, now);
  // Two sends racing for the owner's last contract: the conditional write lets exactly one through;
  // the other reads the entitlements again and is refused (402) when none is left.
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.docs.changeStatus(
        docuId,
        expected(doc),
        'Agree',
        { sentAt: now.toISOString(), lang: input.lang, ...(brand ? { brand } : {}) },
        {
          putRecipients: [...ownerRows, ...opened.map((o) => o.row)],
          putTokens: opened.map((o) => o.record),
          consume,
        },
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
  // Webhooks (issue #31): the send is committed; the owner's own rows signed with it.
  await Promise.all([
    emitWebhookEvent(doc.ownerId, 'document.sent', { docuId }),
    ...ownerRows.map((r) =>
      emitWebhookEvent(doc.ownerId, 'recipient.signed', { docuId, recipientIndex: r.index }),
    ),
  ]);
  const sent = { ...doc, status: 'Agree' as const, lang: input.lang, ...(brand ? { brand } : {}) };
  await sendOpenedRequests(deps, sent, opened, owner, facts, { lang: input.lang, firstSend: true });
  await scheduleExpiry(deps, doc);

  if (turn === null) {
    // Nobody but the owner has to answer (viewers never block): everyone has signed; one seal job.
    assertCan({ ...doc, status: 'Agree' }, 'Generating');
    await deps.docs.changeStatus(docuId, { status: 'Agree', version: doc.version + 1 }, 'Generating');
    const last = ownerRows[ownerRows.length - 1]!;
    await addHistory(deps, doc, 'all_agree', { name: last.name, contact: last.contact }, facts);
    await cancelSchedules(deps, doc, afterOwner);
    const job: SealJob = { docuId };
    await deps.queue.enqueue('seal', job);
  }
  return view(deps, docuId);
}
