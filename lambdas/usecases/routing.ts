// The owner's control of a sent contract and the contractor's delegation (issue #28, architecture
// §20), and the scheduled jobs (reminders, expiry). Each change is one conditional write on the
// document's status and version (withConflictRetry reads again after a race), so an expiry racing a
// last agreement, or two owners' actions at once, end in one state; messages, history and schedules
// follow the write that committed.
import type { Language } from '../../shared/domain/constants';
import { maskContact } from '../../shared/domain/contact';
import { validateContractors } from '../../shared/domain/contractors';
import { validateReason } from '../../shared/domain/validation';
import { fieldTypeOf, isImageField } from '../../shared/domain/fields';
import { expiryRefusal, roleOf, ROUTING_LIMITS } from '../../shared/domain/routing';
import { canTransition, isOpen, type DocumentStatus } from '../../shared/domain/status';
import type { RoutingActionResponse } from '../../shared/api/schemas/routing';
import type { DocumentRecord, RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { expected, ownDocument, ownerActor } from './document-access';
import { recordHistory, type RequestFacts } from './history';
import { enforceLimits, messageHits } from './limits';
import { phoneCountryFor } from './recipients';
import { withConflictRetry } from './retry';
import {
  cancelReminder,
  cancelSchedules,
  nowOf,
  openRequests,
  revokedTokens,
  routingMessageJob,
  scheduleExpiry,
  scheduleReminder,
  sendOpenedRequests,
} from './routing-flow';
import { turnOf } from './routing-views';
import { withMailBrand } from './brand-mail';
import {
  agreementOf,
  assertPending,
  countResend,
  isLanguage,
  ownedContractor,
  resolveSigner,
  type SigningDeps,
} from './signer-link';
import { issueSignerToken, requestLink } from './signer-tokens';
import { emitWebhookEvent } from './webhook-events';

function langOf(doc: DocumentRecord): Language {
  return isLanguage(doc.lang) ? doc.lang : 'en';
}

function reasonOf(
  raw: string,
  required: 'routing.errors.voidReasonRequired' | 'signing.errors.delegateReasonRequired',
  tooLong: 'routing.errors.reasonTooLong' | 'signing.errors.reasonTooLong',
  max: number,
): string {
  const checked = validateReason(raw, { required, tooLong, max });
  if (!checked.ok) {
    throw new AppError(checked.error, 'The reason is refused', {
      status: 400,
      details: { ...(checked.values ?? {}) },
    });
  }
  return checked.reason;
}

/** A new contractor's name and contact, checked and normalised as the contractors step does. */
function checkedContact(name: string, contact: string, lang: Language, deps: SigningDeps) {
  const result = validateContractors([{ name, contact }], {
    defaultCountry: phoneCountryFor(lang, deps.englishPhoneCountry),
  });
  if (!result.ok) {
    throw new AppError(result.error, 'The contact is refused', { status: 400, details: result.values });
  }
  return result.contractors[0]!;
}

/** The row of a contractor handed to another person: their role, group and fields stay; what the
 *  first person did (signs applied, values typed, video) does not. */
function handedOver(
  r: RecipientRecord,
  person: { name: string; contact: string; method: 'email' | 'phone' },
): RecipientRecord {
  const {
    outerUserId: _outer,
    signImageKey: _sign,
    video: _video,
    videoSession: _session,
    openedAt: _opened,
    accountTokenHash: _account,
    ...rest
  } = r;
  void [_outer, _sign, _video, _session, _opened, _account];
  return {
    ...rest,
    name: person.name,
    contact: person.contact,
    method: person.method,
    areas: (r.areas ?? []).map((a) => {
      if (!a.filledAt && !a.signId) return a;
      const { signId: _s, filledAt: _f, attachment: _a, ...field } = a;
      void [_s, _f, _a];
      return isImageField(fieldTypeOf(a))
        ? { ...field, signed: false }
        : { ...field, signed: false, value: undefined };
    }),
  };
}

function contactTaken(
  recipients: readonly RecipientRecord[],
  ownerEmail: string,
  contact: string,
  except?: number,
): boolean {
  return (
    contact === ownerEmail.toLowerCase() ||
    recipients.some((r) => r.index !== except && r.contact === contact)
  );
}

// --- Owner: remind now ---------------------------------------------------------------------------

export async function remindNow(
  deps: SigningDeps,
  user: AuthUser,
  docuId: string,
  index: number,
  input: { lang: Language },
  facts: RequestFacts,
): Promise<{ reminded: true; index: number }> {
  let counted = false;
  const now = nowOf(deps);
  const { token, record } = issueSignerToken(docuId, index, now);
  const { doc, recipient } = await withConflictRetry(async () => {
    const { doc: d, recipient: r, recipients } = await ownedContractor(deps, user, docuId, index);
    if (d.status !== 'Agree') {
      throw new AppError('routing.errors.notOpen', 'The contract does not wait for signers', { status: 409 });
    }
    if (agreementOf(r) !== 0 || roleOf(r) === 'viewer') {
      throw new AppError('routing.errors.nothingToRemind', 'Nothing to remind', { status: 409 });
    }
    if (!turnOf(d, r, recipients)) {
      throw new AppError('routing.errors.notTheirTurn', 'Not their turn yet', { status: 409 });
    }
    if (!counted) {
      await countResend(deps, user, r);
      counted = true;
    }
    await deps.docs.changeStatus(
      docuId,
      expected(d),
      d.status,
      {},
      {
        putRecipients: [{ ...r, tokenHash: record.tokenHash, lastRemindedAt: now.toISOString() }],
        putTokens: [record],
        deleteTokens: r.tokenHash ? [r.tokenHash] : [],
      },
    );
    return { doc: d, recipient: r };
  });
  const owner = await ownerActor(deps, user);
  await sendReminder(
    deps,
    doc,
    recipient,
    token,
    record.expiresAt,
    `manual#${record.tokenHash.slice(0, 16)}`,
    owner,
    facts,
    input.lang,
  );
  return { reminded: true, index };
}

export async function sendReminder(
  deps: SigningDeps,
  doc: DocumentRecord,
  r: RecipientRecord,
  token: string,
  expiresAt: string,
  key: string,
  owner: { name: string; contact: string },
  facts: RequestFacts,
  lang: Language = langOf(doc),
): Promise<void> {
  const link = await requestLink(deps, { lang, docuId: doc.docuId, token, method: r.method, expiresAt });
  await deps.queue.enqueue(
    'notify',
    withMailBrand(
      routingMessageJob({
        mail: 'reminder',
        idempotencyKey: `reminder#${doc.docuId}#${r.index}#${key}`,
        docuId: doc.docuId,
        to: { method: r.method, contact: r.contact },
        lang,
        values: { name: r.name, owner: owner.name, title: doc.title ?? '', link },
      }),
      doc.brand,
      deps.appUrl,
    ),
  );
  await recordHistory(deps.docs, doc, 'remind', owner, facts, undefined, r);
}

// --- Owner: change a contractor's contact ---------------------------------------------------------

export async function changeContact(
  deps: SigningDeps,
  user: AuthUser,
  docuId: string,
  index: number,
  input: { name: string; contact: string; lang: Language },
  facts: RequestFacts,
): Promise<{ changed: true; index: number; requestSent: boolean }> {
  const person = checkedContact(input.name, input.contact, input.lang, deps);
  const owner = await ownerActor(deps, user);
  const now = nowOf(deps);
  const result = await withConflictRetry(async () => {
    const { doc: d, recipient: r, recipients } = await ownedContractor(deps, user, docuId, index);
    if (d.status !== 'Agree') {
      throw new AppError('routing.errors.notOpen', 'The contract does not wait for signers', { status: 409 });
    }
    if (agreementOf(r) !== 0) {
      throw new AppError('routing.errors.alreadyActed', 'The contractor has answered', { status: 409 });
    }
    if (contactTaken(recipients, owner.contact, person.contact, index)) {
      throw new AppError('routing.errors.contactTaken', 'The contact is already a party', { status: 409 });
    }
    const replaced = handedOver(r, person);
    const turn = turnOf(d, r, recipients) || (roleOf(r) === 'viewer' && r.tokenHash !== undefined);
    const opened = turn ? openRequests(docuId, [replaced], now) : [];
    const { tokenHash: _old, ...withoutToken } = replaced;
    void _old;
    await deps.docs.changeStatus(
      docuId,
      expected(d),
      d.status,
      {},
      {
        putRecipients: [opened[0]?.row ?? withoutToken],
        putTokens: opened.map((o) => o.record),
        deleteTokens: revokedTokens(r),
      },
    );
    return { doc: d, before: r, opened };
  });
  const { doc, before, opened } = result;
  await cancelReminder(deps, docuId, before);
  await recordHistory(
    deps.docs,
    doc,
    'contact_change',
    owner,
    facts,
    `${before.name} (${maskContact(before.contact)})`,
    person,
  );
  if (opened.length > 0) await sendOpenedRequests(deps, doc, opened, owner, facts, { lang: input.lang });
  await deps.docs.upsertAddressBook([
    {
      ownerId: user.sub,
      contact: person.contact,
      name: person.name,
      method: person.method,
      lastUsedAt: now.toISOString(),
    },
  ]);
  return { changed: true, index, requestSent: opened.length > 0 };
}

// --- Owner: void --------------------------------------------------------------------------------

export async function voidDocument(
  deps: SigningDeps,
  user: AuthUser,
  docuId: string,
  input: { reason: string; lang: Language },
  facts: RequestFacts,
): Promise<RoutingActionResponse> {
  const reason = reasonOf(
    input.reason,
    'routing.errors.voidReasonRequired',
    'routing.errors.reasonTooLong',
    ROUTING_LIMITS.voidReasonMaxChars,
  );
  const now = nowOf(deps);
  const { doc, recipients } = await withConflictRetry(async () => {
    const d = await ownDocument(deps, user, docuId);
    if (!canTransition(d.status, 'Voided', d.kind)) {
      throw new AppError('routing.errors.cannotVoid', `A ${d.status} contract cannot be voided`, {
        status: 409,
      });
    }
    await deps.docs.changeStatus(docuId, expected(d), 'Voided', {
      voidReason: reason,
      voidedAt: now.toISOString(),
    });
    return { doc: d, recipients: await deps.docs.listRecipients(docuId) };
  });
  const owner = await ownerActor(deps, user);
  await recordHistory(deps.docs, doc, 'void', owner, facts, reason);
  // Webhooks (issue #31): the reason is the owner's own words, never in an event.
  await emitWebhookEvent(doc.ownerId, 'document.voided', { docuId: doc.docuId });
  await cancelSchedules(deps, doc, recipients);
  // Every party is told, with the reason: each contractor by their channel, and the owner.
  const parties = [
    ...recipients
      .filter((r) => !r.isOwner)
      .map((r) => ({ name: r.name, contact: r.contact, method: r.method, key: String(r.index) })),
    ...(owner.contact
      ? [{ name: owner.name, contact: owner.contact, method: 'email' as const, key: 'owner' }]
      : []),
  ];
  for (const p of parties) {
    await deps.queue.enqueue(
      'notify',
      withMailBrand(
        routingMessageJob({
          mail: 'voided',
          idempotencyKey: `voided#${docuId}#${p.key}`,
          docuId,
          to: p,
          lang: input.lang,
          values: { name: p.name, owner: owner.name, title: doc.title ?? '', reason },
        }),
        doc.brand,
        deps.appUrl,
      ),
    );
  }
  return { status: 'Voided', expiresAt: doc.expiresAt ?? null };
}

// --- Owner: set or extend the expiry -----------------------------------------------------------

export async function setExpiry(
  deps: SigningDeps,
  user: AuthUser,
  docuId: string,
  input: { expiresAt: string; lang: Language },
  facts: RequestFacts,
): Promise<RoutingActionResponse> {
  const now = nowOf(deps);
  const refusal = expiryRefusal(input.expiresAt, now);
  if (refusal) {
    throw new AppError(refusal, 'The expiry date is refused', {
      status: 400,
      details: { days: ROUTING_LIMITS.expiryMaxDays },
    });
  }
  const expiresAt = new Date(input.expiresAt).toISOString();
  const { doc, to, reopened } = await withConflictRetry(async () => {
    const d = await ownDocument(deps, user, docuId);
    if (d.status === 'Expired') {
      // Back to what it was waiting for; the turn holders' reminders start again from now.
      const back: DocumentStatus = d.expiredFrom === 'NeedVConfirm' ? 'NeedVConfirm' : 'Agree';
      if (!canTransition(d.status, back, d.kind)) throw cannotExtend(d);
      const recipients = await deps.docs.listRecipients(docuId);
      const reopened = recipients
        .filter((r) => turnOf({ status: back }, r, recipients) && back === 'Agree' && roleOf(r) !== 'viewer')
        .map((r) => ({ ...r, turnOpenedAt: now.toISOString(), remindersSent: 0 }));
      await deps.docs.changeStatus(
        docuId,
        expected(d),
        back,
        { expiresAt, expiredAt: null, expiredFrom: null },
        { putRecipients: reopened },
      );
      return { doc: d, to: back, reopened };
    }
    if (!isOpen(d.status)) throw cannotExtend(d);
    await deps.docs.changeStatus(docuId, expected(d), d.status, { expiresAt });
    return { doc: d, to: d.status, reopened: [] as RecipientRecord[] };
  });
  const owner = await ownerActor(deps, user);
  await recordHistory(deps.docs, doc, 'extend', owner, facts, expiresAt);
  await scheduleExpiry(deps, { docuId, expiresAt });
  const updated = { ...doc, status: to, expiresAt };
  for (const r of reopened) await scheduleReminder(deps, updated, r, 1);
  return { status: to, expiresAt };
}

function cannotExtend(d: DocumentRecord): AppError {
  return new AppError('routing.errors.cannotExtend', `A ${d.status} contract cannot be extended`, {
    status: 409,
  });
}

// --- Contractor: delegation ---------------------------------------------------------------------

export async function delegate(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: { name: string; contact: string; reason: string; lang: Language },
  facts: RequestFacts,
): Promise<{ delegated: true }> {
  const reason = reasonOf(
    input.reason,
    'signing.errors.delegateReasonRequired',
    'signing.errors.reasonTooLong',
    ROUTING_LIMITS.delegateReasonMaxChars,
  );
  const person = checkedContact(input.name, input.contact, input.lang, deps);
  const now = nowOf(deps);
  let counted = false;
  const { ctx, opened } = await withConflictRetry(async () => {
    const c = await resolveSigner(deps, docuId, token);
    assertPending(c);
    if (!c.doc.allowDelegation) {
      throw new AppError('signing.errors.delegationNotAllowed', 'The sender does not allow forwarding', {
        status: 403,
      });
    }
    if (c.me.video) {
      throw new AppError('signing.errors.delegateAfterVideo', 'The video is recorded', { status: 409 });
    }
    const owner = await deps.users.getById(c.doc.ownerId);
    if (contactTaken(c.recipients, owner?.email ?? '', person.contact)) {
      throw new AppError('signing.errors.delegateToSelf', 'The contact is already a party', { status: 409 });
    }
    if (!counted) {
      // The new request counts against the owner's and the new contact's limits (429 over one).
      await enforceLimits(deps.limits, messageHits(c.doc.ownerId, [person]));
      counted = true;
    }
    const replaced: RecipientRecord = {
      ...handedOver(c.me, person),
      delegatedFrom: { name: c.me.name, contact: c.me.contact, at: now.toISOString(), reason },
    };
    const o = openRequests(docuId, [replaced], now);
    await deps.docs.changeStatus(
      docuId,
      { status: c.doc.status, version: c.doc.version },
      c.doc.status,
      {},
      {
        putRecipients: o.map((x) => x.row),
        putTokens: o.map((x) => x.record),
        deleteTokens: revokedTokens(c.me),
      },
    );
    return { ctx: c, opened: o };
  });
  await cancelReminder(deps, docuId, ctx.me);
  await recordHistory(deps.docs, ctx.doc, 'delegate', ctx.me, facts, reason, person);
  const owner = await deps.users.getById(ctx.doc.ownerId);
  await sendOpenedRequests(
    deps,
    ctx.doc,
    opened,
    { name: owner?.name ?? '', contact: owner?.email ?? '' },
    facts,
    { lang: input.lang, delegatedBy: { name: ctx.me.name, reason } },
  );
  return { delegated: true };
}
