// Continue (Beta) of a contract card (spec doc 1 §4): by status for the owner, by what the contractor
// still has to do, hidden once everyone signed, the not-ready alert for a document without a file.
import type { ContractRecipient } from '../../../shared/api/contracts';
import type { DocumentStatus } from '../../../shared/domain/status';
import { continueAction } from '../../../web/src/features/contracts/continue';

const row = (over: Partial<ContractRecipient>): ContractRecipient => ({
  index: 0,
  name: 'Mia',
  contact: null,
  contactMasked: 'm***@e***.com',
  method: 'email',
  isOwner: false,
  agreement: 0,
  me: false,
  denyReason: null,
  decidedAt: null,
  hasVideo: false,
  videoConfirmation: 0,
  role: 'signer',
  group: 1,
  turn: false,
  remindersSent: 0,
  lastRemindedAt: null,
  requestedAt: null,
  delegatedFrom: null,
  ...over,
});

const card = (
  status: DocumentStatus,
  recipients: ContractRecipient[] = [],
  kind: 'esign' | 'vsign' | 'vcontract' = 'esign',
  viewerVideoConfirm: 0 | 1 | 2 | null = null,
) => ({
  status,
  kind,
  recipients,
  viewerVideoConfirm,
});

describe('continueAction', () => {
  test('the owner resumes the funnel at the step after the saved one', () => {
    expect(continueAction(card('Upload'))).toEqual({ kind: 'funnel', evsign: 'esign', func: 'addrcpt' });
    expect(continueAction(card('AddRcpt'))).toEqual({ kind: 'funnel', evsign: 'esign', func: 'setpos' });
    expect(continueAction(card('SetPos'))).toEqual({ kind: 'funnel', evsign: 'esign', func: 'agree' });
    // A video contract starts with the owner's recording of its terms (issue #16).
    expect(continueAction(card('Ready', [row({ isOwner: true, me: true })], 'vcontract'))).toEqual({
      kind: 'funnel',
      evsign: 'vcontract',
      func: 'vcrecord',
    });
    expect(continueAction(card('Upload', [], 'vcontract'))).toEqual({
      kind: 'funnel',
      evsign: 'vcontract',
      func: 'vcaddrcpt',
    });
    expect(continueAction(card('AddRcpt', [], 'vcontract'))).toMatchObject({ func: 'vcagree' });
    // A video contract's contractor who has not agreed yet opens their own page (the videos).
    expect(continueAction(card('Agree', [row({ index: 1, me: true })], 'vcontract'))).toEqual({
      kind: 'signer',
    });
  });

  test('a document without a file gives the not-ready alert', () => {
    expect(continueAction(card('Ready'))).toEqual({ kind: 'notReady' });
  });

  test('a contractor who has not signed opens their signer page; after signing the button is disabled', () => {
    expect(continueAction(card('Agree', [row({ me: true })]))).toEqual({ kind: 'signer' });
    expect(continueAction(card('Agree', [row({ me: true, agreement: 1 })]))).toEqual({ kind: 'disabled' });
    // The owner of a sent document (agreed at sending, or not a contractor): nothing to continue.
    expect(continueAction(card('Agree', [row({ me: true, isOwner: true, agreement: 1 })]))).toEqual({
      kind: 'disabled',
    });
    expect(continueAction(card('Agree', [row({})]))).toEqual({ kind: 'disabled' });
    expect(continueAction(card('Reject', [row({ me: true })]))).toEqual({ kind: 'disabled' });
  });

  test('hidden while Generating and once Completed', () => {
    expect(continueAction(card('Generating', [row({ me: true })]))).toEqual({ kind: 'hidden' });
    expect(continueAction(card('Completed'))).toEqual({ kind: 'hidden' });
  });

  test('Video Sign: need_video opens the signer page, need_vconfirm the confirmation page, the owner records first', () => {
    // A contractor who has not signed nor recorded: the signer page (its video step).
    expect(continueAction(card('Agree', [row({ me: true })], 'vsign'))).toEqual({ kind: 'signer' });
    // Signed but no video (need_video): still the signer page.
    expect(continueAction(card('Agree', [row({ me: true, agreement: 1 })], 'vsign'))).toEqual({
      kind: 'signer',
    });
    // Signed with a video while others sign: nothing to do.
    expect(
      continueAction(card('Agree', [row({ me: true, agreement: 1, hasVideo: true })], 'vsign', 0)),
    ).toEqual({ kind: 'disabled' });
    // Waiting video confirmation, not confirmed yet (need_vconfirm); confirmed: disabled.
    const signed = row({ me: true, agreement: 1, hasVideo: true });
    expect(continueAction(card('NeedVConfirm', [signed], 'vsign', 0))).toEqual({ kind: 'videoConfirm' });
    expect(continueAction(card('NeedVConfirm', [{ ...signed, videoConfirmation: 1 }], 'vsign', 1))).toEqual({
      kind: 'disabled',
    });
    // The owner who is not a contractor confirms too (their own party state).
    expect(continueAction(card('NeedVConfirm', [row({ agreement: 1, hasVideo: true })], 'vsign', 0))).toEqual(
      {
        kind: 'videoConfirm',
      },
    );
    expect(continueAction(card('NeedVConfirm', [row({ agreement: 1, hasVideo: true })], 'vsign', 1))).toEqual(
      {
        kind: 'disabled',
      },
    );
    // The owner who signs and has not recorded resumes at the Video Sign step, then at Finalize.
    const ownerRow = row({ me: true, isOwner: true });
    expect(continueAction(card('SetPos', [ownerRow], 'vsign'))).toEqual({
      kind: 'funnel',
      evsign: 'vsign',
      func: 'vsign',
    });
    expect(continueAction(card('SetPos', [{ ...ownerRow, hasVideo: true }], 'vsign'))).toEqual({
      kind: 'funnel',
      evsign: 'vsign',
      func: 'agree',
    });
    expect(continueAction(card('SetPos', [], 'vsign'))).toMatchObject({ func: 'agree' });
  });
});
