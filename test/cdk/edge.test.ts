// Traffic goes through CloudFront and its WAF (issue #13, architecture section 18): the web ACL with
// per-IP rate limits in us-east-1, the secret origin header the handlers check, and, with a custom API
// domain, the default execute-api endpoint disabled.
import { Template } from 'aws-cdk-lib/assertions';
import { composeApp } from '../../bin/compose.js';
import { readSettings } from '../../bin/settings.js';
import { ROUTES } from '../../shared/api/routes.js';
import { ORIGIN_VERIFY_HEADER as HANDLER_HEADER } from '../../lambdas/core/http.js';
import { ORIGIN_VERIFY_HEADER } from '../../lib/stacks/app-stack.js';
import { SENDING_ROUTE_IDS } from '../../lib/constructs/waf.js';
import {
  cleanup,
  composeTestApp,
  FULL_CONTEXT,
  logicalIdOf,
  MAIL_FROM,
  siteAssets,
  testApp,
  TEST_ACCOUNT,
  TEST_REGION,
} from './support.js';

afterAll(cleanup);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- synthesised template JSON is untyped
type Resources = Record<string, { Type: string; Properties: any }>;
const resourcesOf = (stack: Parameters<typeof Template.fromStack>[0]) =>
  Template.fromStack(stack).toJSON().Resources as Resources;
const ofType = (resources: Resources, type: string) =>
  Object.values(resources).filter((r) => r.Type === type);
const distributionOf = (resources: Resources) =>
  ofType(resources, 'AWS::CloudFront::Distribution')[0]!.Properties.DistributionConfig;
const apiOriginOf = (resources: Resources) => {
  const config = distributionOf(resources);
  const behavior = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
  return config.Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId);
};

describe('the WAF web ACL (default app)', () => {
  const composed = composeTestApp();
  const edge = composed.edge!;
  const acl = () => ofType(resourcesOf(edge), 'AWS::WAFv2::WebACL')[0]!.Properties;
  const rule = (name: string) => acl().Rules.find((r: { Name: string }) => r.Name === name);

  test('lives in a stack of its own in us-east-1 (scope CLOUDFRONT), deployed before the app', () => {
    expect(edge).toBeDefined();
    expect(edge.stackName).toBe('SignSealEdge');
    expect(edge.region).toBe('us-east-1');
    expect(edge.account).toBe(TEST_ACCOUNT);
    expect(composed.app.region).toBe(TEST_REGION);
    expect(acl().Scope).toBe('CLOUDFRONT');
    expect(acl().DefaultAction).toEqual({ Allow: {} });
    expect(composed.app.dependencies).toContain(edge);
  });

  test('is attached to the distribution through a cross-region stack output', () => {
    const webAclId = JSON.stringify(distributionOf(resourcesOf(composed.app)).WebACLId);
    expect(webAclId).toContain('Fn::GetStackOutput');
    expect(webAclId).toContain('us-east-1');
    expect(webAclId).toContain('SignSealEdge');
  });

  test('limits each IP address to 1,000 API requests in 5 minutes, answering 429', () => {
    const api = rule('ApiRateLimit');
    expect(api.Statement.RateBasedStatement).toMatchObject({
      Limit: 1000,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: '/api/',
        },
      },
    });
    expect(api.Action.Block.CustomResponse).toMatchObject({
      ResponseCode: 429,
      CustomResponseBodyKey: 'tooManyRequests',
    });
    expect(JSON.parse(acl().CustomResponseBodies.tooManyRequests.Content).error.code).toBe(
      'errors.tooManyRequests',
    );
  });

  test('limits each IP address to 100 sending, sign-up and sign-image requests in 5 minutes', () => {
    const sending = rule('SendingRateLimit');
    expect(sending.Statement.RateBasedStatement).toMatchObject({
      Limit: 100,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'IP',
    });
    expect(sending.Action.Block.CustomResponse.ResponseCode).toBe(429);
    const [method, path] = sending.Statement.RateBasedStatement.ScopeDownStatement.AndStatement.Statements;
    expect(method.ByteMatchStatement).toMatchObject({ FieldToMatch: { Method: {} }, SearchString: 'POST' });
    const pattern = new RegExp(path.RegexMatchStatement.RegexString as string);
    for (const sample of [
      '/api/auth/signup',
      '/api/documents/0f1e2d3c4b5a69788a9b0c1d2e3f4a5b/send',
      '/api/documents/0f1e2d3c4b5a69788a9b0c1d2e3f4a5b/recipients/3/resend',
      '/api/documents/0f1e2d3c4b5a69788a9b0c1d2e3f4a5b/mail',
      '/api/me/signs',
      '/api/sign/0f1e2d3c4b5a69788a9b0c1d2e3f4a5b/tok_en-123/signs',
    ]) {
      expect({ sample, counted: pattern.test(sample) }).toEqual({ sample, counted: true });
    }
    for (const sample of [
      '/api/documents',
      '/api/documents/0f1e/details',
      '/api/documents/0f1e/send/x',
      '/api/sign/0f1e/tok/agree',
      '/api/me',
      '/x/api/auth/signup',
    ]) {
      expect({ sample, counted: pattern.test(sample) }).toEqual({ sample, counted: false });
    }
    expect(SENDING_ROUTE_IDS.every((id) => ROUTES.some((r) => r.id === id && r.method === 'POST'))).toBe(
      true,
    );
  });

  test("applies AWS's common rule set, counting only its 8 KB body rule (sign images are larger)", () => {
    expect(rule('AwsCommonRules').Statement.ManagedRuleGroupStatement).toEqual({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesCommonRuleSet',
      RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
    });
    expect(rule('AwsCommonRules').OverrideAction).toEqual({ None: {} });
  });

  test('takes its limits from context', () => {
    const tuned = composeTestApp({ context: { wafApiRateLimit: '5000', wafSendingRateLimit: '20' } });
    const rules = ofType(resourcesOf(tuned.edge!), 'AWS::WAFv2::WebACL')[0]!.Properties.Rules as {
      Name: string;
      Statement: { RateBasedStatement: { Limit: number } };
    }[];
    expect(rules.find((r) => r.Name === 'ApiRateLimit')!.Statement.RateBasedStatement.Limit).toBe(5000);
    expect(rules.find((r) => r.Name === 'SendingRateLimit')!.Statement.RateBasedStatement.Limit).toBe(20);
  });
});

describe('without the managed web ACL', () => {
  test('webAclArn attaches the operator’s own web ACL instead', () => {
    const composed = composeTestApp({ context: { webAclArn: FULL_CONTEXT.webAclArn } });
    expect(composed.edge).toBeUndefined();
    expect(distributionOf(resourcesOf(composed.app)).WebACLId).toBe(FULL_CONTEXT.webAclArn);
  });

  test('waf=false leaves it out', () => {
    const composed = composeTestApp({ context: { waf: 'false' } });
    expect(composed.edge).toBeUndefined();
    expect(distributionOf(resourcesOf(composed.app)).WebACLId).toBeUndefined();
  });

  test('an environment-agnostic synthesis (no account or region) leaves it out', () => {
    const root = testApp({ context: { mailFrom: MAIL_FROM } });
    const composed = composeApp(root, { ...readSettings(root.node, {}), siteAssetPath: siteAssets() });
    expect(composed.edge).toBeUndefined();
  });

  test.each([
    [{ waf: 'yes' }, /waf "yes" must be true or false/],
    [{ wafApiRateLimit: '5' }, /wafApiRateLimit "5" must be a whole number from 10/],
    [{ wafSendingRateLimit: 'many' }, /wafSendingRateLimit "many"/],
  ])('refuses bad settings %j', (context, message) => {
    expect(() => composeTestApp({ context })).toThrow(message);
  });
});

describe('the origin header', () => {
  const composed = composeTestApp();
  const resources = resourcesOf(composed.app);
  const secretId = Object.entries(resources).find(([, r]) => r.Type === 'AWS::SecretsManager::Secret')![0];

  test('is a secret Secrets Manager generates, never a value in the template', () => {
    expect(resources[secretId]!.Properties.GenerateSecretString).toMatchObject({
      ExcludePunctuation: true,
      PasswordLength: 48,
    });
  });

  test('is sent by CloudFront to the API origin', () => {
    const headers = apiOriginOf(resources).OriginCustomHeaders as {
      HeaderName: string;
      HeaderValue: unknown;
    }[];
    expect(headers).toHaveLength(1);
    expect(headers[0]!.HeaderName).toBe(ORIGIN_VERIFY_HEADER);
    expect(HANDLER_HEADER).toBe(ORIGIN_VERIFY_HEADER);
    const value = JSON.stringify(headers[0]!.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain(secretId);
  });

  test('is checked by every API function (ORIGIN_VERIFY_SECRET), and by no worker', () => {
    const variablesOf = (fn: Parameters<typeof logicalIdOf>[0]) =>
      resources[logicalIdOf(fn)]!.Properties.Environment.Variables as Record<string, unknown>;
    for (const fn of composed.app.api.functions.values()) {
      const value = JSON.stringify(variablesOf(fn).ORIGIN_VERIFY_SECRET);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toContain(secretId);
    }
    for (const worker of [...composed.app.jobs.workers, composed.app.sealing.sweep]) {
      expect(variablesOf(worker).ORIGIN_VERIFY_SECRET).toBeUndefined();
    }
  });

  test('a new originVerifyGeneration replaces the secret', () => {
    const next = resourcesOf(composeTestApp({ context: { originVerifyGeneration: '2' } }).app);
    const nextId = Object.entries(next).find(([, r]) => r.Type === 'AWS::SecretsManager::Secret')![0];
    expect(nextId).not.toBe(secretId);
  });
});

describe('the default execute-api endpoint', () => {
  test('stays on without an API domain (the origin header guards it) and is the origin', () => {
    const resources = resourcesOf(composeTestApp().app);
    const api = ofType(resources, 'AWS::ApiGatewayV2::Api')[0]!.Properties;
    expect(api.DisableExecuteApiEndpoint ?? false).toBe(false);
    expect(JSON.stringify(apiOriginOf(resources).DomainName)).toContain(`.execute-api.${TEST_REGION}.`);
  });

  const API_CONTEXT = {
    apiDomainName: 'api.sign.signseal.example',
    apiCertificateArn: `arn:aws:acm:${TEST_REGION}:${TEST_ACCOUNT}:certificate/1a2b3c4d-5e6f-7081-92a3-b4c5d6e7f809`,
  };

  test('is disabled with an API domain, which becomes the origin', () => {
    const composed = composeTestApp({ context: API_CONTEXT });
    const resources = resourcesOf(composed.app);
    const api = ofType(resources, 'AWS::ApiGatewayV2::Api')[0]!.Properties;
    expect(api.DisableExecuteApiEndpoint).toBe(true);
    expect(ofType(resources, 'AWS::ApiGatewayV2::DomainName')[0]!.Properties).toMatchObject({
      DomainName: API_CONTEXT.apiDomainName,
      DomainNameConfigurations: [expect.objectContaining({ CertificateArn: API_CONTEXT.apiCertificateArn })],
    });
    expect(ofType(resources, 'AWS::ApiGatewayV2::ApiMapping')).toHaveLength(1);
    expect(apiOriginOf(resources).DomainName).toBe(API_CONTEXT.apiDomainName);
    expect(apiOriginOf(resources).OriginCustomHeaders[0].HeaderName).toBe(ORIGIN_VERIFY_HEADER);
    const outputs = Template.fromStack(composed.app).toJSON().Outputs as Record<string, unknown>;
    expect(outputs.ApiDomainTarget).toBeDefined();
    expect(outputs.ApiEndpoint).toBeUndefined();
  });

  test.each([
    [{ apiDomainName: 'api.example.com' }, /apiDomainName and apiCertificateArn go together/],
    [
      { ...API_CONTEXT, apiCertificateArn: `arn:aws:acm:us-east-1:${TEST_ACCOUNT}:certificate/x` },
      new RegExp(`apiCertificateArn must be in the app's region ${TEST_REGION}`),
    ],
    [{ ...API_CONTEXT, apiDomainName: 'API..example' }, /apiDomainName "API..example"/],
  ])('refuses bad API domain settings %j', (context, message) => {
    expect(() => composeTestApp({ context })).toThrow(message);
  });
});
