// Issue #29 item 5 on the signer page's side: a declined or completed contract's 409 is a refusal of
// its own kind (with what it carries), and a contractor whose videos await confirmation is labelled
// as such, never 'Signed'.
import { ApiError } from '../../../web/src/lib/api-client';
import { refusalOf } from '../../../web/src/features/signer/api/refusal';
import { verifyHref } from '../../../web/src/features/signer/components/closed-pages';
import { DOCUMENT_LIST_LABEL_KEYS, documentListLabel } from '../../../shared/domain/status';
import { translate } from '../../../shared/i18n';

const conflict = (code: string, details?: unknown) => new ApiError(409, code, code, 'r1', details);
const AT = '2026-05-01T09:00:00.000Z';

describe('a signer link of a contract that is over', () => {
  it('reads a declined contract with who, when and why', () => {
    const details = { kind: 'deny', by: 'Ann', at: AT, reason: 'Wrong rent', self: false };
    expect(refusalOf(conflict('signerStates.errors.declined', details))).toEqual({
      kind: 'declined',
      declined: details,
    });
  });

  it('keeps a declined refusal whose details are malformed, without them', () => {
    expect(refusalOf(conflict('signerStates.errors.declined', { kind: 'other' }))).toEqual({
      kind: 'declined',
      declined: null,
    });
  });

  it('reads a completed contract with its completion time (null when missing)', () => {
    expect(refusalOf(conflict('signerStates.errors.completed', { completedAt: AT }))).toEqual({
      kind: 'completed',
      completedAt: AT,
    });
    expect(refusalOf(conflict('signerStates.errors.completed'))).toEqual({
      kind: 'completed',
      completedAt: null,
    });
  });

  it('is no refusal under another status', () => {
    expect(refusalOf(new ApiError(400, 'signerStates.errors.completed', 'x'))).toBeNull();
  });

  it('points the completed page to the verification page of that contract', () => {
    expect(verifyHref('jp', 'abc 1')).toBe('/jp/verify?document=abc%201');
  });
});

describe('the list label while the videos await confirmation', () => {
  it.each([
    [
      { agreement: 1 as const, videoConfirmation: 0 as const },
      'videoConfirmRequired',
      'Video Confirm Required',
    ],
    [
      { agreement: 1 as const, videoConfirmation: 1 as const },
      'waitingVideoConfirm',
      'Waiting Video Confirm',
    ],
    [undefined, 'waitingVideoConfirm', 'Waiting Video Confirm'],
  ] as const)('labels a viewer %j as %s, never Signed', (viewer, label, text) => {
    expect(documentListLabel('NeedVConfirm', viewer)).toBe(label);
    expect(translate(DOCUMENT_LIST_LABEL_KEYS[label])).toBe(text);
    expect(translate(DOCUMENT_LIST_LABEL_KEYS[label])).not.toBe('Signed');
  });

  it('still labels an agreed contractor Signed while others sign', () => {
    expect(documentListLabel('Agree', { agreement: 1, videoConfirmation: 0 })).toBe('signed');
  });
});
