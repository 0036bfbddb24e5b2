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
