// One history item of a document: time, action, actor (name, contact and its masked form), IP and user
// agent of the request, and for denials the reason. Written by the funnel and the signer flow.
// A signature request ('transfer') is done by the owner: the owner is its actor, and the contractor it
// went to (target) and the channel (e-mail or SMS) are recorded beside it.
import { randomBytes } from 'node:crypto';
import { maskContact } from '../../shared/domain/contact';
import type { HistoryAction } from '../../shared/domain/status';
import type { DocumentRecord, DocumentRepository } from '../adapters/dynamo/documents';

/** Network facts of the request, recorded in the history. */
export interface RequestFacts {
  readonly ip: string;
  readonly userAgent: string;
}

/** Whom a request went to, and how. */
export interface HistoryTarget {
  readonly name: string;
  readonly contact: string;
  readonly method: 'email' | 'phone';
}

export async function recordHistory(
  docs: Pick<DocumentRepository, 'addHistory'>,
  doc: DocumentRecord,
  action: HistoryAction,
  actor: { name: string; contact: string },
  facts: RequestFacts,
  reason?: string,
  target?: HistoryTarget,
  /** A fact that happens once at a known time (the completion): its item's key is that time and the
   *  action, so writers racing to record it write the same item once. */
  once?: { at: string },
): Promise<void> {
  const time = once?.at ?? new Date().toISOString();
  await docs.addHistory({
    docuId: doc.docuId,
    ownerId: doc.ownerId,
    itemId: `${time}#${once ? action : randomBytes(4).toString('hex')}`,
    time,
    action,
    actorName: actor.name,
    actorContact: actor.contact,
    actorContactMasked: actor.contact ? maskContact(actor.contact) : '',
    ip: facts.ip,
    userAgent: facts.userAgent,
    ...(reason === undefined ? {} : { reason }),
    ...(target === undefined
      ? {}
      : {
          targetName: target.name,
          targetContact: target.contact,
          targetContactMasked: maskContact(target.contact),
          channel: target.method === 'phone' ? ('sms' as const) : ('email' as const),
        }),
  });
}
