// The signer flow (spec doc 1 §2 "Signer flow (/outsign)", §4) as one state machine: which screen
// shows is the state's `name`, and only the events of the table below move it. An event a state does
// not list is refused: the reducer returns the very same state, so React renders nothing new.
//
// Names follow the spec's screens. A dialog over a screen is a state of its own, named
// `<screen>.<dialog>` ('review.terms': the e-sign agreement dialog over the document), so that
// closing it knows where to return and the table says what each dialog allows.
//
// Issue #28 (routing): a link used before its turn, after the request expired or once it was voided
// ends on 'refused' — from the view's load or from any call refused on the way (`refused`); an
// approver reads and approves ('approve' opens the terms, no fields); a viewer only reads; a
// contractor the owner lets forward their request does it from the review ('review.forward').
//
// To add a screen: add its name to `STATE_NAMES`, a row to `transitions`, and an edge to it from the
// rows that lead there; the page renders it from `state.name`. To add an event: add it to
// `SignerEvent` and `EVENT_TYPES`, then to the rows that accept it. The unit test walks every state
// × every event (test/unit/web/signer-machine.test.ts), so a new one must be placed in its table.
import type { SignerSign, SignerView } from '../../../../shared/api/schemas';
import type { SignerClosedDetails } from '../../../../shared/api/schemas/signer-states';
import { isImageField } from '../../../../shared/domain/fields';
import { endOnArrival } from './arrival';

export const STATE_NAMES = [
  /** The contract's view is on its way. */
  'loading',
  /** The view arrived; checking whether someone else is signed in on this browser. */
  'identifying',
  /** The link is unknown or malformed (404/400): an error page of its own. */
  'invalidLink',
  /** The view could not be loaded for another reason. */
  'loadFailed',
  /** 'Caution!': signed in with an ID other than the one to sign. */
  'caution',
  /** The 'Request to Sign' popup over the document (Setup). */
  'request',
  /** The document's pages with the signer's areas: Sign All, Edit Sign, Deny, Next (Signing). */
  'review',
  /** The sign maker (Draw, Auto Generation, stamps) over the review. */
  'review.signMaker',
  /** The change-sign popup over the review. */
  'review.changeSign',
  /** The deny popup (with a reason) over the review. */
  'review.deny',
  /** The e-sign agreement dialog (Electronic Signature Terms and Conditions) over the review. */
  'review.terms',
  /** Forward to someone else (delegation, issue #28) over the review: name, contact, reason. */
  'review.forward',
  /** The video step: the agreement video (Video Sign), or the owner's video then one's own (Video Contract). */
  'video',
  /** The deny popup over a video contract's video step. */
  'video.deny',
  /** The e-sign agreement dialog after the video. */
  'video.terms',
  /** End screens (Complete). */
  'completed',
  'signingDenied',
  'legalDenied',
  'alreadyAgreed',
  'alreadyDenied',
  /** The contract is no longer waiting for signatures. */
  'closed',
  /** Routing refused the link (issue #28): not their turn yet, expired or voided (`refusal`). */
  'refused',
  /** The request was forwarded to someone else: this link no longer works (`forwardedTo`). */
  'forwarded',
] as const;
export type StateName = (typeof STATE_NAMES)[number];

export const END_STATES = [
  'completed',
  'signingDenied',
  'legalDenied',
  'alreadyAgreed',
  'alreadyDenied',
  'closed',
  'refused',
  'forwarded',
] as const satisfies readonly StateName[];
export type EndName = (typeof END_STATES)[number];

/** The phone hand-off of the video step (issue #15): its link, whether its dialog shows, its error. */
export interface Handoff {
  url: string | null;
  dialog: boolean;
  error: string | null;
  /** When the video was recorded before the hand-off began: a newer one is the phone's. */
  before: string | null;
}

/** Why the link is refused now: routing (409 `signing.errors.notYourTurn | expired | voided`), or a
 *  contract that is over (issue #29: 409 `signerStates.errors.declined | completed`). */
export type Refusal =
  | { kind: 'notYourTurn'; waitingFor: readonly string[] }
  | { kind: 'expired'; expiredAt: string | null }
  | { kind: 'voided'; reason: string | null }
  | { kind: 'declined'; declined: SignerClosedDetails | null }
  | { kind: 'completed'; completedAt: string | null };

export interface SignerState {
  name: StateName;
  view: SignerView | null;
  /** The signer's signs so far (those of the view, then those made here). */
  signs: readonly SignerSign[];
  /** The sign a new 'Sign All' uses. */
  current: string | null;
  /** Area index → sign id, for the signer's own image fields (signature, initials, stamp). */
  assigned: ReadonlyMap<number, string>;
  /** A signing call is on its way. */
  pending: boolean;
  /** The last failed call's message, shown on the screen. */
  error: string | null;
  /** Why the view could not be loaded ('loadFailed'). */
  failure: string | null;
  /** What a sign made in the sign maker does: apply it everywhere, or replace the applied one. */
  afterMake: 'signAll' | 'replace';
  /** Bumped when the signer starts signing: the review then takes them to their first unsigned area. */
  arrival: number;
  handoff: Handoff | null;
  /** Why the link is refused ('refused'). */
  refusal: Refusal | null;
  /** Whom the request was forwarded to ('forwarded'). */
  forwardedTo: string | null;
}

type VideoSummary = SignerView['me']['video'];

export type SignerEvent =
  // The contract's view
  | { type: 'viewLoaded'; view: SignerView }
  | { type: 'viewFailed'; invalidLink: boolean; message: string }
  | { type: 'identified'; otherUser: boolean }
  // Caution and request popups
  | { type: 'logout' }
  | { type: 'sign' }
  // Review
  | { type: 'signAll' }
  /** One image field pressed: the current sign there (the sign maker first when there is none). */
  | { type: 'signArea'; areaIndex: number }
  | { type: 'editSign' }
  | { type: 'deny' }
  | { type: 'chooseSign'; signId: string }
  | { type: 'makeNewSign' }
  | { type: 'signMade'; sign: SignerSign }
  /** Closes the dialog over a screen (its Cancel, Escape). */
  | { type: 'cancel' }
  // Signing calls: one at a time, answered by one of the four after it
  | { type: 'sending' }
  | { type: 'sendFailed'; message: string }
  | { type: 'signsSaved'; view: SignerView }
  | { type: 'agreed' }
  | { type: 'termsRejected' }
  | { type: 'signingDenied' }
  // Video step
  | { type: 'videoDone' }
  | { type: 'usePhone' }
  | { type: 'phoneLinkMade'; url: string }
  | { type: 'phoneLinkFailed'; message: string }
  | { type: 'phoneDialogClosed' }
  | { type: 'phoneVideoArrived'; video: NonNullable<VideoSummary> }
  // Routing (issue #28)
  /** The view or any call was refused by routing: the page of that refusal, whatever showed. */
  | { type: 'refused'; refusal: Refusal }
  /** An approver's Approve: the terms, then the agreement (no fields to save). */
  | { type: 'approve' }
  /** Forward to someone else: its dialog, then its call's two answers. */
  | { type: 'forward' }
  | { type: 'forwardFailed'; message: string }
  | { type: 'forwarded'; name: string };
export type EventType = SignerEvent['type'];

export const EVENT_TYPES = [
  'viewLoaded',
  'viewFailed',
  'identified',
  'logout',
  'sign',
  'signAll',
  'signArea',
  'editSign',
  'deny',
  'chooseSign',
  'makeNewSign',
  'signMade',
  'cancel',
  'sending',
  'sendFailed',
  'signsSaved',
  'agreed',
  'termsRejected',
  'signingDenied',
  'videoDone',
  'usePhone',
  'phoneLinkMade',
  'phoneLinkFailed',
  'phoneDialogClosed',
  'phoneVideoArrived',
  'refused',
  'approve',
  'forward',
  'forwardFailed',
  'forwarded',
] as const satisfies readonly EventType[];

export const initialSignerState: SignerState = {
  name: 'loading',
  view: null,
  signs: [],
  current: null,
  assigned: new Map(),
  pending: false,
  error: null,
  failure: null,
  afterMake: 'replace',
  arrival: 0,
  handoff: null,
  refusal: null,
  forwardedTo: null,
};

/** The sign a new 'Sign All' uses: the newest of the signer's signs. */
function newestSign(signs: readonly SignerSign[]): SignerSign | undefined {
  return [...signs].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
}

const myAreas = (view: SignerView | null) => view?.recipients.find((r) => r.mine)?.areas ?? [];
/** The signer's fields a sign fills (issue #27: the other types are typed, picked or attached). */
const myImageAreas = (view: SignerView | null) => myAreas(view).filter((a) => isImageField(a.type));

export { endOnArrival };

/** The contractor's role in the view (a view without one, before issue #28, is a signer's). */
export const roleOf = (view: SignerView | null) => view?.me.role ?? 'signer';

/** Whether the link holder may forward their request now (never a viewer: they have nothing to do). */
export const canForward = (view: SignerView | null) =>
  Boolean(view?.routing.canDelegate) && roleOf(view) !== 'viewer';

export function isEndState(name: StateName): name is EndName {
  return (END_STATES as readonly StateName[]).includes(name);
}

/** The screen under a dialog (itself when no dialog shows). */
export function screenOf(name: StateName): StateName {
  return name.startsWith('review') ? 'review' : name.startsWith('video') ? 'video' : name;
}

/** The step of 'Setup, Signing, Complete' a state belongs to (0-based). */
export function stepOf(name: StateName): 0 | 1 | 2 {
  if (isEndState(name)) return 2;
  const screen = screenOf(name);
  return screen === 'review' || screen === 'video' ? 1 : 0;
}

// ----- Transitions: each a pure (state, event) → state -----

type Handler<E extends EventType> = (
  state: SignerState,
  event: Extract<SignerEvent, { type: E }>,
) => SignerState;
type Row = { readonly [E in EventType]?: Handler<E> };

const go =
  (name: StateName) =>
  (state: SignerState): SignerState => ({ ...state, name });

/** Opens a dialog over the current screen; a new dialog clears the last error. */
const open =
  (name: StateName, changes: Partial<SignerState> = {}) =>
  (state: SignerState): SignerState => ({ ...state, ...changes, name, error: null });

const viewLoaded: Handler<'viewLoaded'> = (state, { view }) => {
  const signs = view.signs;
  const assigned = new Map(
    myAreas(view).flatMap((a) => (a.signId ? [[a.areaIndex, a.signId] as const] : [])),
  );
  return {
    ...state,
    name: endOnArrival(view) ?? 'identifying',
    view,
    signs,
    current: newestSign(signs)?.signId ?? null,
    assigned,
  };
};

/** After the view, the 'Request to Sign' popup; a viewer has nothing to be asked: the document. */
const identified: Handler<'identified'> = (state, { otherUser }) =>
  otherUser
    ? go('caution')(state)
    : roleOf(state.view) === 'viewer'
      ? go('review')(state)
      : go('request')(state);

const viewFailed: Handler<'viewFailed'> = (state, { invalidLink, message }) =>
  invalidLink ? { ...state, name: 'invalidLink' } : { ...state, name: 'loadFailed', failure: message };

/**
 * Sign (or Escape) in the request popup: a video contract has nothing to sign, so its videos. An
 * approver (or a viewer) records nothing: the review, where they read and answer.
 */
const startSigning: Handler<'sign'> = (state) =>
  state.view?.kind === 'vcontract' && roleOf(state.view) === 'signer'
    ? { ...state, name: 'video' }
    : { ...state, name: 'review', arrival: state.arrival + 1 };

const signAllWith = (state: SignerState, signId: string) =>
  new Map(myImageAreas(state.view).map((a) => [a.areaIndex, signId] as const));

/** A changed sign replaces the one already applied to the signer's areas. */
const replaceApplied = (state: SignerState, signId: string) =>
  new Map([...state.assigned.keys()].map((k) => [k, signId] as const));

/** Sign All: the current sign everywhere, or the sign maker first when there is none. */
const signAll: Handler<'signAll'> = (state) =>
  state.current
    ? { ...state, error: null, assigned: signAllWith(state, state.current) }
    : open('review.signMaker', { afterMake: 'signAll' })(state);

/** One image field: the current sign there; without a sign yet, the maker (its sign then goes everywhere). */
const signArea: Handler<'signArea'> = (state, { areaIndex }) => {
  if (!myImageAreas(state.view).some((a) => a.areaIndex === areaIndex)) return state;
  if (!state.current) return open('review.signMaker', { afterMake: 'signAll' })(state);
  return { ...state, error: null, assigned: new Map([...state.assigned, [areaIndex, state.current]]) };
};

const chooseSign: Handler<'chooseSign'> = (state, { signId }) => ({
  ...state,
  name: 'review',
  current: signId,
  assigned: replaceApplied(state, signId),
});

const signMade: Handler<'signMade'> = (state, { sign }) => ({
  ...state,
  name: 'review',
  signs: [...state.signs, sign],
  current: sign.signId,
  assigned:
    state.afterMake === 'signAll' ? signAllWith(state, sign.signId) : replaceApplied(state, sign.signId),
});

const sending: Handler<'sending'> = (state) => ({ ...state, pending: true, error: null });

/** A failed call closes its dialog and shows its message on the screen under it. */
const sendFailed: Handler<'sendFailed'> = (state, { message }) => ({
  ...state,
  name: screenOf(state.name),
  pending: false,
  error: message,
});

/** Next saved the signs: a Video Sign records its video before the terms (spec doc 1 §4). */
const signsSaved: Handler<'signsSaved'> = (state, { view }) => ({
  ...state,
  name: view.kind === 'vsign' ? 'video' : 'review.terms',
  view,
  pending: false,
});

const finish =
  (name: EndName) =>
  (state: SignerState): SignerState => ({ ...state, name, pending: false });

/**
 * The answers to a signing call (agree, reject the terms, deny), taken on whichever screen or dialog
 * the signer went to meanwhile: what the server recorded is what the page shows.
 */
const callAnswers = {
  sendFailed,
  agreed: finish('completed'),
  termsRejected: finish('legalDenied'),
  signingDenied: finish('signingDenied'),
} satisfies Row;
/** On the review, Next's answer too. */
const reviewCallAnswers = { ...callAnswers, signsSaved } satisfies Row;

const usePhone: Handler<'usePhone'> = (state) => ({
  ...state,
  handoff: { url: null, dialog: true, error: null, before: state.view?.me.video?.recordedAt ?? null },
});

/** The answers of the hand-off's link call count only while the hand-off is still open. */
const withHandoff =
  <E extends EventType>(
    change: (handoff: Handoff, event: Extract<SignerEvent, { type: E }>) => Handoff,
  ): Handler<E> =>
  (state, event) =>
    state.handoff ? { ...state, handoff: change(state.handoff, event) } : state;

/** The computer goes on by itself once the phone's video has arrived: to the terms. */
const phoneVideoArrived: Handler<'phoneVideoArrived'> = (state, { video }) =>
  state.handoff && state.view
    ? {
        ...state,
        name: 'video.terms',
        view: { ...state.view, me: { ...state.view.me, video } },
        handoff: null,
      }
    : state;

/** Routing's refusal ends the flow on its page, whatever showed (a dialog, a call on its way). */
const refused: Handler<'refused'> = (state, { refusal }) => ({
  ...state,
  name: 'refused',
  refusal,
  pending: false,
  handoff: null,
});

/** An approver's Approve: the e-sign terms, as a signer's Next leads to them (nothing to save). */
const approve: Handler<'approve'> = (state) =>
  roleOf(state.view) === 'approver' ? open('review.terms')(state) : state;

/** Forward opens its dialog only when the server allows it for this link. */
const forward: Handler<'forward'> = (state) =>
  canForward(state.view) ? open('review.forward')(state) : state;

/** A refused forward stays in its dialog (what was typed is kept) with the server's message. */
const forwardFailed: Handler<'forwardFailed'> = (state, { message }) => ({
  ...state,
  pending: false,
  error: message,
});

const forwarded: Handler<'forwarded'> = (state, { name }) => ({
  ...state,
  name: 'forwarded',
  pending: false,
  error: null,
  forwardedTo: name,
});

/** What the hand-off accepts on the video step and on the dialogs over it. */
const phoneAnswers = {
  phoneLinkMade: withHandoff<'phoneLinkMade'>((h, { url }) => ({ ...h, url })),
  phoneLinkFailed: withHandoff<'phoneLinkFailed'>((h, { message }) => ({ ...h, error: message })),
  phoneDialogClosed: withHandoff<'phoneDialogClosed'>((h) => ({ ...h, dialog: false })),
  phoneVideoArrived,
} satisfies Row;

/** The transition table: for each state, the events it accepts. */
export const transitions: { readonly [S in StateName]: Row } = {
  loading: { viewLoaded, viewFailed, refused },
  identifying: { identified, refused },
  invalidLink: {},
  loadFailed: {},
  caution: { logout: (state) => ({ ...state, pending: true }), refused },
  request: { sign: startSigning, refused },
  review: {
    signAll,
    signArea,
    editSign: open('review.changeSign'),
    deny: open('review.deny'),
    approve,
    forward,
    // Next
    sending,
    ...reviewCallAnswers,
    refused,
  },
  'review.signMaker': { signMade, cancel: go('review'), ...reviewCallAnswers, refused },
  'review.changeSign': {
    chooseSign,
    makeNewSign: (state) => ({ ...state, name: 'review.signMaker', afterMake: 'replace' }),
    cancel: go('review'),
    ...reviewCallAnswers,
    refused,
  },
  'review.deny': { cancel: go('review'), sending, ...reviewCallAnswers, refused },
  'review.terms': { cancel: go('review'), sending, ...reviewCallAnswers, refused },
  'review.forward': {
    cancel: go('review'),
    sending,
    forwardFailed,
    forwarded,
    ...reviewCallAnswers,
    refused,
  },
  video: {
    deny: open('video.deny'),
    videoDone: go('video.terms'),
    usePhone,
    ...phoneAnswers,
    ...callAnswers,
    refused,
  },
  'video.deny': {
    cancel: go('video'),
    sending,
    videoDone: go('video.terms'),
    ...phoneAnswers,
    ...callAnswers,
    refused,
  },
  'video.terms': { cancel: go('video'), sending, ...phoneAnswers, ...callAnswers, refused },
  completed: {},
  signingDenied: {},
  legalDenied: {},
  alreadyAgreed: {},
  alreadyDenied: {},
  closed: {},
  refused: {},
  forwarded: {},
};

/** The events a state accepts (the rest are refused). */
export function acceptedEvents(name: StateName): EventType[] {
  return EVENT_TYPES.filter((type) => transitions[name][type] !== undefined);
}

export function signerReducer(state: SignerState, event: SignerEvent): SignerState {
  const handler = transitions[state.name][event.type] as
    ((state: SignerState, event: SignerEvent) => SignerState) | undefined;
  return handler ? handler(state, event) : state;
}
