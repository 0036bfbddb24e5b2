import { anchorJobSchema, notifyJobSchema, sealJobSchema } from '../../../lambdas/jobs';

const EMAIL_JOB = {
  kind: 'email',
  idempotencyKey: 'invite#doc-1#hanako',
  to: ['hanako@example.com'],
  subject: 'Please sign',
  text: 'Your contract is ready.',
};
const SMS_JOB = { kind: 'sms', idempotencyKey: 'otp#doc-1#1', to: '+819012345678', text: 'Code 123456' };

describe('notification jobs', () => {
  it.each([
    ['an e-mail', EMAIL_JOB],
    ['an SMS', SMS_JOB],
  ])('accept %s', (_kind, job) => {
    expect(notifyJobSchema.safeParse(job).success).toBe(true);
  });

  it('refuse an unknown kind', () => {
    expect(notifyJobSchema.safeParse({ ...SMS_JOB, kind: 'fax' }).success).toBe(false);
  });

  it.each(['09012345678', '+0901234567', '+81 90 1234 5678', '+81'])(
    'refuse the SMS number %j (not E.164)',
    (to) => {
      expect(notifyJobSchema.safeParse({ ...SMS_JOB, to }).success).toBe(false);
    },
  );

  it('refuse more than 50 e-mail recipients', () => {
    const to = (n: number) => Array.from({ length: n }, (_, i) => `signer${i}@example.com`);

    expect(notifyJobSchema.safeParse({ ...EMAIL_JOB, to: to(50) }).success).toBe(true);
    expect(notifyJobSchema.safeParse({ ...EMAIL_JOB, to: to(51) }).success).toBe(false);
  });

  it('refuse a short idempotency key', () => {
    expect(notifyJobSchema.safeParse({ ...EMAIL_JOB, idempotencyKey: 'k' }).success).toBe(false);
  });
});

describe('seal and anchor jobs', () => {
  const HASH = 'ab'.repeat(32);

  it('need a document id', () => {
    expect(sealJobSchema.safeParse({ docuId: 'doc-1' }).success).toBe(true);
    expect(sealJobSchema.safeParse({ docuId: '' }).success).toBe(false);
  });

  it.each([
    ['a SHA-256 in lower-case hex', HASH, true],
    ['upper-case hex', HASH.toUpperCase(), false],
    ['a 0x prefix', `0x${HASH.slice(2)}`, false],
    ['63 digits', HASH.slice(1), false],
  ])('take a hash written as %s: %s', (_case, hash, ok) => {
    expect(anchorJobSchema.safeParse({ docuId: 'doc-1', hash }).success).toBe(ok);
  });
});
