// One history item of a document: time, action, actor (name, contact and its masked form), IP and user
// agent of the request, and for denials the reason. Written by the funnel and the signer flow.
import { randomBytes } from 'node:crypto';
import { maskContact } from '../../shared/domain/contact';
import type { HistoryAction } from '../../shared/domain/status';
import type { DocumentRecord, DocumentRepository } from '../adapters/dynamo/documents';

/** Network facts of the request, recorded in the history. */
export interface RequestFacts {
  readonly ip: string;
  readonly userAgent: string;
}

export async function recordHistory(
  docs: Pick<DocumentRepository, 'addHistory'>,
  doc: DocumentRecord,
  action: HistoryAction,
  actor: { name: string; contact: string },
  facts: RequestFacts,
  reason?: string,
): Promise<void> {
  const time = new Date().toISOString();
  await docs.addHistory({
    docuId: doc.docuId,
    ownerId: doc.ownerId,
    itemId: `${time}#${randomBytes(4).toString('hex')}`,
    time,
    action,
    actorName: actor.name,
    actorContact: actor.contact,
    actorContactMasked: actor.contact ? maskContact(actor.contact) : '',
    ip: facts.ip,
    userAgent: facts.userAgent,
    ...(reason === undefined ? {} : { reason }),
  });
}
