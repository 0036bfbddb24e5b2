// Company seat members (issue #18): the list a buyer saves — trimmed, lower case, blank rows skipped;
// a bad address, a duplicate (or the owner's own) and more members than further seats are refused
// with the row and a translated key.
import { checkMembers } from '../../../../lambdas/usecases/seats';
import { isAppError } from '../../../../lambdas/core/errors';

function refusal(fn: () => unknown): { code: string; details: unknown } {
  try {
    fn();
  } catch (err) {
    if (isAppError(err)) return { code: err.code, details: err.details };
    throw err;
  }
  throw new Error('not refused');
}

describe('checkMembers', () => {
  it('keeps the typed e-mails, trimmed and in lower case, without blank rows', () => {
    expect(checkMembers([' A@Example.com ', '', 'b@example.com'], 'owner@example.com', 4)).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });
  it('names the row of a bad or repeated address (the owner is row 1)', () => {
    expect(refusal(() => checkMembers(['a@example.com', 'not-mail'], 'o@example.com', 5))).toEqual({
      code: 'billing.members.errors.invalidEmail',
      details: { row: 3 },
    });
    expect(refusal(() => checkMembers(['a@example.com', 'A@example.com'], 'o@example.com', 5))).toEqual({
      code: 'billing.members.errors.duplicate',
      details: { row: 3 },
    });
    expect(refusal(() => checkMembers(['O@example.com'], 'o@example.com', 5))).toEqual({
      code: 'billing.members.errors.duplicate',
      details: { row: 2 },
    });
  });
  it('allows one member per further seat', () => {
    expect(checkMembers(['a@example.com'], 'o@example.com', 2)).toHaveLength(1);
    expect(refusal(() => checkMembers(['a@example.com', 'b@example.com'], 'o@example.com', 2))).toEqual({
      code: 'billing.members.errors.tooMany',
      details: { max: 1 },
    });
  });
});
