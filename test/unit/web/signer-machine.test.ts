// The signer flow's state machine (issue #26, spec doc 1 §2 "Signer flow (/outsign)"): every state ×
// every event is either an edge of the table below or refused (the very same state back), and each
// edge does what the screens rely on.
import type { SignerSign, SignerView } from '../../../shared/api/schemas';
import {
  EVENT_TYPES,
  STATE_NAMES,
  acceptedEvents,
  initialSignerState,
  signerReducer,
  stepOf,
  type EventType,
  type SignerEvent,
  type SignerState,
  type StateName,
} from '../../../web/src/features/signer/machine';

const area = (areaIndex: number, signId: string | null = null) => ({
  areaIndex,
  pageIndex: 0,
  x: 10,
  y: 10 + areaIndex * 60,
  width: 150,
  height: 50,
  type: 'signature' as const,
  required: true,
  signed: signId !== null,
  signId,
});

function makeView(overrides: Partial<SignerView> = {}, me: Partial<SignerView['me']> = {}): SignerView {
  return {
    docuId: 'd1',
    id4: 'AB12',
    kind: 'esign',
    title: 'Lease',
    status: 'Agree',
    pages: [{ width: 595, height: 842 }],
    fileUrl: 'https://files.test/original.pdf',
    ownerName: 'Olivia Owner',
    recipients: [
      {
        index: 1,
        name: 'Mia',
        contactMasked: 'm***@example.com',
        method: 'email',
        agreement: 0,
        mine: true,
        role: 'signer',
        group: 1,
        areas: [area(0, 'old'), area(1)],
      },
      {
        index: 2,
        name: 'Noah',
        contactMasked: 'n***@example.com',
        method: 'email',
        agreement: 0,
        mine: false,
        role: 'signer',
        group: 1,
        areas: [area(2)],
      },
    ],
    me: {
      index: 1,
      ordinal: 1,
      name: 'Mia',
      contactMasked: 'm***@example.com',
      agreement: 0,
      role: 'signer',
      group: 1,
      video: null,
      ...me,
    },
    signs: [
      { signId: 'old', url: 'https://signs.test/old.png', createdAt: '2026-01-01T00:00:00.000Z' },
      { signId: 'newest', url: 'https://signs.test/newest.png', createdAt: '2026-03-01T00:00:00.000Z' },
      { signId: 'middle', url: 'https://signs.test/middle.png', createdAt: '2026-02-01T00:00:00.000Z' },
    ],
    ownerVideo: null,
    routing: { canDelegate: false, expiresAt: null },
    ...overrides,
  };
}

const made: SignerSign = {
  signId: 'made',
  url: 'https://signs.test/made.png',
  createdAt: '2026-04-01T00:00:00.000Z',
};
const phoneVideo = { contentType: 'video/mp4', sizeBytes: 2048, recordedAt: '2026-04-02T00:00:00.000Z' };

/** One event of each type, as the page sends it. */
const sample: { [E in EventType]: Extract<SignerEvent, { type: E }> } = {
  viewLoaded: { type: 'viewLoaded', view: makeView() },
  viewFailed: { type: 'viewFailed', invalidLink: false, message: 'Server error' },
  identified: { type: 'identified', otherUser: false },
  logout: { type: 'logout' },
  sign: { type: 'sign' },
  signAll: { type: 'signAll' },
  signArea: { type: 'signArea', areaIndex: 1 },
  editSign: { type: 'editSign' },
  deny: { type: 'deny' },
  chooseSign: { type: 'chooseSign', signId: 'old' },
  makeNewSign: { type: 'makeNewSign' },
  signMade: { type: 'signMade', sign: made },
  cancel: { type: 'cancel' },
  sending: { type: 'sending' },
  sendFailed: { type: 'sendFailed', message: 'Try again' },
  signsSaved: { type: 'signsSaved', view: makeView() },
  agreed: { type: 'agreed' },
  termsRejected: { type: 'termsRejected' },
  signingDenied: { type: 'signingDenied' },
  videoDone: { type: 'videoDone' },
  usePhone: { type: 'usePhone' },
  phoneLinkMade: { type: 'phoneLinkMade', url: 'https://app.test/en/vsign_mobile/t' },
  phoneLinkFailed: { type: 'phoneLinkFailed', message: 'No link' },
  phoneDialogClosed: { type: 'phoneDialogClosed' },
  phoneVideoArrived: { type: 'phoneVideoArrived', video: phoneVideo },
  refused: { type: 'refused', refusal: { kind: 'notYourTurn', waitingFor: ['Ann', 'Bo'] } },
  approve: { type: 'approve' },
  forward: { type: 'forward' },
  forwardFailed: { type: 'forwardFailed', message: 'Invalid email address' },
  forwarded: { type: 'forwarded', name: 'Nora New' },
};

/** Issue #28: an approver's view, and a view whose link may forward its request. */
const approverView = (overrides: Partial<SignerView> = {}) => makeView(overrides, { role: 'approver' });
const forwardable = (me: Partial<SignerView['me']> = {}) =>
  makeView({ routing: { canDelegate: true, expiresAt: null } }, me);

/** A state of the given name, with everything an edge may need (a view, a sign, an open hand-off). */
const at = (name: StateName, changes: Partial<SignerState> = {}): SignerState => ({
  ...initialSignerState,
  name,
  view: makeView(),
  signs: makeView().signs,
  current: 'newest',
  assigned: new Map([[0, 'old']]),
  handoff: { url: null, dialog: true, error: null, before: null },
  ...changes,
});

// The answers to a signing call are taken wherever the signer went meanwhile (a Cancel does not
// undo what the server recorded); Next's answer only on the review, where Next is.
const callAnswers = {
  sendFailed: 'video',
  agreed: 'completed',
  termsRejected: 'legalDenied',
  signingDenied: 'signingDenied',
} as const;
const reviewCalls = { ...callAnswers, sendFailed: 'review', signsSaved: 'review.terms' } as const;
const phone = {
  phoneLinkMade: 'video',
  phoneLinkFailed: 'video',
  phoneDialogClosed: 'video',
  phoneVideoArrived: 'video.terms',
} as const;
/** The hand-off's own events keep a dialog over the video where it is. */
const phoneUnder = (name: StateName) =>
  ({
    phoneLinkMade: name,
    phoneLinkFailed: name,
    phoneDialogClosed: name,
    phoneVideoArrived: 'video.terms',
  }) as const;

/** Routing's refusal (issue #28) is taken everywhere until the flow ended. */
const refused = { refused: 'refused' } as const;

/** The whole table: for each state, each accepted event and where it leads. Everything else is refused. */
const expected: { [S in StateName]: Partial<Record<EventType, StateName>> } = {
  loading: { viewLoaded: 'identifying', viewFailed: 'loadFailed', ...refused },
  identifying: { identified: 'request', ...refused },
  invalidLink: {},
  loadFailed: {},
  caution: { logout: 'caution', ...refused },
  request: { sign: 'review', ...refused },
  review: {
    signAll: 'review',
    signArea: 'review',
    editSign: 'review.changeSign',
    deny: 'review.deny',
    approve: 'review.terms',
    forward: 'review.forward',
    sending: 'review',
    ...reviewCalls,
    ...refused,
  },
  'review.signMaker': { signMade: 'review', cancel: 'review', ...reviewCalls, ...refused },
  'review.changeSign': {
    chooseSign: 'review',
    makeNewSign: 'review.signMaker',
    cancel: 'review',
    ...reviewCalls,
    ...refused,
  },
  'review.deny': { cancel: 'review', sending: 'review.deny', ...reviewCalls, ...refused },
  'review.terms': { cancel: 'review', sending: 'review.terms', ...reviewCalls, ...refused },
  'review.forward': {
    cancel: 'review',
    sending: 'review.forward',
    forwardFailed: 'review.forward',
    forwarded: 'forwarded',
    ...reviewCalls,
    ...refused,
  },
  video: {
    deny: 'video.deny',
    videoDone: 'video.terms',
    usePhone: 'video',
    ...phone,
    ...callAnswers,
    ...refused,
  },
  'video.deny': {
    cancel: 'video',
    sending: 'video.deny',
    videoDone: 'video.terms',
    ...phoneUnder('video.deny'),
    ...callAnswers,
    ...refused,
  },
  'video.terms': {
    cancel: 'video',
    sending: 'video.terms',
    ...phoneUnder('video.terms'),
    ...callAnswers,
    ...refused,
  },
  completed: {},
  signingDenied: {},
  legalDenied: {},
  alreadyAgreed: {},
  alreadyDenied: {},
  closed: {},
  refused: {},
  forwarded: {},
};

/** The state a cell of the table starts from: Approve needs an approver, Forward a link allowed to. */
const cellState = (name: StateName, type: EventType): SignerState =>
  type === 'approve'
    ? at(name, { view: approverView() })
    : type === 'forward'
      ? at(name, { view: forwardable() })
      : at(name);

describe('the signer machine: its transition table', () => {
  const cells = STATE_NAMES.flatMap((name) => EVENT_TYPES.map((type) => [name, type] as const));

  it.each(cells)('in %s, %s goes where the table says or is refused', (name, type) => {
    const state = cellState(name, type);
    const next = signerReducer(state, sample[type]);
    const target = expected[name][type];
    if (target === undefined) {
      expect(next).toBe(state);
    } else {
      expect(next).not.toBe(state);
      expect(next.name).toBe(target);
    }
  });

  it('lists as accepted exactly the events of the table', () => {
    for (const name of STATE_NAMES) {
      expect(acceptedEvents(name).sort()).toEqual(Object.keys(expected[name]).sort());
    }
  });

  it('ends nowhere: an end screen or an unusable link accepts no event', () => {
    for (const name of [
      'invalidLink',
      'loadFailed',
      'completed',
      'signingDenied',
      'legalDenied',
      'alreadyAgreed',
      'alreadyDenied',
      'closed',
      'refused',
      'forwarded',
    ] as const) {
      expect(acceptedEvents(name)).toEqual([]);
    }
  });

  it('puts each state on its step of Setup, Signing, Complete', () => {
    expect(stepOf('loading')).toBe(0);
    expect(stepOf('caution')).toBe(0);
    expect(stepOf('request')).toBe(0);
    expect(stepOf('review')).toBe(1);
    expect(stepOf('review.terms')).toBe(1);
    expect(stepOf('video.deny')).toBe(1);
    expect(stepOf('completed')).toBe(2);
    expect(stepOf('closed')).toBe(2);
    expect(stepOf('review.forward')).toBe(1);
    expect(stepOf('forwarded')).toBe(2);
  });
});

describe('the signer machine: arriving', () => {
  const loading = initialSignerState;

  it('takes the signer’s signs, the newest as the current one, and the signs already applied', () => {
    const next = signerReducer(loading, { type: 'viewLoaded', view: makeView() });
    expect(next.name).toBe('identifying');
    expect(next.signs.map((s) => s.signId)).toEqual(['old', 'newest', 'middle']);
    expect(next.current).toBe('newest');
    expect([...next.assigned]).toEqual([[0, 'old']]);
  });

  it('ends at once on an agreement already given or refused, or a contract no longer signing', () => {
    const arrive = (view: SignerView) => signerReducer(loading, { type: 'viewLoaded', view }).name;
    expect(arrive(makeView({}, { agreement: 1 }))).toBe('alreadyAgreed');
    expect(arrive(makeView({}, { agreement: 2 }))).toBe('alreadyDenied');
    expect(arrive(makeView({ status: 'Completed' }))).toBe('closed');
  });

  it('tells an unusable link from another failure', () => {
    const invalid = signerReducer(loading, { type: 'viewFailed', invalidLink: true, message: 'x' });
    expect(invalid.name).toBe('invalidLink');
    const failed = signerReducer(loading, {
      type: 'viewFailed',
      invalidLink: false,
      message: 'Server error',
    });
    expect(failed).toMatchObject({ name: 'loadFailed', failure: 'Server error' });
  });

  it('cautions first when someone else is signed in here, and the logout waits', () => {
    const caution = signerReducer(at('identifying'), { type: 'identified', otherUser: true });
    expect(caution.name).toBe('caution');
    expect(signerReducer(caution, { type: 'logout' }).pending).toBe(true);
  });

  it('goes from the request to the review (bumping the arrival), and a video contract to its videos', () => {
    const review = signerReducer(at('request'), { type: 'sign' });
    expect(review).toMatchObject({ name: 'review', arrival: 1 });
    const video = signerReducer(at('request', { view: makeView({ kind: 'vcontract' }) }), { type: 'sign' });
    expect(video).toMatchObject({ name: 'video', arrival: 0 });
  });
});

describe('the signer machine: signing', () => {
  it('Sign All applies the current sign to every own area and clears the last error', () => {
    const next = signerReducer(at('review', { error: 'old error' }), { type: 'signAll' });
    expect([...next.assigned]).toEqual([
      [0, 'newest'],
      [1, 'newest'],
    ]);
    expect(next.error).toBeNull();
  });

  it('Sign All without a sign opens the sign maker, whose sign then goes everywhere', () => {
    const maker = signerReducer(at('review', { current: null, signs: [], assigned: new Map() }), {
      type: 'signAll',
    });
    expect(maker).toMatchObject({ name: 'review.signMaker', afterMake: 'signAll' });
    const next = signerReducer(maker, { type: 'signMade', sign: made });
    expect(next.name).toBe('review');
    expect(next.signs).toEqual([made]);
    expect(next.current).toBe('made');
    expect([...next.assigned]).toEqual([
      [0, 'made'],
      [1, 'made'],
    ]);
  });

  it('Sign All fills only the image fields (signature, initials, stamp), not the typed ones', () => {
    const view = makeView();
    const mine = view.recipients[0]!;
    const fields = [
      { ...mine.areas[0]!, type: 'initials' as const },
      { ...mine.areas[1]!, type: 'text' as const, required: false, signId: null },
      { ...mine.areas[1]!, areaIndex: 2, type: 'stamp' as const, signId: null },
      { ...mine.areas[1]!, areaIndex: 3, type: 'checkbox' as const, signId: null },
    ];
    const withFields = { ...view, recipients: [{ ...mine, areas: fields }, view.recipients[1]!] };
    const next = signerReducer(at('review', { view: withFields }), { type: 'signAll' });
    expect([...next.assigned]).toEqual([
      [0, 'newest'],
      [2, 'newest'],
    ]);
    // One image field pressed: the current sign there; a typed field or another's area: nothing.
    const one = signerReducer(at('review', { view: withFields, assigned: new Map() }), {
      type: 'signArea',
      areaIndex: 2,
    });
    expect([...one.assigned]).toEqual([[2, 'newest']]);
    const typed = at('review', { view: withFields });
    expect(signerReducer(typed, { type: 'signArea', areaIndex: 1 })).toBe(typed);
    expect(signerReducer(typed, { type: 'signArea', areaIndex: 9 })).toBe(typed);
  });

  it('an image field pressed without a sign opens the sign maker, whose sign then goes everywhere', () => {
    const maker = signerReducer(at('review', { current: null, signs: [], assigned: new Map() }), {
      type: 'signArea',
      areaIndex: 1,
    });
    expect(maker).toMatchObject({ name: 'review.signMaker', afterMake: 'signAll' });
    expect([...signerReducer(maker, { type: 'signMade', sign: made }).assigned]).toEqual([
      [0, 'made'],
      [1, 'made'],
    ]);
  });

  it('a sign made from the change-sign popup replaces the applied one only', () => {
    const change = signerReducer(at('review', { afterMake: 'signAll' }), { type: 'editSign' });
    const maker = signerReducer(change, { type: 'makeNewSign' });
    expect(maker.afterMake).toBe('replace');
    const next = signerReducer(maker, { type: 'signMade', sign: made });
    expect([...next.assigned]).toEqual([[0, 'made']]);
    expect(next.signs.at(-1)).toEqual(made);
  });

  it('choosing another sign makes it current and replaces the applied one', () => {
    const next = signerReducer(at('review.changeSign'), { type: 'chooseSign', signId: 'middle' });
    expect(next).toMatchObject({ name: 'review', current: 'middle' });
    expect([...next.assigned]).toEqual([[0, 'middle']]);
  });

  it('Next saved: the terms follow, or a Video Sign’s video step first', () => {
    const sent = signerReducer(at('review', { error: 'old' }), { type: 'sending' });
    expect(sent).toMatchObject({ pending: true, error: null });
    const esign = signerReducer(sent, { type: 'signsSaved', view: makeView({ title: 'Saved' }) });
    expect(esign).toMatchObject({ name: 'review.terms', pending: false });
    expect(esign.view?.title).toBe('Saved');
    const vsign = signerReducer(sent, { type: 'signsSaved', view: makeView({ kind: 'vsign' }) });
    expect(vsign.name).toBe('video');
  });

  it('a failed call closes its dialog and shows its message on the screen under it', () => {
    const failed = (name: StateName) =>
      signerReducer(at(name, { pending: true }), { type: 'sendFailed', message: 'Try again' });
    expect(failed('review.terms')).toMatchObject({ name: 'review', pending: false, error: 'Try again' });
    expect(failed('review.deny').name).toBe('review');
    expect(failed('video.terms').name).toBe('video');
    expect(failed('video.deny').name).toBe('video');
  });

  it('opening the deny popup clears the last error, over the review or the video step', () => {
    expect(signerReducer(at('review', { error: 'x' }), { type: 'deny' })).toMatchObject({
      name: 'review.deny',
      error: null,
    });
    expect(signerReducer(at('video', { error: 'x' }), { type: 'deny' })).toMatchObject({
      name: 'video.deny',
      error: null,
    });
  });
});

describe('the signer machine: the phone hand-off', () => {
  it('remembers the video so far, then takes the phone’s video and opens the terms', () => {
    const view = makeView(
      { kind: 'vsign' },
      { video: { ...phoneVideo, recordedAt: '2026-01-05T00:00:00.000Z' } },
    );
    const opened = signerReducer(at('video', { view, handoff: null }), { type: 'usePhone' });
    expect(opened.handoff).toEqual({
      url: null,
      dialog: true,
      error: null,
      before: '2026-01-05T00:00:00.000Z',
    });
    const linked = signerReducer(opened, { type: 'phoneLinkMade', url: 'https://app.test/q' });
    expect(linked.handoff?.url).toBe('https://app.test/q');
    const closed = signerReducer(linked, { type: 'phoneDialogClosed' });
    expect(closed.handoff?.dialog).toBe(false);
    const arrived = signerReducer(closed, { type: 'phoneVideoArrived', video: phoneVideo });
    expect(arrived).toMatchObject({ name: 'video.terms', handoff: null });
    expect(arrived.view?.me.video).toEqual(phoneVideo);
  });

  it('keeps a failed link’s message in the hand-off', () => {
    const next = signerReducer(at('video'), { type: 'phoneLinkFailed', message: 'No link' });
    expect(next.handoff?.error).toBe('No link');
  });

  it('ignores the hand-off’s answers once it is closed', () => {
    const state = at('video', { handoff: null });
    for (const type of [
      'phoneLinkMade',
      'phoneLinkFailed',
      'phoneDialogClosed',
      'phoneVideoArrived',
    ] as const) {
      expect(signerReducer(state, sample[type])).toBe(state);
    }
  });
});

describe('the signer machine: routing (issue #28)', () => {
  it('ends on the refusal from the view’s load, keeping what it says', () => {
    const refusal = { kind: 'expired', expiredAt: '2026-05-01T09:00:00.000Z' } as const;
    const next = signerReducer(initialSignerState, { type: 'refused', refusal });
    expect(next).toMatchObject({ name: 'refused', refusal, view: null });
  });

  it('a call refused on the way ends on the refusal, from a dialog, a call on its way or the hand-off', () => {
    const refusal = { kind: 'voided', reason: 'Wrong counterparty' } as const;
    for (const name of ['review.terms', 'review.deny', 'review.signMaker', 'video', 'video.terms'] as const) {
      const next = signerReducer(at(name, { pending: true }), { type: 'refused', refusal });
      expect(next).toMatchObject({ name: 'refused', refusal, pending: false, handoff: null });
    }
    // The call's own failure that follows is refused: the refusal's page stays.
    const after = signerReducer(at('refused', { refusal }), { type: 'sendFailed', message: 'x' });
    expect(after.name).toBe('refused');
  });

  it('a viewer is not asked to sign: past the identification, the document at once', () => {
    const viewer = at('identifying', { view: makeView({}, { role: 'viewer' }) });
    expect(signerReducer(viewer, { type: 'identified', otherUser: false }).name).toBe('review');
    expect(signerReducer(viewer, { type: 'identified', otherUser: true }).name).toBe('caution');
    const approver = at('identifying', { view: approverView() });
    expect(signerReducer(approver, { type: 'identified', otherUser: false }).name).toBe('request');
  });

  it('an approver goes from the request to the review, even of a video contract (nothing to record)', () => {
    const review = signerReducer(at('request', { view: approverView({ kind: 'vcontract' }) }), {
      type: 'sign',
    });
    expect(review).toMatchObject({ name: 'review', arrival: 1 });
    const viewer = signerReducer(
      at('request', { view: makeView({ kind: 'vcontract' }, { role: 'viewer' }) }),
      {
        type: 'sign',
      },
    );
    expect(viewer.name).toBe('review');
  });

  it('Approve opens the terms for an approver only; their agreement completes', () => {
    const terms = signerReducer(at('review', { view: approverView(), error: 'old' }), { type: 'approve' });
    expect(terms).toMatchObject({ name: 'review.terms', error: null });
    expect(signerReducer(terms, { type: 'agreed' }).name).toBe('completed');
    const signer = at('review');
    expect(signerReducer(signer, { type: 'approve' })).toBe(signer);
    const viewer = at('review', { view: makeView({}, { role: 'viewer' }) });
    expect(signerReducer(viewer, { type: 'approve' })).toBe(viewer);
  });

  it('Forward opens its dialog only when the link may forward, never for a viewer', () => {
    const closed = at('review');
    expect(signerReducer(closed, { type: 'forward' })).toBe(closed);
    const viewer = at('review', { view: forwardable({ role: 'viewer' }) });
    expect(signerReducer(viewer, { type: 'forward' })).toBe(viewer);
    const approver = at('review', { view: forwardable({ role: 'approver' }) });
    expect(signerReducer(approver, { type: 'forward' }).name).toBe('review.forward');
  });

  it('a refused forward stays in its dialog with the message; a done one ends on whom it went to', () => {
    const dialog = signerReducer(at('review', { view: forwardable(), error: 'old' }), { type: 'forward' });
    expect(dialog).toMatchObject({ name: 'review.forward', error: null });
    const sending = signerReducer(dialog, { type: 'sending' });
    expect(sending).toMatchObject({ name: 'review.forward', pending: true });
    const failed = signerReducer(sending, { type: 'forwardFailed', message: 'Invalid email address' });
    expect(failed).toMatchObject({ name: 'review.forward', pending: false, error: 'Invalid email address' });
    const done = signerReducer(signerReducer(failed, { type: 'sending' }), {
      type: 'forwarded',
      name: 'Nora New',
    });
    expect(done).toMatchObject({ name: 'forwarded', forwardedTo: 'Nora New', pending: false, error: null });
    expect(signerReducer(dialog, { type: 'cancel' }).name).toBe('review');
  });
});
