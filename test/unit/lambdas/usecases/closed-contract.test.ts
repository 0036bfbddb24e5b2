// Issue #29 item 5: which signer links of a contract that is over are refused, with which 409 and
// what it tells (names and times, never contacts); and the 'Caution!' check on the real contacts.
import { jest } from '@jest/globals';
import {
  closedContractRefusal,
  COMPLETED_CODE,
  DECLINED_CODE,
  declinedBy,
} from '../../../../lambdas/usecases/closed-contract';
import { signerIdentity } from '../../../../lambdas/usecases/signer-identity';
import { hashSignerToken } from '../../../../lambdas/usecases/signer-tokens';
import type { DocumentRecord, RecipientRecord } from '../../../../lambdas/adapters/dynamo/documents';

const AT = '2026-05-01T09:00:00.000Z';
type Row = Parameters<typeof declinedBy>[1][number];
const row = (index: number, changes: Partial<Row> = {}): Row => ({
  index,
  name: `Party ${index}`,
  isOwner: false,
  agreement: 0,
  ...changes,
});
const doc = (status: DocumentRecord['status'], changes: Partial<DocumentRecord> = {}) => ({
  status,
  updatedAt: AT,
  ...changes,
});

describe('closedContractRefusal', () => {
  it('lets an open contract through', () => {
    for (const status of ['Agree', 'NeedVConfirm', 'Generating'] as const) {
      expect(closedContractRefusal(doc(status), [row(0)], row(0))).toBeNull();
    }
  });

  it('refuses a completed contract to every contractor, with its completion time', () => {
    const refusal = closedContractRefusal(doc('Completed', { completedAt: AT }), [row(0)], row(0));
    expect(refusal).toMatchObject({ code: COMPLETED_CODE, status: 409, details: { completedAt: AT } });
    expect(closedContractRefusal(doc('Completed'), [row(0)], row(0))?.details).toEqual({ completedAt: null });
  });

  it('tells the other contractors who denied, when and why', () => {
    const denier = row(0, { agreement: 2, decidedAt: AT, denyReason: 'Wrong rent' });
    const refusal = closedContractRefusal(doc('Reject'), [denier, row(1)], row(1));
    expect(refusal).toMatchObject({
      code: DECLINED_CODE,
      status: 409,
      details: { kind: 'deny', by: 'Party 0', at: AT, reason: 'Wrong rent', self: false },
    });
  });

  it("leaves the denier to the spec's 'You have already denied this contract.'", () => {
    const denier = row(0, { agreement: 2, decidedAt: AT });
    expect(closedContractRefusal(doc('Reject'), [denier, row(1)], denier)).toBeNull();
    expect(closedContractRefusal(doc('Reject_legal'), [denier, row(1)], denier)).toBeNull();
  });

  it('names refused terms without a reason', () => {
    const refuser = row(1, { agreement: 2, decidedAt: AT, denyReason: 'kept from an earlier denial' });
    expect(declinedBy(doc('Reject_legal'), [row(0), refuser], row(0))).toEqual({
      kind: 'terms',
      by: 'Party 1',
      at: AT,
      reason: null,
      self: false,
    });
  });

  it('names a denial of the videos, by a contractor (the link holder too) or by the owner', () => {
    const videoDenier = row(1, { agreement: 1, videoConfirm: 2, videoConfirmedAt: AT, denyReason: 'Not me' });
    const rows = [row(0, { agreement: 1 }), videoDenier];
    expect(declinedBy(doc('Reject'), rows, row(0))).toEqual({
      kind: 'videos',
      by: 'Party 1',
      at: AT,
      reason: 'Not me',
      self: false,
    });
    expect(closedContractRefusal(doc('Reject'), rows, videoDenier)?.details).toMatchObject({ self: true });
    const owner = row(0, { isOwner: true, agreement: 1, name: 'Olivia Owner' });
    expect(declinedBy(doc('Reject'), [owner, row(1, { agreement: 1 })], row(1))).toEqual({
      kind: 'videos',
      by: 'Olivia Owner',
      at: AT,
      reason: null,
      self: false,
    });
  });

  it('never carries a contact', () => {
    const denier = { ...row(0, { agreement: 2, decidedAt: AT }), contact: 'ann@example.com' };
    const refusal = closedContractRefusal(doc('Reject'), [denier, row(1)], row(1));
    expect(JSON.stringify(refusal?.details)).not.toContain('ann@example.com');
  });
});

describe('signerIdentity (the Caution check)', () => {
  const token = 'T'.repeat(43);
  const recipient = (contact: string, method: 'email' | 'phone' = 'email') =>
    ({
      docuId: 'd1',
      index: 0,
      name: 'Ann',
      contact,
      method,
      isOwner: false,
      agreement: 0,
    }) as RecipientRecord;
  const deps = (me: RecipientRecord) => ({
    docs: {
      getToken: jest.fn(async () => ({
        tokenHash: hashSignerToken(token),
        docuId: 'd1',
        recipientIndex: 0,
        expiresAt: '2999-01-01T00:00:00.000Z',
      })),
      getDocument: jest.fn(async () => ({ docuId: 'd1', status: 'Agree', kind: 'esign' })),
      listRecipients: jest.fn(async () => [me]),
    },
  });
  const user = (email: string) => ({ sub: 'u1', email, emailVerified: true, name: 'U' });

  it('compares the real addresses: the same mask is not the same person', async () => {
    const me = recipient('sam@example.com');
    const run = (email: string) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a fake of the two reads it makes
      signerIdentity(deps(me) as any, user(email), 'd1', token);
    await expect(run('sue@example.com')).resolves.toEqual({ sameUser: false });
    await expect(run('Sam@Example.com ')).resolves.toEqual({ sameUser: true });
  });

  it('never matches a phone contractor or a user without an e-mail', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a fake of the two reads it makes
    const phone = deps(recipient('+819012345678', 'phone')) as any;
    await expect(signerIdentity(phone, user('+819012345678'), 'd1', token)).resolves.toEqual({
      sameUser: false,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a fake of the two reads it makes
    const mail = deps(recipient('sam@example.com')) as any;
    await expect(signerIdentity(mail, user(''), 'd1', token)).resolves.toEqual({ sameUser: false });
  });
});
