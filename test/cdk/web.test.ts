import { Match, Template } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import {
  cleanup,
  composeTestApp,
  configJsonFiles,
  FULL_CONTEXT,
  logicalIdOf,
  TEST_REGION,
} from './support.js';

afterAll(cleanup);

const composed = composeTestApp();
const template = Template.fromStack(composed.app);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- synthesised template JSON is untyped
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: any }>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

const distribution = () => ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
const apiBehavior = () =>
  distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
const headers = () =>
  ofType('AWS::CloudFront::ResponseHeadersPolicy')[0]![1].Properties.ResponseHeadersPolicyConfig;
const csp = () => JSON.stringify(headers().SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);

describe('the SPA origin', () => {
  test('is a private, encrypted, TLS-only bucket read through Origin Access Control', () => {
    const siteBucketId = logicalIdOf(composed.app.web.siteBucket);
    const bucket = resources[siteBucketId]!;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    const s3Origin = distribution().Origins.find((o: { S3OriginConfig?: unknown }) => o.S3OriginConfig);
    expect(s3Origin.DomainName).toEqual({ 'Fn::GetAtt': [siteBucketId, 'RegionalDomainName'] });
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: siteBucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  test('serves index.html for SPA routes by a viewer-request function, not by error responses', () => {
    const behavior = distribution().DefaultCacheBehavior;
    expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(behavior.FunctionAssociations).toHaveLength(1);
    expect(behavior.FunctionAssociations[0].EventType).toBe('viewer-request');
    expect(distribution().CustomErrorResponses).toBeUndefined();
    expect(apiBehavior().FunctionAssociations).toBeUndefined();
  });

  test.each([
    ['/', '/index.html'],
    ['/en/documents', '/index.html'],
    ['/jp/outsign/ab12cd/9f8e7d6c5b4a', '/index.html'],
    // The phone's recording pages get their lean shell (issue #15; a video contract's, issue #16).
    ['/jp/vsign_mobile/AbC123-_x', '/record.html'],
    ['/en/vc_mobile/AbC123', '/record.html'],
    ['/ko/vc_mobile/AbC123/extra', '/index.html'],
    ['/en/xvc_mobile/AbC123', '/index.html'],
    ['/en/vsign_mobile/AbC123/extra', '/index.html'],
    ['/en/vsign_mobile', '/index.html'],
    ['/assets/index-3f2a1b.js', '/assets/index-3f2a1b.js'],
    ['/config.json', '/config.json'],
    ['/favicon.ico', '/favicon.ico'],
  ])('the rewrite function sends %s to %s', (uri, expected) => {
    const code = ofType('AWS::CloudFront::Function')[0]![1].Properties.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (event: unknown) => { uri: string };
    expect(handler({ request: { uri, headers: {} } }).uri).toBe(expected);
  });
});

describe('the /api/* behaviour', () => {
  test('reaches the HTTP API over HTTPS with caching disabled and every method allowed', () => {
    const behavior = apiBehavior();
    expect(behavior.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(behavior.ViewerProtocolPolicy).toBe('https-only');
    expect(behavior.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
    const origin = distribution().Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain(logicalIdOf(composed.app.api.httpApi));
    expect(JSON.stringify(origin.DomainName)).toContain(`.execute-api.${TEST_REGION}.`);
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
  });

  test('forwards every viewer header but Host, with CloudFront-Viewer-Country (Managed-AllViewerExceptHostHeader)', () => {
    expect(apiBehavior().OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
  });
});

describe('the security headers', () => {
  test('apply to the SPA and to the API', () => {
    const policyId = logicalIdOf(composed.app.web.responseHeadersPolicy);
    expect(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(apiBehavior().ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  test('include HSTS for two years with subdomains and preload, nosniff, DENY and a same-origin referrer', () => {
    const security = headers().SecurityHeadersConfig;
    expect(security.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: 'same-origin', Override: true });
  });

  test('include a CSP that only allows this origin, Cognito and the documents bucket', () => {
    const policy = csp();
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain(`connect-src 'self' https://cognito-idp.${TEST_REGION}.`);
    expect(policy).toMatch(/img-src 'self' data: blob: https:\/\//);
    expect(policy).toMatch(/media-src 'self' blob: https:\/\//);
    expect(policy).toMatch(/frame-src 'self' https:\/\//);
    // The documents bucket name comes from the stateful stack.
    expect(policy).toContain('PublishOutputRefStorageDocumentsBucket');
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*\.amazonaws/);
  });

  test('let the camera and microphone work on this origin only', () => {
    expect(headers().CustomHeadersConfig.Items).toContainEqual(
      expect.objectContaining({
        Header: 'Permissions-Policy',
        Value: expect.stringContaining('camera=(self)'),
      }),
    );
  });

  test('isolate the browsing context and keep responses same-origin (COOP, CORP), for the SPA and the API', () => {
    expect(headers().CustomHeadersConfig.Items).toEqual(
      expect.arrayContaining([
        { Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true },
        { Header: 'Cross-Origin-Resource-Policy', Value: 'same-origin', Override: true },
      ]),
    );
    // nosniff, CSP and HSTS come with the same policy on /api/* (checked above).
    expect(headers().SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
  });

  test('add the Cognito hosted domain and configured origins to connect-src when federation is on', () => {
    const full = composeTestApp({ context: FULL_CONTEXT });
    const policy = JSON.stringify(
      Object.values(Template.fromStack(full.app).findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!
        .Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
    );
    expect(policy).toContain(
      `https://${FULL_CONTEXT.authDomainPrefix}.auth.${TEST_REGION}.amazoncognito.com`,
    );
    expect(policy).toContain(FULL_CONTEXT.cspConnectSrc);
  });
});

describe('the distribution', () => {
  test('writes access logs to a retained bucket that accepts CloudFront log delivery', () => {
    const logsId = logicalIdOf(composed.app.web.logsBucket);
    expect(distribution().Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    const logs = resources[logsId]!;
    expect(logs.Properties.OwnershipControls.Rules).toEqual([{ ObjectOwnership: 'BucketOwnerPreferred' }]);
    expect((logs as { DeletionPolicy?: string }).DeletionPolicy).toBe('Retain');
  });

  test('serves HTTP/2 and HTTP/3 from the edge locations that include Japan and Korea', () => {
    expect(distribution()).toMatchObject({
      HttpVersion: 'http2and3',
      PriceClass: 'PriceClass_200',
      DefaultRootObject: 'index.html',
    });
  });

  test('compresses what it serves (brotli or gzip) on every behaviour, with Accept-Encoding in the SPA cache key', () => {
    const behaviors = [distribution().DefaultCacheBehavior, ...distribution().CacheBehaviors];
    expect(behaviors.length).toBeGreaterThanOrEqual(2);
    for (const behavior of behaviors) expect(behavior.Compress).toBe(true);
    // Managed-CachingOptimized: caches gzip and brotli copies apart (EnableAcceptEncodingGzip/Brotli).
    expect(distribution().DefaultCacheBehavior.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6');
  });

  test('uses the custom domain, its certificate with TLS 1.2 and the WAF web ACL when given', () => {
    const full = composeTestApp({ context: FULL_CONTEXT });
    const config = Object.values(
      Template.fromStack(full.app).findResources('AWS::CloudFront::Distribution'),
    )[0]!.Properties.DistributionConfig;
    expect(config.Aliases).toEqual(['sign.signseal.example']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: FULL_CONTEXT.certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    expect(config.WebACLId).toBe(FULL_CONTEXT.webAclArn);
  });
});

describe('the SPA deployment', () => {
  const deployments = () => ofType('Custom::CDKBucketDeployment').map(([, r]) => r.Properties);

  test('uploads hashed assets with a one-year immutable cache and keeps old ones for cached pages', () => {
    const assets = deployments().find((d) => JSON.stringify(d.Include ?? []) === '["assets/*"]');
    expect(assets).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  test('uploads the shell and config.json revalidated on every use, then invalidates the distribution', () => {
    const shell = deployments().find((d) => d.DistributionId);
    expect(shell).toMatchObject({
      Prune: true,
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
    expect(shell.SourceObjectKeys).toHaveLength(2);
  });

  test('writes config.json with the region, user pool, app client, /api base and minimum age', () => {
    const assembly = composed.root.synth();
    const found = configJsonFiles(assembly.directory);
    expect(found).toHaveLength(1);
    const config = JSON.parse(readFileSync(found[0]!, 'utf8'));
    expect(config).toEqual({
      region: TEST_REGION,
      userPoolId: expect.stringMatching(/^<<marker:/),
      userPoolClientId: expect.stringMatching(/^<<marker:/),
      apiBase: '/api',
      minAge: 18,
      defaultPhoneCountry: 'US',
    });
    const shell = deployments().find((d) => d.DistributionId);
    const markers = JSON.stringify(shell.SourceMarkers);
    expect(markers).toContain('PublishOutputRefAuthUserPool');
    expect(markers).toContain('PublishOutputRefAuthUserPoolWebClient');
  });
});
