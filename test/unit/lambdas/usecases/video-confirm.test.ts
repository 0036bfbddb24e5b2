// The messages and parties of the cross video confirmation (issue #15 item 4): pure parts of
// lambdas/usecases/video-confirm.ts and the denial notice's video variant. The flow itself (tokens,
// answers, the one Generating transition) is tested against the emulators in
// test/integration/video-confirm.test.ts.
import type { DocumentRecord, RecipientRecord } from '../../../../lambdas/adapters/dynamo/documents';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import { hashSignerToken } from '../../../../lambdas/usecases/signer-tokens';
import { refusalNoticeJob } from '../../../../lambdas/usecases/refusals';
import { confirmRequestJob, issueConfirmTokens, partiesOf } from '../../../../lambdas/usecases/video-confirm';
import { OWNER_PARTY } from '../../../../lambdas/usecases/document-access';

const doc = { docuId: 'd1', ownerId: 'u1' } as DocumentRecord;
const recipient = (index: number, isOwner = false) =>
  ({
    docuId: 'd1',
    index,
    name: `R${index}`,
    contact: isOwner ? 'owner@example.com' : `r${index}@example.com`,
    method: 'email',
    isOwner,
    agreement: 1,
  }) as RecipientRecord;
const users = (user: Partial<UserRecord> | null) => ({
  users: { getById: async () => (user ? ({ name: 'Olive Owner', ...user } as UserRecord) : null) },
});

describe('partiesOf', () => {
  it('is every contractor, and the owner (index -1) when they are not one', async () => {
    const parties = await partiesOf(users({ email: 'owner@example.com' }), doc, [recipient(0), recipient(1)]);
    expect(parties.map((p) => [p.index, p.contact])).toEqual([
      [0, 'r0@example.com'],
      [1, 'r1@example.com'],
      [OWNER_PARTY, 'owner@example.com'],
    ]);
  });

  it('does not add an owner who is a contractor, nor a closed account', async () => {
    const withOwner = await partiesOf(users({ email: 'owner@example.com' }), doc, [
      recipient(0, true),
      recipient(1),
    ]);
    expect(withOwner.map((p) => p.index)).toEqual([0, 1]);
    const closed = await partiesOf(users({ email: 'owner@example.com', closed: true }), doc, [recipient(0)]);
    expect(closed.map((p) => p.index)).toEqual([0]);
  });
});

describe('issueConfirmTokens', () => {
  it('issues one distinct token per party, stored as its hash with the vconfirm purpose', () => {
    const parties = [
      { index: 0, name: 'A', contact: 'a@example.com', method: 'email' as const },
      { index: OWNER_PARTY, name: 'O', contact: 'o@example.com', method: 'email' as const },
    ];
    const issued = issueConfirmTokens('d1', parties, new Date('2026-01-01T00:00:00Z'));
    expect(new Set(issued.map((i) => i.token)).size).toBe(2);
    for (const { token, record, party } of issued) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(record).toMatchObject({
        tokenHash: hashSignerToken(token),
        docuId: 'd1',
        recipientIndex: party.index,
        purpose: 'vconfirm',
      });
      expect(JSON.stringify(record)).not.toContain(token);
    }
  });
});

describe('confirmRequestJob', () => {
  const base = { docuId: 'd1', title: 'Lease <1>', link: 'https://app.example/en/video_confirm/d1/tok' };

  it('e-mails the link (text and escaped HTML), once per party', () => {
    const job = confirmRequestJob({
      ...base,
      lang: 'en',
      party: { index: 1, name: 'Pat', contact: 'pat@example.com', method: 'email' },
    });
    expect(job).toMatchObject({
      kind: 'email',
      to: ['pat@example.com'],
      idempotencyKey: 'vconfirm-request#d1#1',
    });
    if (job.kind !== 'email') return;
    expect(job.subject).toContain('Lease <1>');
    expect(job.text).toContain(base.link);
    expect(job.text).toContain('Dear Pat,');
    expect(job.html).toContain(`href="${base.link}"`);
    expect(job.html).not.toContain('<1>');
  });

  it('texts a phone party in their language', () => {
    const sms = confirmRequestJob({
      ...base,
      lang: 'jp',
      party: { index: 0, name: 'P', contact: '+819012345678', method: 'phone' },
    });
    expect(sms).toMatchObject({ kind: 'sms', to: '+819012345678' });
    if (sms.kind === 'sms') {
      expect(sms.text).toContain(base.link);
      expect(sms.text).toContain('動画');
    }
  });
});

describe('the denial notice of the videos', () => {
  it('tells who denied the videos, with the reason, in each language', () => {
    const common = {
      docuId: 'd1',
      kind: 'vconfirm' as const,
      signerName: 'Pat',
      title: 'Lease',
      reason: 'Not me & him',
    };
    const mail = refusalNoticeJob({
      ...common,
      lang: 'en',
      to: { name: 'O', contact: 'o@example.com', method: 'email' },
    });
    expect(mail.idempotencyKey).toBe('videoDenialNotice#d1#o@example.com');
    if (mail.kind !== 'email') throw new Error('an e-mail');
    expect(mail.subject).toContain('signing videos');
    expect(mail.text).toMatch(/^Dear O,\n\nPat has denied to confirm the signing videos of "Lease"/);
    expect(mail.text).toContain('Reason:\nNot me & him');
    expect(mail.html).toContain('Not me &amp; him');
    const own = refusalNoticeJob({
      ...common,
      lang: 'ko',
      self: true,
      to: { name: 'P', contact: 'p@example.com', method: 'email' },
    });
    if (own.kind === 'email') expect(own.subject).toContain('거절했습니다');
  });
});
