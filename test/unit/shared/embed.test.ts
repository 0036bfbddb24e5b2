// Embedded signing (issue #31 item 4): the allowed origins' rule (shared/domain/embed.ts), the embed
// page's Content-Security-Policy (shared/web/csp.ts) and the events the page sends its parent.
import { MAX_EMBED_ORIGINS, normalizeEmbedOrigin, normalizeEmbedOrigins } from '../../../shared/domain/embed';
import { embedPageHeaders, securityHeaders } from '../../../local/server';
import { contentSecurityPolicy, embedContentSecurityPolicy } from '../../../shared/web/csp';
import { embedEventOf, postEmbedEvent, readEmbedSession } from '../../../web/src/features/embed/session';

const deployed = { allowLoopback: false };
const local = { allowLoopback: true };

describe('an allowed origin', () => {
  it.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['https://shop.example.com/', 'https://shop.example.com'],
    ['  https://Shop.Example.COM  ', 'https://shop.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['https://shop.example.com:8443', 'https://shop.example.com:8443'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['HTTPS://crm.example.org', 'https://crm.example.org'],
  ])('%j is written %j', (input, origin) => {
    expect(normalizeEmbedOrigin(input, deployed)).toEqual({ ok: true, origin });
  });

  it.each([
    '',
    'shop.example.com',
    'https://',
    'https://shop.example.com/path',
    'https://shop.example.com/?q=1',
    'https://shop.example.com?q=1',
    'https://shop.example.com#top',
    'https://user:pass@shop.example.com',
    'https://*.example.com',
    'https://shop example.com',
    'ftp://shop.example.com',
    'javascript://shop.example.com',
    'data:text/html,hi',
    `https://${'a'.repeat(300)}.example`,
    'null',
  ])('refuses %j as not an origin', (input) => {
    expect(normalizeEmbedOrigin(input, deployed)).toEqual({ ok: false, reason: 'notOrigin' });
  });

  it('refuses plain http on a real host, here and deployed', () => {
    expect(normalizeEmbedOrigin('http://shop.example.com', deployed)).toEqual({
      ok: false,
      reason: 'notHttps',
    });
    expect(normalizeEmbedOrigin('http://shop.example.com', local)).toEqual({ ok: false, reason: 'notHttps' });
  });

  it.each([
    'http://localhost:5173',
    'http://127.0.0.1:8080',
    'https://localhost',
    'http://[::1]:3000',
    'http://app.localhost',
  ])('accepts the loopback origin %j only when the configuration allows it', (input) => {
    expect(normalizeEmbedOrigin(input, deployed)).toEqual({ ok: false, reason: 'loopback' });
    const allowed = normalizeEmbedOrigin(input, local);
    expect(allowed.ok).toBe(true);
    if (allowed.ok) expect(allowed.origin).toBe(new URL(input).origin);
  });

  it('normalises a list, dropping duplicates in order, and names the first bad entry', () => {
    expect(
      normalizeEmbedOrigins(['https://a.example/', 'https://B.example', 'https://a.example'], deployed),
    ).toEqual({ ok: true, origins: ['https://a.example', 'https://b.example'] });
    expect(normalizeEmbedOrigins(['https://a.example', 'http://b.example', 'x'], deployed)).toEqual({
      ok: false,
      index: 1,
      reason: 'notHttps',
    });
    expect(MAX_EMBED_ORIGINS).toBe(10);
  });
});

describe("the embed page's Content-Security-Policy", () => {
  const spa = contentSecurityPolicy({
    connect: ['https://cognito-idp.ap-northeast-1.amazonaws.com'],
    storage: ['https://docs.s3.amazonaws.com'],
    upgradeInsecureRequests: true,
  });

  it("keeps frame-ancestors 'none' on every other page", () => {
    expect(spa).toContain("frame-ancestors 'none'");
  });

  it("is the SPA's policy with the account's origins as frame-ancestors", () => {
    const policy = embedContentSecurityPolicy(spa, ['https://shop.example.com', 'https://crm.example:8443']);
    expect(policy).toContain('frame-ancestors https://shop.example.com https://crm.example:8443');
    expect(policy).not.toContain("frame-ancestors 'none'");
    expect(policy.match(/frame-ancestors/g)).toHaveLength(1);
    const others = (p: string) =>
      p
        .split('; ')
        .filter((d) => !d.startsWith('frame-ancestors'))
        .sort();
    expect(others(policy)).toEqual(others(spa));
  });

  it("falls back to 'none' without origins, and never lets a non-origin into the header", () => {
    expect(embedContentSecurityPolicy(spa, [])).toContain("frame-ancestors 'none'");
    const policy = embedContentSecurityPolicy(spa, [
      "https://ok.example; script-src 'unsafe-inline'",
      '*',
      "'self'",
      'https://ok.example',
    ]);
    expect(policy).toContain('frame-ancestors https://ok.example');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy.split('; ').filter((d) => d.startsWith('script-src'))).toEqual(["script-src 'self'"]);
    expect(policy).not.toMatch(/frame-ancestors[^;]*(\*|'self')/);
  });

  it('refuses a policy without frame-ancestors rather than adding a second one', () => {
    expect(() => embedContentSecurityPolicy("default-src 'self'", ['https://a.example'])).toThrow(
      /no frame-ancestors/,
    );
  });
});

describe("the embedded page's messages", () => {
  it.each([
    ['completed', { type: 'signseal:signed' }],
    ['signingDenied', { type: 'signseal:denied' }],
    ['legalDenied', { type: 'signseal:denied' }],
    ['invalidLink', { type: 'signseal:error', code: 'signing.errors.invalidLink' }],
    ['loadFailed', { type: 'signseal:error', code: 'embed.errors.loadFailed' }],
    ['refused', { type: 'signseal:error', code: 'embed.errors.refused' }],
    ['alreadyAgreed', { type: 'signseal:error', code: 'embed.errors.closed' }],
    ['forwarded', { type: 'signseal:error', code: 'embed.errors.closed' }],
  ])('state %s tells the parent %j', (state, event) => {
    expect(embedEventOf(state)).toEqual(event);
  });

  it.each(['loading', 'request', 'review', 'video', 'review.terms'])('state %s tells nothing', (state) => {
    expect(embedEventOf(state)).toBeNull();
  });

  it('posts the document and recipient, never a token, to the exact parent origin', () => {
    const calls: unknown[][] = [];
    const parent = { postMessage: (...args: unknown[]) => calls.push(args) } as unknown as Window;
    postEmbedEvent(
      { parentOrigin: 'https://shop.example.com', recipientIndex: 2 },
      'doc1',
      'signseal:signed',
      undefined,
      parent,
    );
    expect(calls).toEqual([
      [{ type: 'signseal:signed', docuId: 'doc1', recipientIndex: 2 }, 'https://shop.example.com'],
    ]);
  });

  it("reads the session from the shell's meta elements, refusing anything but an origin", () => {
    const doc = (parent: string, index: string) =>
      ({
        querySelector: (selector: string) => ({
          getAttribute: () => (selector.includes('parent') ? parent : index),
        }),
      }) as unknown as Document;
    expect(readEmbedSession(doc('https://shop.example.com', '1'))).toEqual({
      parentOrigin: 'https://shop.example.com',
      recipientIndex: 1,
    });
    expect(readEmbedSession(doc('*', '1'))).toBeNull();
    expect(readEmbedSession(doc('https://shop.example.com/path', '1'))).toBeNull();
    expect(readEmbedSession(doc('https://shop.example.com', 'x'))).toBeNull();
  });
});

describe("the local server's headers on the embed route", () => {
  it("are CloudFront's embed policy: the usual ones without CSP and X-Frame-Options, which the page sends", () => {
    const all = securityHeaders("default-src 'self'; frame-ancestors 'none'");
    expect(all['x-frame-options']).toBe('DENY');
    const embed = embedPageHeaders(all);
    expect(embed).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=()',
    });
    // The SPA's own headers are untouched.
    expect(all['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
