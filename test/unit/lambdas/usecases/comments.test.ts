// Issue #29 item 3: what the server writes from a comment — the mention e-mail (the comment escaped in
// the HTML, literal in the text part; a link for the owner and colleagues, none for a contractor) and
// the audit pages' history rows (the comment's excerpt as literal text).
import type { DocumentRecord, HistoryRecord } from '../../../../lambdas/adapters/dynamo/documents';
import type { CommentRecord } from '../../../../lambdas/adapters/dynamo/comments';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import { mentionMail, type Thread } from '../../../../lambdas/usecases/comments';
import { buildAudit } from '../../../../lambdas/usecases/seal-audit';

const XSS = '<img src=x onerror=alert(1)>\n<script>alert("2")</script> & more';

const doc = {
  docuId: 'doc123',
  ownerId: 'owner-1',
  id4: 'ab12',
  kind: 'esign',
  status: 'Agree',
  title: 'Lease <b>',
  lang: 'en',
  version: 3,
  createdAt: '2026-11-28T10:00:00.000Z',
  sentAt: '2026-11-28T10:05:00.000Z',
} as unknown as DocumentRecord;

const thread = {
  doc,
  recipients: [],
  owner: {} as UserRecord,
  participants: [],
  now: new Date(),
} as unknown as Thread;

const comment = {
  docuId: 'doc123',
  commentId: '1764324000000-0a1b2c3d',
  authorName: 'Olivia <Owner>',
  text: XSS,
} as unknown as CommentRecord;

describe('the mention e-mail', () => {
  it('escapes the comment, the author and the title in the HTML and keeps them literal in the text', () => {
    const job = mentionMail('https://app.example/', thread, comment, {
      id: 'member:mel@example.com',
      name: 'Mel',
      email: 'mel@example.com',
    });
    if (job.kind !== 'email') throw new Error('an e-mail');
    expect(job.to).toEqual(['mel@example.com']);
    expect(job.subject).toBe('[SignSeal] Olivia <Owner> mentioned you: Lease <b>');
    expect(job.html).toContain(
      '&lt;img src=x onerror=alert(1)&gt;<br>&lt;script&gt;alert(&quot;2&quot;)&lt;/script&gt; &amp; more',
    );
    expect(job.html).toContain(
      'Olivia &lt;Owner&gt; mentioned you in a comment on &quot;Lease &lt;b&gt;&quot;:',
    );
    expect(job.html).not.toMatch(/<img|<script|<b>/);
    expect(job.html).toContain('<a href="https://app.example/en/home/comments/doc123">Open the contract</a>');
    expect(job.text).toContain(XSS);
    expect(job.idempotencyKey).toBe('comment-mention#doc123#1764324000000-0a1b2c3d#member:mel@example.com');
  });

  it('gives a contractor no link (their signer link is in their request e-mail)', () => {
    const job = mentionMail('https://app.example', thread, comment, {
      id: 'recipient:1',
      name: 'Carl',
      email: 'carl@example.com',
    });
    if (job.kind !== 'email') throw new Error('an e-mail');
    expect(job.html).not.toContain('href');
    expect(job.text).not.toContain('https://');
    expect(job.text).toContain('open the signing link from your request e-mail and choose Comments');
  });
});

describe('the audit pages', () => {
  it('list comment events with the comment as literal text', () => {
    const item = (action: HistoryRecord['action'], itemId: string, reason?: string) =>
      ({
        docuId: 'doc123',
        ownerId: 'owner-1',
        itemId,
        time: '2026-11-28T10:10:00.000Z',
        action,
        actorName: 'Carl',
        actorContact: 'carl@example.com',
        actorContactMasked: 'c***@example.com',
        ip: '127.0.0.1',
        userAgent: 'jest',
        ...(reason === undefined ? {} : { reason }),
      }) as HistoryRecord;
    const audit = buildAudit({
      doc,
      owner: null,
      recipients: [],
      history: [
        item('comment', '1', '<img src=x onerror=alert(1)>'),
        item('comment_edit', '2', 'b'),
        item('comment_delete', '3'),
      ],
      locale: 'en',
      verifyUrl: 'https://app.example/verify',
      completedAt: '2026-11-28T11:00:00.000Z',
    });
    expect(audit.history.map((h) => h.action)).toEqual([
      'comment posted (<img src=x onerror=alert(1)>)',
      'comment edited (b)',
      'comment deleted',
    ]);
  });
});
