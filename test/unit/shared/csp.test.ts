// One Content-Security-Policy for CloudFront and the local server (shared/web/csp.ts): the same
// directives, only the origins and the https-only upgrade differ.
import { localContentSecurityPolicy } from '../../../local/server';
import { contentSecurityPolicy } from '../../../shared/web/csp';

const directives = (policy: string) => policy.split('; ').map((d) => d.split(' ')[0]);

describe('the SPA Content-Security-Policy', () => {
  const aws = contentSecurityPolicy({
    connect: ['https://cognito-idp.ap-northeast-1.amazonaws.com'],
    storage: ['https://docs.s3.amazonaws.com'],
    upgradeInsecureRequests: true,
  });
  const local = localContentSecurityPolicy({
    cognito: 'http://127.0.0.1:9229/pool',
    storage: 'http://127.0.0.1:4569/bucket/key',
  });

  it('has the same directives locally as in AWS, without the https upgrade', () => {
    expect(directives(aws)).toEqual([...directives(local), 'upgrade-insecure-requests']);
    expect(local).not.toContain('upgrade-insecure-requests');
  });

  it('allows the storage origin where the browser loads documents and signs from it', () => {
    expect(local).toContain("connect-src 'self' http://127.0.0.1:9229 http://127.0.0.1:4569;");
    expect(local).toContain("img-src 'self' data: blob: http://127.0.0.1:4569;");
    expect(local).toContain("frame-src 'self' http://127.0.0.1:4569;");
    expect(aws).toContain("script-src 'self';");
    expect(aws).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it('allows the local chain origin, which the verify page asks itself (issue #33)', () => {
    const withChain = localContentSecurityPolicy({
      cognito: 'http://127.0.0.1:9229/pool',
      storage: 'http://127.0.0.1:4569/bucket/key',
      chain: 'http://127.0.0.1:8545',
    });
    expect(withChain).toContain(
      "connect-src 'self' http://127.0.0.1:9229 http://127.0.0.1:8545 http://127.0.0.1:4569;",
    );
    // connect-src only: the chain is never a frame, image or script.
    expect(withChain.split('; ').filter((d) => d.includes('8545'))).toHaveLength(1);
  });

  it('leaves out origins it was not given', () => {
    expect(localContentSecurityPolicy({})).toContain("connect-src 'self';");
  });
});
