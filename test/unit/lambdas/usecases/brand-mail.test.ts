import { brandHeaderHtml, withMailBrand } from '../../../../lambdas/usecases/brand-mail';
import type { NotifyJob } from '../../../../lambdas/jobs';

const mail: NotifyJob = {
  kind: 'email',
  idempotencyKey: 'sign-request#doc#0',
  to: ['a@example.com'],
  subject: 'Please sign',
  text: 'Hello',
  html: '<p>Hello</p>',
};
const sha = 'ab'.repeat(32);

describe('the brand header of e-mails to contractors', () => {
  test('puts the logo by absolute URL with the name as alt text over a rule in the accent colour', () => {
    const job = withMailBrand(
      mail,
      { logoSha256: sha, color: '#8a1538', name: 'Acme & Co' },
      'https://sign.example/',
    );
    if (job.kind !== 'email') throw new Error('e-mail expected');
    expect(job.html).toContain(
      `<img src="https://sign.example/api/brand/logos/${sha}.png" alt="Acme &amp; Co"`,
    );
    expect(job.html).toContain('border-bottom:4px solid #8a1538');
    expect(job.html!.endsWith('<p>Hello</p>')).toBe(true);
    // The text part names the brand first: the fallback when images are off.
    expect(job.text).toBe('Acme & Co\n\nHello');
  });

  test('without a logo the name is written in the accent colour', () => {
    const html = brandHeaderHtml({ color: '#1b5e20', name: '<b>Bold</b>' }, 'https://x');
    expect(html).toContain('<strong style="color:#1b5e20;font-size:20px">&lt;b&gt;Bold&lt;/b&gt;</strong>');
    expect(html).not.toContain('<img');
  });

  test('a colour that is not #rrggbb never reaches the style attribute', () => {
    const html = brandHeaderHtml({ color: 'red;background:url(x)', name: 'N' }, 'https://x');
    expect(html).not.toContain('url(x)');
    expect(html).toContain('#1f5fbf');
  });

  test('no brand, or an SMS: the message is unchanged', () => {
    expect(withMailBrand(mail, null, 'https://x')).toBe(mail);
    const sms: NotifyJob = { kind: 'sms', idempotencyKey: 'sms#doc#1', to: '+819012345678', text: 'Sign' };
    expect(withMailBrand(sms, { color: '#000000', name: 'N' }, 'https://x')).toBe(sms);
  });
});

describe('denial notices carry the brand to the contractors, not to the owner', () => {
  it('brands each contractor notice and leaves the owner notice plain', async () => {
    const { refusalNotices } = await import('../../../../lambdas/usecases/refusals');
    const doc = {
      docuId: 'doc1',
      ownerId: 'owner1',
      lang: 'en',
      title: 'Lease',
      brand: { logoSha256: sha, color: '#1f5fbf', name: 'Acme Homes' },
    };
    const recipient = (index: number, contact: string) => ({
      docuId: 'doc1',
      index,
      name: `Person ${index}`,
      contact,
      method: 'email' as const,
      isOwner: false,
    });
    const recipients = [recipient(0, 'a@example.com'), recipient(1, 'b@example.com')];
    const deps = {
      users: { getById: async () => ({ name: 'Olivia Owner', email: 'owner@example.com', closed: false }) },
      appUrl: 'https://app.example',
    };
    const jobs = (await refusalNotices(
      deps as never,
      { doc, recipients, me: recipients[0] } as never,
      'deny',
      'Wrong rent',
    )) as Extract<NotifyJob, { kind: 'email' }>[];
    expect(jobs.map((j) => j.to[0])).toEqual(['owner@example.com', 'a@example.com', 'b@example.com']);
    expect(jobs[0]!.html).not.toContain('data-brand="header"');
    for (const job of jobs.slice(1)) {
      expect(job.html).toContain('data-brand="header"');
      expect(job.html).toContain(`https://app.example/api/brand/logos/${sha}.png`);
      expect(job.text.startsWith('Acme Homes\n')).toBe(true);
    }
  });
});
