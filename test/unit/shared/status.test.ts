import { CONTRACT_KINDS, type ContractKind } from '../../../shared/domain/entities';
import {
  ALLOWED_TRANSITIONS,
  DOCUMENT_EVENTS,
  DOCUMENT_LIST_LABEL_KEYS,
  DOCUMENT_LIST_TAB,
  DOCUMENT_STATUSES,
  DOCUMENT_STATUS_LABEL_KEYS,
  DRAFT_STATUSES,
  HISTORY_ACTIONS,
  HISTORY_ACTION_KEYS,
  RECIPIENT_AGREEMENT,
  RECIPIENT_LABEL_KEYS,
  TRANSITIONS,
  TransitionError,
  VIDEO_CONFIRM,
  assertTransition,
  canTransition,
  continueTarget,
  documentListLabel,
  findTransition,
  isDocumentStatus,
  isDraft,
  isTerminal,
  nextStatus,
  recipientLabels,
  videoRecordingRefusal,
  type DocumentStatus,
} from '../../../shared/domain/status';
import { translate } from '../../../shared/i18n';
import {
  CONTRACTOR_LABELS,
  HISTORY_WORDING,
  LIST_LABELS,
  ROUTING_LIST_LABELS,
  STATUS_LABELS,
} from './spec-messages';

const allowedPairs = new Set(TRANSITIONS.map((t) => `${t.from}->${t.to}`));
const refusedPairs: [DocumentStatus, DocumentStatus][] = DOCUMENT_STATUSES.flatMap((from) =>
  DOCUMENT_STATUSES.filter((to) => !allowedPairs.has(`${from}->${to}`)).map(
    (to) => [from, to] as [DocumentStatus, DocumentStatus],
  ),
);

describe('the document status machine', () => {
  describe.each(TRANSITIONS.map((t) => [`${t.from} → ${t.to} by ${t.event} (${t.by})`, t] as const))(
    'allows %s',
    (_name, t) => {
      it('as a status change', () => {
        expect(canTransition(t.from, t.to)).toBe(true);
        expect(() => assertTransition(t.from, t.to)).not.toThrow();
      });

      it.each(t.kinds.map((k) => [k]))('for a %s contract, through its event', (kind) => {
        expect(canTransition(t.from, t.to, kind)).toBe(true);
        expect(nextStatus(t.from, t.event, kind)).toBe(t.to);
      });
    },
  );

  it.each(refusedPairs)('refuses %s → %s with errors.invalidTransition', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    for (const kind of CONTRACT_KINDS) expect(canTransition(from, to, kind)).toBe(false);
    expect(() => assertTransition(from, to)).toThrow(TransitionError);
    try {
      assertTransition(from, to);
    } catch (err) {
      expect(err).toBeInstanceOf(TransitionError);
      expect((err as TransitionError).code).toBe('errors.invalidTransition');
      expect((err as TransitionError).from).toBe(from);
      expect((err as TransitionError).to).toBe(to);
    }
  });

  it('covers the whole status × status product: 26 allowed, 118 refused', () => {
    expect(allowedPairs.size + refusedPairs.length).toBe(DOCUMENT_STATUSES.length ** 2);
    expect(allowedPairs.size).toBe(26);
    expect(refusedPairs).toHaveLength(118);
  });

  it('derives the allowed targets of every status from the table', () => {
    for (const from of DOCUMENT_STATUSES) {
      for (const to of DOCUMENT_STATUSES) {
        expect(ALLOWED_TRANSITIONS[from].includes(to)).toBe(canTransition(from, to));
      }
    }
  });

  it('refuses every event a status does not take, for every contract kind', () => {
    let refused = 0;
    for (const from of DOCUMENT_STATUSES) {
      for (const event of DOCUMENT_EVENTS) {
        for (const kind of CONTRACT_KINDS) {
          const edge = TRANSITIONS.find(
            (t) => t.from === from && t.event === event && t.kinds.includes(kind),
          );
          if (edge) continue;
          refused++;
          expect(() => nextStatus(from, event, kind)).toThrow(TransitionError);
          expect(findTransition(from, event, kind)).toBeUndefined();
        }
      }
    }
    expect(refused).toBeGreaterThan(300);
  });

  it('leads each event from a status to one target only, whatever the contract kind', () => {
    for (const kind of CONTRACT_KINDS) {
      for (const from of DOCUMENT_STATUSES) {
        for (const event of DOCUMENT_EVENTS) {
          const edges = TRANSITIONS.filter(
            (t) => t.from === from && t.event === event && t.kinds.includes(kind),
          );
          expect(edges.length).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('does not list the same edge twice', () => {
    const keys = TRANSITIONS.map((t) => `${t.from}|${t.to}|${t.event}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses every event at least once', () => {
    for (const event of DOCUMENT_EVENTS) expect(TRANSITIONS.some((t) => t.event === event)).toBe(true);
  });

  it('explains every edge', () => {
    for (const t of TRANSITIONS) expect(t.why.length).toBeGreaterThan(10);
  });

  it.each(CONTRACT_KINDS.map((k) => [k]))('lets a %s contract go from Ready to Completed', (kind) => {
    const reachable = new Set<DocumentStatus>(['Ready']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const t of TRANSITIONS) {
        if (t.kinds.includes(kind) && reachable.has(t.from) && !reachable.has(t.to)) {
          reachable.add(t.to);
          grew = true;
        }
      }
    }
    expect(reachable.has('Completed')).toBe(true);
    expect(reachable.has('Reject')).toBe(true);
    expect(reachable.has('Reject_legal')).toBe(true);
    expect(reachable.has('NeedVConfirm')).toBe(kind === 'vsign');
    expect(reachable.has('SetPos')).toBe(kind !== 'vcontract');
  });

  it('walks the e-sign funnel: upload, contractors, sign areas, send, last signature, seal', () => {
    let s: DocumentStatus = 'Ready';
    for (const event of [
      'upload',
      'saveRecipients',
      'saveSignAreas',
      'send',
      'allSigned',
      'sealed',
    ] as const) {
      s = nextStatus(s, event, 'esign');
    }
    expect(s).toBe('Completed');
  });

  it('walks the video-sign funnel through video confirmation', () => {
    let s: DocumentStatus = 'Ready';
    const events = [
      'upload',
      'saveRecipients',
      'saveSignAreas',
      'send',
      'allSignedVideosToConfirm',
      'allVideosConfirmed',
      'sealed',
    ] as const;
    for (const event of events) s = nextStatus(s, event, 'vsign');
    expect(s).toBe('Completed');
  });

  it('sends a video contract right after its contractors step (it has no sign areas)', () => {
    expect(nextStatus('AddRcpt', 'send', 'vcontract')).toBe('Agree');
    expect(() => nextStatus('AddRcpt', 'saveSignAreas', 'vcontract')).toThrow(TransitionError);
  });

  it('refuses to send an e-sign or video-sign document before its sign areas are saved', () => {
    expect(canTransition('AddRcpt', 'Agree', 'esign')).toBe(false);
    expect(canTransition('AddRcpt', 'Agree', 'vsign')).toBe(false);
    expect(() => assertTransition('AddRcpt', 'Agree', 'esign')).toThrow(TransitionError);
  });

  it('lets the owner go back and save an earlier step again until sending', () => {
    expect(nextStatus('SetPos', 'saveRecipients', 'esign')).toBe('AddRcpt');
    expect(nextStatus('SetPos', 'upload', 'esign')).toBe('Upload');
    expect(nextStatus('AddRcpt', 'upload', 'esign')).toBe('Upload');
    expect(nextStatus('SetPos', 'saveSignAreas', 'esign')).toBe('SetPos');
    expect(nextStatus('AddRcpt', 'saveRecipients', 'vcontract')).toBe('AddRcpt');
  });

  it('refuses any change of contractors, sign areas or file once the requests are sent', () => {
    for (const from of [
      'Agree',
      'NeedVConfirm',
      'Generating',
      'Completed',
      'Reject',
      'Reject_legal',
    ] as const) {
      for (const event of ['upload', 'saveRecipients', 'saveSignAreas', 'send'] as const) {
        for (const kind of CONTRACT_KINDS)
          expect(() => nextStatus(from, event, kind)).toThrow(TransitionError);
      }
    }
  });

  it('only waits for video confirmation on video-sign documents', () => {
    expect(canTransition('Agree', 'NeedVConfirm', 'vsign')).toBe(true);
    expect(canTransition('Agree', 'NeedVConfirm', 'esign')).toBe(false);
    expect(canTransition('Agree', 'NeedVConfirm', 'vcontract')).toBe(false);
  });

  it('ends the contract when a contractor denies, refuses the e-sign terms, or denies the videos', () => {
    expect(nextStatus('Agree', 'deny', 'esign')).toBe('Reject');
    expect(nextStatus('Agree', 'denyLegal', 'esign')).toBe('Reject_legal');
    expect(nextStatus('NeedVConfirm', 'denyVideoConfirm', 'vsign')).toBe('Reject');
  });

  it('does not seal a document that is already being generated', () => {
    expect(canTransition('Generating', 'Generating')).toBe(false);
    expect(() => assertTransition('Generating', 'Generating')).toThrow(TransitionError);
  });

  it('only lets an operator seal a completed document again, from scratch', () => {
    const reseal = TRANSITIONS.filter((t) => t.from === 'Completed');
    expect(reseal).toHaveLength(1);
    expect(reseal[0]).toMatchObject({ to: 'Generating', event: 'reseal', by: 'operator' });
    expect(TRANSITIONS.filter((t) => t.by === 'operator')).toHaveLength(1);
  });

  it('keeps denied contracts terminal', () => {
    for (const s of ['Reject', 'Reject_legal'] as const) {
      expect(ALLOWED_TRANSITIONS[s]).toEqual([]);
      expect(isTerminal(s)).toBe(true);
    }
    expect(isTerminal('Completed')).toBe(true);
    expect(isTerminal('Agree')).toBe(false);
  });

  it('names the refused status change in the error for the logs', () => {
    const err = new TransitionError('Generating', 'Generating');
    expect(err.message).toBe('A document cannot go from Generating to Generating');
    expect(new TransitionError('Agree', undefined, 'send').message).toBe(
      'A document in status Agree cannot take the event send',
    );
  });

  it('recognises stored status values exactly as the spec names them', () => {
    expect(isDocumentStatus('Reject_legal')).toBe(true);
    expect(isDocumentStatus('reject_legal')).toBe(false);
    expect(isDocumentStatus('DOCU_STATUS.AddRcpt')).toBe(false);
    expect(isDocumentStatus(3)).toBe(false);
  });
});

describe('status, list and contractor labels', () => {
  it.each(Object.entries(STATUS_LABELS))('labels %s as "%s"', (status, label) => {
    expect(translate(DOCUMENT_STATUS_LABEL_KEYS[status as DocumentStatus])).toBe(label);
  });

  it('gives the initial Ready status a label of its own', () => {
    expect(translate(DOCUMENT_STATUS_LABEL_KEYS.Ready)).toBe('Waiting for Upload');
  });

  it('has the spec list labels', () => {
    expect(Object.values(DOCUMENT_LIST_LABEL_KEYS).map((k) => translate(k))).toEqual([
      ...LIST_LABELS,
      ...ROUTING_LIST_LABELS,
      // Issue #29: while the videos await confirmation (the spec's per-contractor and status words).
      'Video Confirm Required',
      'Waiting Video Confirm',
    ]);
  });

  it('has every spec per-contractor label', () => {
    const labels = Object.values(RECIPIENT_LABEL_KEYS).map((k) => translate(k));
    for (const label of CONTRACTOR_LABELS) expect(labels).toContain(label);
  });

  it.each(HISTORY_ACTIONS.map((a) => [a]))('words the history action %s as the spec does', (action) => {
    expect(translate(HISTORY_ACTION_KEYS[action])).toBe(HISTORY_WORDING[action]);
  });

  it('keeps the spec numbers of agreement and video confirmation', () => {
    expect(RECIPIENT_AGREEMENT).toEqual({ pending: 0, agreed: 1, denied: 2 });
    expect(VIDEO_CONFIRM).toEqual({ pending: 0, confirmed: 1, denied: 2 });
  });

  it('puts documents on the signed tab once everyone has signed, denied ones on pending, unsent ones on draft', () => {
    for (const status of DRAFT_STATUSES) expect(DOCUMENT_LIST_TAB[status]).toBe('draft');
    expect(DOCUMENT_LIST_TAB.NeedVConfirm).toBe('pending');
    expect(DOCUMENT_LIST_TAB.Completed).toBe('signed');
    expect(DOCUMENT_LIST_TAB.Generating).toBe('signed');
    expect(DOCUMENT_LIST_TAB.Agree).toBe('pending');
    expect(DOCUMENT_LIST_TAB.Reject).toBe('pending');
    expect(DOCUMENT_LIST_TAB.Expired).toBe('expired');
    expect(DOCUMENT_LIST_TAB.Voided).toBe('pending');
  });
});

describe('recipient badges', () => {
  const video = {
    file: { key: 'k', contentType: 'video/webm', sizeBytes: 2000, sha256: 'a' },
    recordedAt: 't',
  };
  const r = (agreement: 0 | 1 | 2, videoConfirmation: 0 | 1 | 2 = 0, withVideo = false) => ({
    agreement,
    videoConfirmation,
    ...(withVideo ? { video } : {}),
  });

  it('shows Sign Completed or Sign Required for plain signing', () => {
    expect(recipientLabels(r(1), 'esign')).toEqual(['signCompleted']);
    expect(recipientLabels(r(0), 'esign')).toEqual(['signRequired']);
  });

  it('shows the denial badge for a contractor who denied', () => {
    expect(recipientLabels(r(2), 'esign')).toEqual(['signDenied']);
    expect(recipientLabels(r(2), 'vsign')).toEqual(['signDenied']);
  });

  it('shows Sign, Video and Video Confirm indicators for video signing', () => {
    expect(recipientLabels(r(0), 'vsign')).toEqual(['signRequired', 'videoRequired', 'videoConfirmRequired']);
    expect(recipientLabels(r(1, 1, true), 'vsign')).toEqual(['signOk', 'videoOk', 'videoConfirmOk']);
    expect(recipientLabels(r(1, 2, true), 'vsign')).toEqual(['signOk', 'videoOk', 'videoConfirmDenied']);
  });

  it('shows Completed for a video-contract party who agreed', () => {
    expect(recipientLabels(r(1), 'vcontract')).toEqual(['videoContractCompleted']);
    expect(translate(RECIPIENT_LABEL_KEYS.videoContractCompleted)).toBe('Completed');
  });
});

describe('the overall list label of a document card', () => {
  it.each([
    ['Completed', undefined, 'completed'],
    ['Generating', undefined, 'signedAll'],
    ['Reject', { agreement: 1 as const }, 'signDenied'],
    ['Reject_legal', undefined, 'signDenied'],
    ['Agree', { agreement: 0 as const }, 'signNeeded'],
    ['Agree', { agreement: 1 as const }, 'signed'],
    ['Agree', undefined, 'pending'],
    ['SetPos', undefined, 'pending'],
  ] as const)('labels %s (viewer %j) as %s', (status, viewer, label) => {
    expect(documentListLabel(status, viewer)).toBe(label);
  });
});

describe('the Continue button', () => {
  const none = { agreement: 1 as const, videoConfirmation: 1 as const };
  const video = {
    file: { key: 'k', contentType: 'video/webm', sizeBytes: 2000, sha256: 'a' },
    recordedAt: 't',
  };
  const cases: [string, DocumentStatus, ContractKind, Parameters<typeof continueTarget>[2], string][] = [
    ['is hidden while the final document is generated', 'Generating', 'esign', undefined, 'hidden'],
    ['is hidden once the final document exists', 'Completed', 'esign', undefined, 'hidden'],
    ['opens the contractor step after the upload', 'Upload', 'esign', undefined, 'addRecipients'],
    ['opens the sign-area step after the contractors', 'AddRcpt', 'esign', undefined, 'setSignAreas'],
    [
      'opens finalize for a video contract after the contractors',
      'AddRcpt',
      'vcontract',
      undefined,
      'finalize',
    ],
    ['opens finalize after the sign areas', 'SetPos', 'vsign', undefined, 'finalize'],
    [
      'sends a contractor who has not signed to sign',
      'Agree',
      'esign',
      { agreement: 0, videoConfirmation: 0 },
      'needSign',
    ],
    [
      'sends a video signer without a video to record',
      'Agree',
      'vsign',
      { agreement: 1, videoConfirmation: 0 },
      'needVideo',
    ],
    [
      'sends a video signer to confirm the videos',
      'NeedVConfirm',
      'vsign',
      { agreement: 1, videoConfirmation: 0, video },
      'needVideoConfirm',
    ],
    ['is disabled for a contractor with nothing left to do', 'Agree', 'esign', none, 'none'],
    ['is disabled for a denied contract', 'Reject', 'esign', none, 'none'],
    [
      'alerts that a contract still waiting for its file is not ready',
      'Ready',
      'esign',
      undefined,
      'notReady',
    ],
    ["opens a video contract's first step, the owner's recording", 'Ready', 'vcontract', undefined, 'record'],
    [
      'sends a video contract contractor to watch, record and agree',
      'Agree',
      'vcontract',
      { agreement: 0, videoConfirmation: 0 },
      'needSign',
    ],
  ];
  it.each(cases)('%s', (_name, status, kind, viewer, target) => {
    expect(continueTarget(status, kind, viewer)).toBe(target);
  });
});

describe('recording an agreement video (issue #15)', () => {
  it('is allowed to a pending contractor of a sent video-sign contract only', () => {
    expect(videoRecordingRefusal('Agree', 'vsign', 0)).toBeNull();
  });

  it('is refused on contracts that are not signed with a video', () => {
    expect(videoRecordingRefusal('Agree', 'esign', 0)).toBe('video.errors.notVideoSign');
    expect(videoRecordingRefusal('Ready', 'esign', 0, 'owner')).toBe('video.errors.notVideoSign');
  });

  it("lets a video contract's contractors record once it is sent, and its owner record the terms in every draft step (issue #16)", () => {
    expect(videoRecordingRefusal('Agree', 'vcontract', 0)).toBeNull();
    expect(videoRecordingRefusal('Agree', 'vcontract', 1)).toBe('video.errors.locked');
    expect(videoRecordingRefusal('Upload', 'vcontract', 0)).toBe('errors.invalidTransition');
    for (const status of ['Ready', 'Upload', 'AddRcpt'] as const)
      expect(videoRecordingRefusal(status, 'vcontract', 0, 'owner')).toBeNull();
    for (const status of DOCUMENT_STATUSES.filter((s) => !isDraft(s)))
      expect(videoRecordingRefusal(status, 'vcontract', 1, 'owner')).toBe('video.errors.locked');
  });

  it('never changes a video once its contractor answered the contract', () => {
    for (const status of DOCUMENT_STATUSES) {
      expect(videoRecordingRefusal(status, 'vsign', 1)).toBe('video.errors.locked');
      expect(videoRecordingRefusal(status, 'vsign', 2)).toBe('video.errors.locked');
    }
  });

  it.each(DOCUMENT_STATUSES.filter((s) => s !== 'Agree').map((s) => [s]))(
    'is refused as an invalid transition in %s',
    (status) => {
      expect(videoRecordingRefusal(status, 'vsign', 0)).toBe('errors.invalidTransition');
    },
  );

  it('lets the owner as a contractor record in the funnel only with the positions set (SetPos)', () => {
    // The owner's row is already agreed in a draft (sending signs for them): that does not lock it.
    expect(videoRecordingRefusal('SetPos', 'vsign', 1, 'owner')).toBeNull();
    for (const status of ['Ready', 'Upload', 'AddRcpt'] as const)
      expect(videoRecordingRefusal(status, 'vsign', 1, 'owner')).toBe('errors.invalidTransition');
    // Once sent, the owner's video is evidence like everyone's.
    for (const status of DOCUMENT_STATUSES.filter((s) => !isDraft(s)))
      expect(videoRecordingRefusal(status, 'vsign', 1, 'owner')).toBe('video.errors.locked');
    expect(videoRecordingRefusal('SetPos', 'esign', 1, 'owner')).toBe('video.errors.notVideoSign');
    // A signer never records in a draft.
    expect(videoRecordingRefusal('SetPos', 'vsign', 0)).toBe('errors.invalidTransition');
  });

  it('translates every refusal in every language', () => {
    for (const key of [
      'video.errors.notVideoSign',
      'video.errors.locked',
      'video.errors.required',
    ] as const) {
      for (const locale of ['en', 'ja', 'ko'] as const) expect(translate(key, {}, locale)).not.toBe(key);
    }
  });
});
