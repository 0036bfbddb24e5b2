// The signer page's side of routing (issue #28): which server answers are routing's refusals (and
// what they carry), how a refusal met by any later call reaches the page, the forward dialog's own
// checks before it asks the server, and the waited-for names as one list in the page's language.
import { jest } from '@jest/globals';
import { ApiError } from '../../../web/src/lib/api-client';
import { onRefusal, refusalOf, watchRefusal } from '../../../web/src/features/signer/api/refusal';
import { forwardProblems } from '../../../web/src/features/signer/components/forward-dialog';
import { joinNames } from '../../../web/src/features/signer/components/end-screens';

const conflict = (code: string, details?: unknown) => new ApiError(409, code, code, 'r1', details);

describe('routing refusals of a signer link', () => {
  it('reads the three refusals with their details', () => {
    expect(refusalOf(conflict('signing.errors.notYourTurn', { waitingFor: ['Ann', 'Bo'] }))).toEqual({
      kind: 'notYourTurn',
      waitingFor: ['Ann', 'Bo'],
    });
    expect(refusalOf(conflict('signing.errors.expired', { expiredAt: '2026-05-01T09:00:00.000Z' }))).toEqual({
      kind: 'expired',
      expiredAt: '2026-05-01T09:00:00.000Z',
    });
    expect(refusalOf(conflict('signing.errors.voided', { reason: 'Wrong party' }))).toEqual({
      kind: 'voided',
      reason: 'Wrong party',
    });
  });

  it('keeps a refusal whose details are missing or malformed, without them', () => {
    expect(refusalOf(conflict('signing.errors.notYourTurn'))).toEqual({
      kind: 'notYourTurn',
      waitingFor: [],
    });
    expect(refusalOf(conflict('signing.errors.expired', { expiredAt: 'soon' }))).toEqual({
      kind: 'expired',
      expiredAt: null,
    });
  });

  it('is no refusal: another conflict, another status, another error', () => {
    expect(refusalOf(conflict('signing.alreadyAgreed'))).toBeNull();
    expect(refusalOf(conflict('signing.errors.viewerOnly'))).toBeNull();
    expect(refusalOf(new ApiError(400, 'signing.errors.expired', 'x'))).toBeNull();
    expect(refusalOf(new Error('signing.errors.expired'))).toBeNull();
  });

  it('tells the link’s page of a refusal met by any call, then throws it as the call’s error', async () => {
    const heard = jest.fn();
    const other = jest.fn();
    const stop = onRefusal('/sign/d1/t1', heard);
    const stopOther = onRefusal('/sign/d2/t2', other);
    const error = conflict('signing.errors.voided', { reason: 'Void' });
    await expect(watchRefusal('/sign/d1/t1', Promise.reject(error))).rejects.toBe(error);
    expect(heard).toHaveBeenCalledWith({ kind: 'voided', reason: 'Void' });
    expect(other).not.toHaveBeenCalled();
    // Any other failure is the call's alone.
    await expect(watchRefusal('/sign/d1/t1', Promise.reject(new Error('offline')))).rejects.toThrow(
      'offline',
    );
    await expect(watchRefusal('/sign/d1/t1', Promise.resolve(7))).resolves.toBe(7);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    stopOther();
    await expect(watchRefusal('/sign/d1/t1', Promise.reject(error))).rejects.toBe(error);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

describe('the forward dialog’s checks', () => {
  const ok = { name: 'Nora New', contact: 'nora@example.com', reason: 'On leave' };

  it('asks for nothing more of a complete form (e-mail or phone)', () => {
    expect(forwardProblems(ok)).toEqual({});
    expect(forwardProblems({ ...ok, contact: '+81 90-1234-5678' })).toEqual({});
  });

  it('requires every field, each with its own message', () => {
    expect(forwardProblems({ name: ' ', contact: '', reason: '\n' })).toEqual({
      name: { key: 'routingSigner.forward.nameRequired' },
      contact: { key: 'routingSigner.forward.contactRequired' },
      reason: { key: 'signing.errors.delegateReasonRequired' },
    });
  });

  it('refuses a contact that is neither an e-mail nor a phone, and a malformed e-mail', () => {
    expect(forwardProblems({ ...ok, contact: 'nora' }).contact?.key).toBe(
      'contractors.errors.unknownContactType',
    );
    expect(forwardProblems({ ...ok, contact: 'nora@example' }).contact?.key).toBe(
      'contractors.errors.invalidEmail',
    );
  });

  it('refuses a reason over 200 characters, saying the limit', () => {
    expect(forwardProblems({ ...ok, reason: 'x'.repeat(201) }).reason).toEqual({
      key: 'signing.errors.reasonTooLong',
      values: { max: 200 },
    });
    expect(forwardProblems({ ...ok, reason: '字'.repeat(200) })).toEqual({});
  });
});

describe('the names the flow waits for', () => {
  it('are one list in the page’s language', () => {
    expect(joinNames(['Ann Lee', 'Bo Kim'], 'en')).toBe('Ann Lee, Bo Kim');
    expect(joinNames(['山田', '佐藤'], 'jp')).toBe('山田、佐藤');
    expect(joinNames(['김민수'], 'ko')).toBe('김민수');
  });
});
