import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { fileURLToPath } from 'node:url';
import { ROUTES, type RouteDefinition } from '../../shared/api/routes.js';
import { Api } from '../../lib/constructs/api.js';
import { testApp, cleanup } from './support.js';

afterAll(cleanup);

const FIXTURE_HANDLERS = fileURLToPath(new URL('./fixtures/handlers', import.meta.url));

function apiTemplate(
  routes: readonly RouteDefinition[],
  handlersDir?: string,
): { template: Template; api: Api } {
  const stack = new Stack(testApp(), 'ApiTest', {
    env: { account: '123456789012', region: 'ap-northeast-1' },
  });
  const userPool = new UserPool(stack, 'Pool');
  const api = new Api(stack, 'Api', {
    routes,
    userPool,
    userPoolClient: userPool.addClient('Client'),
    handlersDir,
  });
  return { template: Template.fromStack(stack), api };
}

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

describe('with the shared route table', () => {
  const { template } = apiTemplate(ROUTES);
  const routes = template.findResources('AWS::ApiGatewayV2::Route') as Resources;

  test('creates one route per entry, with its method and path', () => {
    expect(Object.keys(routes)).toHaveLength(ROUTES.length);
    const keys = Object.values(routes).map((route) => route.Properties.RouteKey);
    expect(keys.sort()).toEqual(ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });

  test('puts the Cognito JWT authorizer on owner routes and on no other', () => {
    for (const def of ROUTES) {
      const route = Object.values(routes).find((r) => r.Properties.RouteKey === `${def.method} ${def.path}`)!;
      if (def.auth === 'owner') {
        expect(route.Properties).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: expect.anything() });
      } else {
        expect(route.Properties.AuthorizationType).toBe('NONE');
        expect(route.Properties.AuthorizerId).toBeUndefined();
      }
    }
  });

  test('creates one function per distinct handler module', () => {
    const handlers = new Set(ROUTES.map((route) => route.handler));
    template.resourceCountIs('AWS::Lambda::Function', handlers.size);
  });
});

describe('how API Gateway invokes the handlers', () => {
  const { template, api } = apiTemplate(ROUTES);
  const stack = Stack.of(api);
  const roleId = stack.getLogicalId(api.invokeRole.node.defaultChild as never);

  test('through one role of its own, trusted by API Gateway for this API only: no resource-based permission', () => {
    expect(Object.keys(template.findResources('AWS::Lambda::Permission'))).toEqual([]);
    const integrations = Object.values(template.findResources('AWS::ApiGatewayV2::Integration') as Resources);
    expect(integrations.length).toBeGreaterThan(0);
    for (const integration of integrations)
      expect(integration.Properties.CredentialsArn).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
    const role = template.findResources('AWS::IAM::Role')[roleId] as Resources[string];
    const trust = JSON.stringify(role.Properties.AssumeRolePolicyDocument);
    expect(trust).toContain('"Principal":{"Service":"apigateway.amazonaws.com"}');
    expect(trust).toContain(
      `"aws:SourceArn":{"Fn::Join":["",["arn:aws:execute-api:ap-northeast-1:123456789012:",{"Ref":"${stack.getLogicalId(api.httpApi.node.defaultChild as never)}"},"/*"]]}`,
    );
  });

  test('which may invoke exactly the API handler functions', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy') as Resources).filter((p) =>
      JSON.stringify(p.Properties.Roles).includes(roleId),
    );
    expect(policies).toHaveLength(1);
    const statements = (
      policies[0]!.Properties.PolicyDocument as { Statement: { Action: string; Resource: unknown }[] }
    ).Statement;
    expect(statements).toHaveLength(1);
    expect(statements[0]!.Action).toBe('lambda:InvokeFunction');
    const ids = [...api.functions.values()].map((fn) => stack.getLogicalId(fn.node.defaultChild as never));
    const arnOf = (r: unknown) => (r as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    expect((statements[0]!.Resource as unknown[]).map(arnOf).sort()).toEqual([...ids].sort());
    // An inline role policy holds 10,240 characters at most: each function's ARN takes ~110.
    expect(ids.length * 110 + 300).toBeLessThan(10_240);
  });
});

describe('with a route table of every kind', () => {
  const routes: RouteDefinition[] = [
    { id: 'ListDocuments', method: 'GET', path: '/api/documents', auth: 'owner', handler: 'documents' },
    { id: 'CreateDocument', method: 'POST', path: '/api/documents', auth: 'owner', handler: 'documents' },
    { id: 'SignDocument', method: 'POST', path: '/api/sign/{docuId}', auth: 'signer', handler: 'sign' },
    { id: 'Verify', method: 'GET', path: '/api/verify/{hash}', auth: 'public', handler: 'verify' },
  ];
  const { template, api } = apiTemplate(routes, FIXTURE_HANDLERS);
  const all = template.findResources('AWS::ApiGatewayV2::Route') as Resources;

  test('shares one function, and one integration, between the routes of a handler module', () => {
    template.resourceCountIs('AWS::Lambda::Function', 3);
    expect([...api.functions.keys()].sort()).toEqual(['documents', 'sign', 'verify']);
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', 3);
  });

  test('authorises exactly the owner routes', () => {
    const withJwt = Object.values(all).filter((route) => route.Properties.AuthorizationType === 'JWT');
    expect(withJwt.map((route) => route.Properties.RouteKey).sort()).toEqual([
      'GET /api/documents',
      'POST /api/documents',
    ]);
  });

  test('refuses a route table with a duplicated id', () => {
    expect(() => apiTemplate([routes[0]!, { ...routes[1]!, id: routes[0]!.id }], FIXTURE_HANDLERS)).toThrow(
      /appears twice/,
    );
  });

  test('fails the synth, naming the file, when a route names a handler module that does not exist', () => {
    const missing: RouteDefinition = {
      id: 'Ghost',
      method: 'GET',
      path: '/api/ghost',
      auth: 'public',
      handler: 'ghost',
    };
    expect(() => apiTemplate([missing], FIXTURE_HANDLERS)).toThrow(/ghost\.ts/);
  });
});

describe('the HTTP API', () => {
  const { template } = apiTemplate(ROUTES);

  test('checks Cognito tokens issued to the app client', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('PoolClient') }],
        Issuer: {
          'Fn::Join': [
            '',
            ['https://cognito-idp.ap-northeast-1.amazonaws.com/', { Ref: Match.stringLikeRegexp('Pool') }],
          ],
        },
      },
    });
  });

  test('deploys the $default stage automatically, throttled, with JSON access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      AccessLogSettings: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"'),
      },
    });
  });

  test('never logs the request path (it may hold a signer token) or the caller IP', () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0]!;
    const format = stage.Properties.AccessLogSettings.Format as string;
    expect(format).toContain('$context.routeKey');
    expect(format).not.toMatch(/\$context\.(path|sourceIp|identity\.sourceIp)/);
  });
});
