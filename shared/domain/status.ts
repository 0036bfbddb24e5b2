// The document status machine, as data (architecture §6). Statuses and labels are the spec's (doc 1
// §4); the spec does not show the full transition table, so this one is designed from its funnel,
// signer and sealing rules. Each decision is written beside its edge and in docs/domain.md.
// Handlers refuse every transition not listed here with 409 'errors.invalidTransition'.

import type { ContractKind, Recipient } from './entities';
import type { MessageKey } from '../i18n/keys';

// --- Statuses ---------------------------------------------------------------------------------

/** Stored values, exactly as the spec names them. */
export const DOCUMENT_STATUSES = [
  'Ready',
  'Upload',
  'AddRcpt',
  'SetPos',
  'Agree',
  'NeedVConfirm',
  'Generating',
  'Completed',
  'Reject',
  'Reject_legal',
  // Issue #28 (architecture §20): a sent contract whose expiry date passed (the owner may extend it),
  // and one the owner voided with a reason (never seals).
  'Expired',
  'Voided',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export function isDocumentStatus(value: unknown): value is DocumentStatus {
  return typeof value === 'string' && (DOCUMENT_STATUSES as readonly string[]).includes(value);
}

/** The label shown for each status (spec doc 1 §4; Ready has no label there: see docs/domain.md). */
export const DOCUMENT_STATUS_LABEL_KEYS = {
  Ready: 'documents.status.ready',
  Upload: 'documents.status.fileUploaded',
  AddRcpt: 'documents.status.recipientsSet',
  SetPos: 'documents.status.signAreasSet',
  Agree: 'documents.status.waitingSign',
  NeedVConfirm: 'documents.status.waitingVideoConfirm',
  Generating: 'documents.status.generating',
  Completed: 'documents.status.completed',
  Reject: 'documents.status.denied',
  Reject_legal: 'documents.status.eSignDenied',
  Expired: 'documents.status.expired',
  Voided: 'documents.status.voided',
} as const satisfies Record<DocumentStatus, MessageKey>;

/** The owner is still building the contract: nothing has been sent. */
export const DRAFT_STATUSES = [
  'Ready',
  'Upload',
  'AddRcpt',
  'SetPos',
] as const satisfies readonly DocumentStatus[];
/** No event leaves these, except the operator's reseal of a Completed document. */
export const TERMINAL_STATUSES = [
  'Completed',
  'Reject',
  'Reject_legal',
  'Voided',
] as const satisfies readonly DocumentStatus[];

/** A sent contract still waiting for its contractors (expiry, voiding, reminders and delegation act here). */
export const OPEN_STATUSES = ['Agree', 'NeedVConfirm'] as const satisfies readonly DocumentStatus[];

export function isOpen(status: DocumentStatus): boolean {
  return (OPEN_STATUSES as readonly DocumentStatus[]).includes(status);
}

export function isDraft(status: DocumentStatus): boolean {
  return (DRAFT_STATUSES as readonly DocumentStatus[]).includes(status);
}

export function isTerminal(status: DocumentStatus): boolean {
  return (TERMINAL_STATUSES as readonly DocumentStatus[]).includes(status);
}

/**
 * The contract list's tabs: 'draft' while the owner is still building it (nothing sent, issue #14),
 * 'signed' once everyone has signed, 'expired' once its expiry date passed (issue #28), 'pending'
 * otherwise (denied and voided included).
 */
export const DOCUMENT_LIST_TABS = ['draft', 'pending', 'signed', 'expired'] as const;
export type DocumentListTab = (typeof DOCUMENT_LIST_TABS)[number];
export const DOCUMENT_LIST_TAB = {
  Ready: 'draft',
  Upload: 'draft',
  AddRcpt: 'draft',
  SetPos: 'draft',
  Agree: 'pending',
  NeedVConfirm: 'pending',
  Generating: 'signed',
  Completed: 'signed',
  Reject: 'pending',
  Reject_legal: 'pending',
  Expired: 'expired',
  Voided: 'pending',
} as const satisfies Record<DocumentStatus, DocumentListTab>;

// --- Transitions ------------------------------------------------------------------------------

/** What moves a document from one status to another. */
export const DOCUMENT_EVENTS = [
  'upload',
  'saveRecipients',
  'saveSignAreas',
  'send',
  'allSigned',
  'allSignedVideosToConfirm',
  'deny',
  'denyLegal',
  'allVideosConfirmed',
  'denyVideoConfirm',
  'sealed',
  'reseal',
  'expire',
  'extend',
  'extendVideoConfirm',
  'void',
] as const;
export type DocumentEvent = (typeof DOCUMENT_EVENTS)[number];

/** Who causes an event: the owner, a contractor through their link, the system (jobs), or an operator. */
export type TransitionActor = 'owner' | 'signer' | 'system' | 'operator';

export interface Transition {
  readonly from: DocumentStatus;
  readonly to: DocumentStatus;
  readonly event: DocumentEvent;
  readonly by: TransitionActor;
  /** The contract kinds for which the edge exists. */
  readonly kinds: readonly ContractKind[];
  /** Why the edge exists (the decision, in one line). */
  readonly why: string;
}

const ALL_KINDS = ['esign', 'vsign', 'vcontract'] as const satisfies readonly ContractKind[];
const DOCUMENT_KINDS = ['esign', 'vsign'] as const satisfies readonly ContractKind[];

/** The complete transition table. Anything not listed is refused. */
export const TRANSITIONS: readonly Transition[] = [
  // Building the contract (owner). Going back and saving an earlier step again is allowed until sending.
  {
    from: 'Ready',
    to: 'Upload',
    event: 'upload',
    by: 'owner',
    kinds: ALL_KINDS,
    why: 'the uploaded PDF (vcontract: the recorded video) has landed and passed the server-side checks',
  },
  {
    from: 'Upload',
    to: 'Upload',
    event: 'upload',
    by: 'owner',
    kinds: ALL_KINDS,
    why: 'the owner replaces the file before setting up contractors',
  },
  {
    from: 'AddRcpt',
    to: 'Upload',
    event: 'upload',
    by: 'owner',
    kinds: ALL_KINDS,
    why: 're-upload after Previous: contractors are kept, sign areas are cleared (pages may differ)',
  },
  {
    from: 'SetPos',
    to: 'Upload',
    event: 'upload',
    by: 'owner',
    kinds: DOCUMENT_KINDS,
    why: 're-upload after Previous: contractors are kept, sign areas are cleared (pages may differ)',
  },
  {
    from: 'Upload',
    to: 'AddRcpt',
    event: 'saveRecipients',
    by: 'owner',
    kinds: ALL_KINDS,
    why: 'contractors saved (vcontract: the list may be empty)',
  },
  {
    from: 'AddRcpt',
    to: 'AddRcpt',
    event: 'saveRecipients',
    by: 'owner',
    kinds: ALL_KINDS,
    why: 'the owner edits the contractors again',
  },
  {
    from: 'SetPos',
    to: 'AddRcpt',
    event: 'saveRecipients',
    by: 'owner',
    kinds: DOCUMENT_KINDS,
    why: 'contractors edited after placing areas: areas of unchanged contractors are kept, and the sign-area step must be saved again',
  },
  {
    from: 'AddRcpt',
    to: 'SetPos',
    event: 'saveSignAreas',
    by: 'owner',
    kinds: DOCUMENT_KINDS,
    why: 'every contractor has at least one sign area',
  },
  {
    from: 'SetPos',
    to: 'SetPos',
    event: 'saveSignAreas',
    by: 'owner',
    kinds: DOCUMENT_KINDS,
    why: 'the owner moves sign areas again before sending',
  },
  // Sending.
  {
    from: 'SetPos',
    to: 'Agree',
    event: 'send',
    by: 'owner',
    kinds: DOCUMENT_KINDS,
    why: 'terms ticked, requests sent; the owner, when a contractor, agrees at sending (may immediately lead to allSigned)',
  },
  {
    from: 'AddRcpt',
    to: 'Agree',
    event: 'send',
    by: 'owner',
    kinds: ['vcontract'],
    why: 'a video contract has no sign areas: it is finalized right after the contractors step',
  },
  // Signing.
  {
    from: 'Agree',
    to: 'Generating',
    event: 'allSigned',
    by: 'signer',
    kinds: ALL_KINDS,
    why: 'the last contractor agreed and no video needs confirming: exactly one seal job is enqueued',
  },
  {
    from: 'Agree',
    to: 'NeedVConfirm',
    event: 'allSignedVideosToConfirm',
    by: 'signer',
    kinds: ['vsign'],
    why: 'video sign: everyone signed, the videos wait for confirmation (video_confirm_req is sent)',
  },
  {
    from: 'Agree',
    to: 'Reject',
    event: 'deny',
    by: 'signer',
    kinds: ALL_KINDS,
    why: 'a contractor denied with a reason: the contract ends and the reason goes to all participants',
  },
  {
    from: 'Agree',
    to: 'Reject_legal',
    event: 'denyLegal',
    by: 'signer',
    kinds: ALL_KINDS,
    why: 'a contractor refused the Electronic Signature Terms and Conditions',
  },
  // Video confirmation.
  {
    from: 'NeedVConfirm',
    to: 'Generating',
    event: 'allVideosConfirmed',
    by: 'signer',
    kinds: ['vsign'],
    why: 'the last pending video confirmation was given',
  },
  {
    from: 'NeedVConfirm',
    to: 'Reject',
    event: 'denyVideoConfirm',
    by: 'signer',
    kinds: ['vsign'],
    why: 'a contractor denied that the videos are acceptable, with a reason',
  },
  // Sealing.
  {
    from: 'Generating',
    to: 'Completed',
    event: 'sealed',
    by: 'system',
    kinds: ALL_KINDS,
    why: 'the final PDF is sealed, stored and hashed (anchoring and e-mails follow as jobs)',
  },
  // Routing (issue #28): expiry, extension, voiding. Expiry and a last agreement race through the
  // document's version: whichever writes first wins, the other reads again and is refused.
  {
    from: 'Agree',
    to: 'Expired',
    event: 'expire',
    by: 'system',
    kinds: ALL_KINDS,
    why: 'the expiry date passed before everyone answered: links stop working, the owner is told',
  },
  {
    from: 'NeedVConfirm',
    to: 'Expired',
    event: 'expire',
    by: 'system',
    kinds: ['vsign'],
    why: 'the expiry date passed while the videos waited for confirmation',
  },
  {
    from: 'Expired',
    to: 'Agree',
    event: 'extend',
    by: 'owner',
    kinds: ALL_KINDS,
    why: 'the owner set a new expiry date: the contract waits for its contractors again',
  },
  {
    from: 'Expired',
    to: 'NeedVConfirm',
    event: 'extendVideoConfirm',
    by: 'owner',
    kinds: ['vsign'],
    why: 'extended while the videos waited for confirmation: it goes back to waiting for them',
  },
  {
    from: 'Agree',
    to: 'Voided',
    event: 'void',
    by: 'owner',
    kinds: ALL_KINDS,
    why: 'the owner withdrew the contract with a reason: every party is told, it never seals',
  },
  {
    from: 'NeedVConfirm',
    to: 'Voided',
    event: 'void',
    by: 'owner',
    kinds: ['vsign'],
    why: 'the owner withdrew the contract while the videos waited for confirmation',
  },
  {
    from: 'Expired',
    to: 'Voided',
    event: 'void',
    by: 'owner',
    kinds: ALL_KINDS,
    why: 'the owner withdrew an expired contract instead of extending it',
  },
  {
    from: 'Completed',
    to: 'Generating',
    event: 'reseal',
    by: 'operator',
    kinds: ALL_KINDS,
    why: 'an operator seals a document again from scratch; never reachable from the owner or signer API',
  },
];

/** Allowed targets per status, derived from TRANSITIONS (every status has an entry). */
export const ALLOWED_TRANSITIONS: Readonly<Record<DocumentStatus, readonly DocumentStatus[]>> = (() => {
  const table = {} as Record<DocumentStatus, readonly DocumentStatus[]>;
  for (const from of DOCUMENT_STATUSES) {
    table[from] = [...new Set(TRANSITIONS.filter((t) => t.from === from).map((t) => t.to))];
  }
  return table;
})();

/** Thrown for a refused transition; handlers answer 409 with this code. */
export class TransitionError extends Error {
  readonly code = 'errors.invalidTransition' satisfies MessageKey;

  constructor(
    readonly from: DocumentStatus,
    readonly to: DocumentStatus | undefined,
    readonly event?: DocumentEvent,
  ) {
    super(
      to === undefined
        ? `A document in status ${from} cannot take the event ${event ?? '(none)'}`
        : `A document cannot go from ${from} to ${to}${event ? ` by ${event}` : ''}`,
    );
    this.name = 'TransitionError';
  }
}

function edgesFrom(from: DocumentStatus, kind?: ContractKind): Transition[] {
  return TRANSITIONS.filter((t) => t.from === from && (kind === undefined || t.kinds.includes(kind)));
}

/** Whether the table allows `from → to` (for the given contract kind, when one is passed). */
export function canTransition(from: DocumentStatus, to: DocumentStatus, kind?: ContractKind): boolean {
  return edgesFrom(from, kind).some((t) => t.to === to);
}

/** Throws TransitionError unless the table allows `from → to`. */
export function assertTransition(from: DocumentStatus, to: DocumentStatus, kind?: ContractKind): void {
  if (!canTransition(from, to, kind)) throw new TransitionError(from, to);
}

/** The status an event leads to from `from`, or a TransitionError when the event is refused there. */
export function nextStatus(from: DocumentStatus, event: DocumentEvent, kind: ContractKind): DocumentStatus {
  const edge = edgesFrom(from, kind).find((t) => t.event === event);
  if (!edge) throw new TransitionError(from, undefined, event);
  return edge.to;
}

/** The transition an event takes from `from` (with its actor), or undefined when refused. */
export function findTransition(
  from: DocumentStatus,
  event: DocumentEvent,
  kind: ContractKind,
): Transition | undefined {
  return edgesFrom(from, kind).find((t) => t.event === event);
}

// --- Recipient decisions ----------------------------------------------------------------------

/** A contractor's agreement. spec: `rcpt_agree` (any other value is unknown). */
export const RECIPIENT_AGREEMENT = { pending: 0, agreed: 1, denied: 2 } as const;
export type RecipientAgreement = (typeof RECIPIENT_AGREEMENT)[keyof typeof RECIPIENT_AGREEMENT];

/** A contractor's confirmation of the videos. spec: `video_confirm`. */
export const VIDEO_CONFIRM = { pending: 0, confirmed: 1, denied: 2 } as const;
export type VideoConfirmation = (typeof VIDEO_CONFIRM)[keyof typeof VIDEO_CONFIRM];

export function isRecipientAgreement(value: unknown): value is RecipientAgreement {
  return value === 0 || value === 1 || value === 2;
}

export function isVideoConfirmation(value: unknown): value is VideoConfirmation {
  return value === 0 || value === 1 || value === 2;
}

// --- Video recording (video sign, issue #15) ---------------------------------------------------

/** Why a contractor may not record or replace their agreement video now. */
export type VideoRecordingRefusal =
  'video.errors.notVideoSign' | 'video.errors.locked' | 'errors.invalidTransition';

/**
 * Whether a contractor may record (or replace) their agreement video: only on a video-sign contract
 * whose requests are sent (Agree) and only until they have answered it. Once they agreed (or denied)
 * the video is evidence and never changes (architecture §15). Null when they may; otherwise the
 * message key of the refusal (409).
 */
export function videoRecordingRefusal(
  status: DocumentStatus,
  kind: ContractKind,
  agreement: RecipientAgreement,
  recorder: 'signer' | 'owner' = 'signer',
): VideoRecordingRefusal | null {
  if (kind === 'esign') return 'video.errors.notVideoSign';
  // The owner as a contractor records in the funnel, once the positions are set and before sending;
  // sending agrees for them, and their video is then evidence like everyone's. In a video contract the
  // owner's recording is the contract's first step (Ready), and may be recorded again until sending.
  if (recorder === 'owner') {
    if (kind === 'vcontract' ? isDraft(status) : status === 'SetPos') return null;
    return isDraft(status) ? 'errors.invalidTransition' : 'video.errors.locked';
  }
  if (agreement !== RECIPIENT_AGREEMENT.pending) return 'video.errors.locked';
  if (status !== 'Agree') return 'errors.invalidTransition';
  return null;
}

// --- History ----------------------------------------------------------------------------------

/** History actions, exactly as the spec names them (stored values). */
export const HISTORY_ACTIONS = [
  'upload',
  'transfer',
  'agree',
  'reject',
  'reject_legal',
  'reject_vconfirm',
  'video_confirm_req',
  'video_confirm',
  'all_agree',
  'transfer_completion',
  'hash_nft',
  // The owner's claim of a held token (issue #32).
  'token_claimed',
  // Routing (issue #28).
  'remind',
  'expire',
  'extend',
  'delegate',
  'void',
  'contact_change',
  // Collaborative commenting (issue #29 item 3).
  'comment',
  'comment_edit',
  'comment_delete',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The log wording of each action (spec doc 1 §3, History item). */
export const HISTORY_ACTION_KEYS = {
  upload: 'history.actions.upload',
  transfer: 'history.actions.transfer',
  agree: 'history.actions.agree',
  reject: 'history.actions.reject',
  reject_legal: 'history.actions.rejectLegal',
  reject_vconfirm: 'history.actions.rejectVideoConfirm',
  video_confirm_req: 'history.actions.videoConfirmRequest',
  video_confirm: 'history.actions.videoConfirm',
  all_agree: 'history.actions.allAgree',
  transfer_completion: 'history.actions.transferCompletion',
  hash_nft: 'history.actions.hashNft',
  token_claimed: 'history.actions.tokenClaimed',
  remind: 'history.actions.remind',
  expire: 'history.actions.expire',
  extend: 'history.actions.extend',
  delegate: 'history.actions.delegate',
  void: 'history.actions.void',
  contact_change: 'history.actions.contactChange',
  comment: 'commentMail.history.comment',
  comment_edit: 'commentMail.history.commentEdit',
  comment_delete: 'commentMail.history.commentDelete',
} as const satisfies Record<HistoryAction, MessageKey>;

/** The channel a signature request went by (history items of 'transfer'). */
export type HistoryChannel = 'email' | 'sms';

/** The wording of an action, with its channel: a request by SMS is not an e-mail. */
export function historyActionKey(action: HistoryAction, channel?: HistoryChannel | null): MessageKey {
  if (action === 'transfer' && channel === 'sms') return 'history.actions.transferSms';
  if (action === 'remind' && channel === 'sms') return 'history.actions.remindSms';
  return HISTORY_ACTION_KEYS[action];
}

// --- Labels in the contract list --------------------------------------------------------------

/** Overall list labels: Signed All, Sign Denied, Sign Needed, Pending, Signed, Completed. */
export const DOCUMENT_LIST_LABEL_KEYS = {
  signedAll: 'documents.listLabels.signedAll',
  signDenied: 'documents.listLabels.signDenied',
  signNeeded: 'documents.listLabels.signNeeded',
  pending: 'documents.listLabels.pending',
  signed: 'documents.listLabels.signed',
  completed: 'documents.listLabels.completed',
  expired: 'documents.listLabels.expired',
  voided: 'documents.listLabels.voided',
  // Issue #29: a contractor whose videos await confirmation is not 'Signed': the spec's wording of
  // the per-contractor label (the viewer's own confirmation is due) or of the status (others' are).
  videoConfirmRequired: 'recipients.labels.videoConfirmRequired',
  waitingVideoConfirm: 'documents.status.waitingVideoConfirm',
} as const satisfies Record<string, MessageKey>;
export type DocumentListLabel = keyof typeof DOCUMENT_LIST_LABEL_KEYS;

/** Per-contractor labels. */
export const RECIPIENT_LABEL_KEYS = {
  signRequired: 'recipients.labels.signRequired',
  signCompleted: 'recipients.labels.signCompleted',
  signOk: 'recipients.labels.signOk',
  signDenied: 'recipients.labels.signDenied',
  videoRequired: 'recipients.labels.videoRequired',
  videoOk: 'recipients.labels.videoOk',
  videoConfirmRequired: 'recipients.labels.videoConfirmRequired',
  videoConfirmOk: 'recipients.labels.videoConfirmOk',
  videoConfirmDenied: 'recipients.labels.videoConfirmDenied',
  videoContractCompleted: 'recipients.labels.videoContractCompleted',
} as const satisfies Record<string, MessageKey>;
export type RecipientLabel = keyof typeof RECIPIENT_LABEL_KEYS;

type RecipientProgress = Pick<Recipient, 'agreement' | 'videoConfirmation' | 'video'>;

/**
 * The badges of one contractor in the list (spec doc 1 §4, Recipient badges): a video contract shows
 * 'Completed' once agreed; a denial shows the red Sign badge; video signing shows Sign, Video and
 * Video Confirm indicators; plain signing shows Sign Completed or Sign Required.
 */
export function recipientLabels(recipient: RecipientProgress, kind: ContractKind): RecipientLabel[] {
  if (recipient.agreement === RECIPIENT_AGREEMENT.denied) return ['signDenied'];
  if (kind === 'vcontract') {
    return [recipient.agreement === RECIPIENT_AGREEMENT.agreed ? 'videoContractCompleted' : 'videoRequired'];
  }
  if (kind === 'esign') {
    return [recipient.agreement === RECIPIENT_AGREEMENT.agreed ? 'signCompleted' : 'signRequired'];
  }
  const videoConfirm: RecipientLabel =
    recipient.videoConfirmation === VIDEO_CONFIRM.confirmed
      ? 'videoConfirmOk'
      : recipient.videoConfirmation === VIDEO_CONFIRM.denied
        ? 'videoConfirmDenied'
        : 'videoConfirmRequired';
  return [
    recipient.agreement === RECIPIENT_AGREEMENT.agreed ? 'signOk' : 'signRequired',
    recipient.video ? 'videoOk' : 'videoRequired',
    videoConfirm,
  ];
}

/**
 * The overall label of a document card for the viewer: Completed / Signed All once everyone signed,
 * Sign Denied when the contract was denied, Sign Needed when the viewer still has to act, Signed when
 * the viewer has signed and others have not, Pending while the owner is still building it; while the
 * videos await confirmation, Video Confirm Required (the viewer's own is due) or Waiting Video Confirm.
 */
export function documentListLabel(
  status: DocumentStatus,
  viewer: (Pick<Recipient, 'agreement'> & Partial<Pick<Recipient, 'videoConfirmation'>>) | undefined,
): DocumentListLabel {
  switch (status) {
    case 'Completed':
      return 'completed';
    case 'Generating':
      return 'signedAll';
    case 'Reject':
    case 'Reject_legal':
      return 'signDenied';
    case 'Expired':
      return 'expired';
    case 'Voided':
      return 'voided';
    case 'NeedVConfirm':
      // Everyone agreed: the videos wait for confirmations (the viewer's own, or the others').
      return viewer?.videoConfirmation === VIDEO_CONFIRM.pending
        ? 'videoConfirmRequired'
        : 'waitingVideoConfirm';
    case 'Agree':
      return viewer?.agreement === RECIPIENT_AGREEMENT.pending ? 'signNeeded' : viewer ? 'signed' : 'pending';
    default:
      return 'pending';
  }
}

// --- The Continue button of a document card ---------------------------------------------------

/**
 * Where the Continue button leads (spec doc 1 §4, Continue button). Hidden (`hidden`) in Generating and
 * Completed; the owner resumes the funnel step after the saved one; a contractor is sent to what they
 * still have to do; `none` disables the button; `notReady` gives the alert 'contract is not ready yet!!!'.
 */
export type ContinueTarget =
  | 'hidden'
  | 'record'
  | 'addRecipients'
  | 'setSignAreas'
  | 'finalize'
  | 'needSign'
  | 'needVideo'
  | 'needVideoConfirm'
  | 'none'
  | 'notReady';

export function continueTarget(
  status: DocumentStatus,
  kind: ContractKind,
  viewer: RecipientProgress | undefined,
): ContinueTarget {
  switch (status) {
    case 'Generating':
    case 'Completed':
      return 'hidden';
    case 'Upload':
      return 'addRecipients';
    case 'AddRcpt':
      return kind === 'vcontract' ? 'finalize' : 'setSignAreas';
    case 'SetPos':
      return 'finalize';
    case 'Agree':
    case 'NeedVConfirm': {
      if (!viewer) return 'none';
      if (viewer.agreement === RECIPIENT_AGREEMENT.pending) return 'needSign';
      if (kind === 'vsign' && !viewer.video) return 'needVideo';
      if (
        kind === 'vsign' &&
        status === 'NeedVConfirm' &&
        viewer.videoConfirmation === VIDEO_CONFIRM.pending
      ) {
        return 'needVideoConfirm';
      }
      return 'none';
    }
    case 'Reject':
    case 'Reject_legal':
    case 'Expired':
    case 'Voided':
      return 'none';
    case 'Ready':
      // A video contract's first step is the owner's recording (only the owner sees a draft).
      return kind === 'vcontract' ? 'record' : 'notReady';
    default:
      return 'notReady';
  }
}
