// Routing as the owner's and the signer's views show it (issue #28): the settings stored on the
// document, each contractor's role, group and turn, and what is scheduled next. Read from the stored
// rows only; the rules are shared/domain/routing.ts.
import type { FlowView, RecipientFlow, RoutingSettings } from '../../shared/api/schemas/routing';
import { maskContact } from '../../shared/domain/contact';
import {
  currentGroup,
  groupOf,
  hasTurn,
  reminderDueAt,
  roleOf,
  type ReminderSettings,
} from '../../shared/domain/routing';
import { isOpen } from '../../shared/domain/status';
import type { DocumentRecord, RecipientRecord } from '../adapters/dynamo/documents';

/** The document's reminder plan (null: none, or a plan of zero reminders). */
export function remindersOf(doc: Pick<DocumentRecord, 'reminders'>): ReminderSettings | null {
  const r = doc.reminders;
  return r && r.max > 0 ? { firstAfterDays: r.firstAfterDays, everyDays: r.everyDays, max: r.max } : null;
}

export function routingSettingsOf(doc: DocumentRecord): RoutingSettings {
  return {
    order: doc.routingOrder ?? 'parallel',
    reminders: remindersOf(doc),
    expiresAt: doc.expiresAt ?? null,
    allowDelegation: doc.allowDelegation ?? false,
  };
}

function pendingOf(r: RecipientRecord): boolean {
  return r.agreement !== 1 && r.agreement !== 2;
}

/** Whether it is `r`'s turn on an open document and they have not answered (viewers: never). */
export function turnOf(
  doc: Pick<DocumentRecord, 'status'>,
  r: RecipientRecord,
  recipients: readonly RecipientRecord[],
): boolean {
  return isOpen(doc.status) && !r.isOwner && pendingOf(r) && hasTurn(r, recipients);
}

export function recipientFlowOf(
  doc: DocumentRecord,
  r: RecipientRecord,
  recipients: readonly RecipientRecord[],
): RecipientFlow {
  const from = r.delegatedFrom;
  return {
    role: roleOf(r),
    group: groupOf(r),
    turn: doc.status === 'Agree' && turnOf(doc, r, recipients),
    remindersSent: r.remindersSent ?? 0,
    lastRemindedAt: r.lastRemindedAt ?? null,
    requestedAt: r.turnOpenedAt ?? null,
    delegatedFrom: from
      ? { name: from.name, contactMasked: maskContact(from.contact), at: from.at, reason: from.reason }
      : null,
  };
}

/** The next reminder of a contractor whose turn it is, or null (none planned, all sent, not waiting). */
export function nextReminderOf(
  doc: DocumentRecord,
  r: RecipientRecord,
  recipients: readonly RecipientRecord[],
) {
  const plan = remindersOf(doc);
  if (!plan || doc.status !== 'Agree' || !r.turnOpenedAt || !turnOf(doc, r, recipients)) return null;
  const n = (r.remindersSent ?? 0) + 1;
  const at = reminderDueAt(plan, new Date(r.turnOpenedAt), n);
  return at ? { n, at } : null;
}

export function flowOf(doc: DocumentRecord, recipients: readonly RecipientRecord[]): FlowView {
  const settings = routingSettingsOf(doc);
  const scheduled: FlowView['scheduled'] = [];
  for (const r of recipients) {
    const next = nextReminderOf(doc, r, recipients);
    if (next) scheduled.push({ kind: 'reminder', at: next.at.toISOString(), index: r.index, name: r.name });
  }
  if (doc.expiresAt && isOpen(doc.status)) {
    scheduled.push({ kind: 'expiry', at: doc.expiresAt, index: null, name: null });
  }
  scheduled.sort((a, b) => a.at.localeCompare(b.at));
  const groups = new Set(recipients.filter((r) => roleOf(r) !== 'viewer').map(groupOf));
  return {
    ...settings,
    currentGroup: isOpen(doc.status) ? currentGroup(recipients) : null,
    groups: groups.size,
    expiredAt: doc.status === 'Expired' ? (doc.expiredAt ?? null) : null,
    voidReason: doc.status === 'Voided' ? (doc.voidReason ?? null) : null,
    scheduled,
  };
}
