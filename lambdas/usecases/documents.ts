// An owner's document (issue #4): create, read, and the contract name and terms of a draft. The other
// steps of the creation funnel have a module each: uploads.ts, recipients.ts (contractors, address
// book, sign areas) and sending.ts; what they share is in document-access.ts, signer links in
// signer-tokens.ts. Rules and messages come from shared/domain; every status change is a conditional
// write (status + version).
import { randomUUID } from 'node:crypto';
import type { DocumentView, UpdateDocumentRequest } from '../../shared/api/schemas';
import type { ContractKind } from '../../shared/domain/entities';
import type { DocumentStatus } from '../../shared/domain/status';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { withConflictRetry } from './retry';
import {
  type DocumentDeps,
  expected,
  ownDocument,
  ownerActor,
  videoContractOwnerRow,
  view,
} from './document-access';

// --- Read ---------------------------------------------------------------------------------------

export async function getDocument(deps: DocumentDeps, user: AuthUser, docuId: string): Promise<DocumentView> {
  await ownDocument(deps, user, docuId);
  return view(deps, docuId);
}

// --- Create -------------------------------------------------------------------------------------

/** How many of the owner's newest drafts are looked through for an unrecorded video contract. */
const REUSE_LOOKBACK = 20;

/**
 * The owner's newest video contract draft that nothing was recorded into yet, or null. The owner's
 * recording moves a video contract from Ready to Upload in the same write that stores it, so Ready
 * says it: no recipient needs reading. Video Contract's Record step opens with one so that its script
 * names the real contract number before Record (issue #34 item 2, decision 133); reusing it keeps
 * repeated visits from leaving a trail of empty drafts.
 */
async function unrecordedVideoContract(deps: DocumentDeps, user: AuthUser): Promise<string | null> {
  const drafts = await deps.docs.latestDrafts(user.sub, REUSE_LOOKBACK);
  return drafts.find((d) => d.kind === 'vcontract' && d.status === 'Ready')?.docuId ?? null;
}

export async function createDocument(
  deps: DocumentDeps,
  user: AuthUser,
  input: { kind: ContractKind; reuseUnrecorded?: boolean; docuId?: string },
  now = new Date(),
): Promise<DocumentView> {
  if (input.kind === 'vcontract' && input.reuseUnrecorded) {
    const reused = await unrecordedVideoContract(deps, user);
    if (reused) return view(deps, reused);
  }
  const docuId = input.docuId ?? randomUUID().replace(/-/g, '');
  const at = now.toISOString();
  // A video contract's first party is its owner, who records the terms (row 0, always there).
  const owner = input.kind === 'vcontract' ? await ownerActor(deps, user) : null;
  await deps.docs.createDocument(
    {
      docuId,
      id4: docuId.slice(0, 4),
      ownerId: user.sub,
      kind: input.kind,
      title: '',
      status: 'Ready',
      privateinfoAgree: false,
      finalRecipients: [],
      pages: [],
      createdAt: at,
      updatedAt: at,
      version: 1,
    },
    owner ? [videoContractOwnerRow(docuId, owner)] : [],
  );
  return view(deps, docuId);
}

// --- Contract name and terms --------------------------------------------------------------------

const DRAFTS: readonly DocumentStatus[] = ['Ready', 'Upload', 'AddRcpt', 'SetPos'];

export async function updateDocument(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: UpdateDocumentRequest,
): Promise<DocumentView> {
  const changes: { title?: string; privateinfoAgree?: boolean } = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.privateinfoAgree !== undefined) changes.privateinfoAgree = input.privateinfoAgree;
  // The name and the terms box are independent fields: a save of one must not fail because the
  // owner's other save (the name's blur save and the box's, sent together) moved the version. The
  // write stays conditional (a draft, the version read), and a conflict is read and written again.
  await withConflictRetry(async () => {
    const doc = await ownDocument(deps, user, docuId);
    if (!DRAFTS.includes(doc.status)) {
      throw new AppError('errors.invalidTransition', `A document in status ${doc.status} cannot be edited`, {
        status: 409,
      });
    }
    if (Object.keys(changes).length) await deps.docs.updateDocument(docuId, expected(doc), changes);
  });
  return view(deps, docuId);
}
