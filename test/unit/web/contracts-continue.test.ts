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
  ...over,
});

const card = (
  status: DocumentStatus,
  recipients: ContractRecipient[] = [],
  kind: 'esign' | 'vcontract' = 'esign',
) => ({
  status,
  kind,
  recipients,
});

describe('continueAction', () => {
  test('the owner resumes the funnel at the step after the saved one', () => {
    expect(continueAction(card('Upload'))).toEqual({ kind: 'funnel', evsign: 'esign', func: 'addrcpt' });
    expect(continueAction(card('AddRcpt'))).toEqual({ kind: 'funnel', evsign: 'esign', func: 'setpos' });
    expect(continueAction(card('SetPos'))).toEqual({ kind: 'funnel', evsign: 'esign', func: 'agree' });
    expect(continueAction(card('Upload', [], 'vcontract'))).toEqual({
      kind: 'funnel',
      evsign: 'vcontract',
      func: 'vcaddrcpt',
    });
    expect(continueAction(card('AddRcpt', [], 'vcontract'))).toMatchObject({ func: 'vcagree' });
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
});
