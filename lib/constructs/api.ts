// The HTTP API: one route per entry of the shared route table, one function per handler module,
// invoked by API Gateway through one role (see RoleLambdaIntegration).
import { Duration, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import {
  ApiMapping,
  DomainName,
  HttpApi,
  HttpIntegrationType,
  HttpMethod,
  HttpRoute,
  HttpRouteIntegration,
  HttpRouteKey,
  HttpStage,
  IntegrationCredentials,
  LogGroupLogDestination,
  PayloadFormatVersion,
  type HttpRouteIntegrationConfig,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { Policy, PolicyStatement, Role, ServicePrincipal, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import type { RouteAuth, RouteDefinition } from '../../shared/api/routes.js';
import { AppFunction, PROJECT_ROOT } from './app-function.js';

export interface ApiProps {
  /** The route table (shared/api/routes.ts). */
  readonly routes: readonly RouteDefinition[];
  /** Handler of the `$default` route (every method and path not in the table). @default - none */
  readonly defaultRoute?: { readonly id: string; readonly handler: string };
  /** Pool whose tokens the JWT authorizer accepts on owner routes. */
  readonly userPool: IUserPool;
  /** The app client those tokens must be issued to. */
  readonly userPoolClient: IUserPoolClient;
  /**
   * Folder of the handler modules, `<handler>.ts` each exporting `handler`.
   * @default lambdas/handlers of this repository
   */
  readonly handlersDir?: string;
  /**
   * Stage-wide throttling.
   * @default { rateLimit: 100, burstLimit: 200 }
   */
  readonly throttle?: ThrottleSettings;
  /** @default RetentionDays.THREE_MONTHS */
  readonly accessLogRetention?: RetentionDays;
  /** @default Duration.seconds(15) */
  readonly functionTimeout?: Duration;
  /**
   * Serve the API under this regional custom domain and disable the default `execute-api` endpoint,
   * so that it is only reached through CloudFront (and its WAF). @default - the default endpoint
   */
  readonly customDomain?: { readonly domainName: string; readonly certificate: ICertificate };
  /**
   * Put the routes, their integrations and the authorizer in a nested stack (`Routes`) instead of the
   * API's own stack: they hold no permission and change with every route, and their ~175 resources
   * kept the app stack near CloudFormation's 500 (decision 161). The functions, their roles and the
   * invoke role stay beside the API. @default false
   */
  readonly nestRoutes?: boolean;
}

// Ids and outcomes only: the route key is the template (never a signer token), and no IP or
// user agent is written (architecture section 13: no personal data in logs beyond ids).
const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  requestTime: '$context.requestTimeEpoch',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
});

const OPEN_ROUTE_REASONS: Record<Exclude<RouteAuth, 'owner'>, string> = {
  signer:
    'Signer route: signers have no account; the handler authorises the request by the signer token (128+ random bits, stored hashed, bound to one recipient of one document, expiring).',
  public: 'Public route by design in the route table (shared/api/routes.ts), e.g. health or verification.',
  apiKey:
    'Public API route (issue #31): the handler authorises each request by its API key (Bearer ssk_…, only its SHA-256 stored, scoped, rate-limited per key, revocable at once).',
};

/** HTTP API behind CloudFront's `/api/*`: Cognito JWT authorizer on owner routes only. */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly authorizer: HttpUserPoolAuthorizer;
  /** One function per distinct handler module, by handler name. */
  readonly functions: ReadonlyMap<string, AppFunction>;
  /** The handlers' one log group (each function's streams are named after it). */
  readonly handlerLogs: LogGroup;
  /** The role API Gateway invokes the handlers with (the integrations' credentials). */
  readonly invokeRole: Role;
  readonly routes: readonly HttpRoute[];
  /** The `$default` route, when a default handler is given. */
  readonly defaultRoute?: HttpRoute;
  /** The host CloudFront's `/api/*` origin points at: the custom domain, or the default endpoint's. */
  readonly originDomainName: string;
  /** The custom domain's API Gateway target (its DNS record points here), when one is configured. */
  readonly domainName?: DomainName;
  /** The nested stack holding the routes and integrations, with `nestRoutes`. */
  readonly routesStack?: NestedStack;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const handlersDir = props.handlersDir ?? join(PROJECT_ROOT, 'lambdas', 'handlers');

    const ids = new Set<string>();
    for (const route of props.routes) {
      if (ids.has(route.id)) throw new Error(`Api: route id ${route.id} appears twice in the route table.`);
      ids.add(route.id);
    }

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'SignSeal API (reached through CloudFront /api/*)',
      createDefaultStage: false,
      disableExecuteApiEndpoint: props.customDomain !== undefined,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.accessLogRetention ?? RetentionDays.THREE_MONTHS,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(ACCESS_LOG_FORMAT),
      },
    });

    if (props.customDomain) {
      this.domainName = new DomainName(this, 'DomainName', {
        domainName: props.customDomain.domainName,
        certificate: props.customDomain.certificate,
      });
      new ApiMapping(this, 'ApiMapping', {
        api: this.httpApi,
        domainName: this.domainName,
        stage: this.stage,
      });
      this.originDomainName = props.customDomain.domainName;
    } else {
      const stack = Stack.of(this);
      this.originDomainName = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    }

    this.authorizer = new HttpUserPoolAuthorizer('OwnerAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });

    // API Gateway invokes the handlers through one role of its own (the integrations' credentials)
    // rather than a resource-based permission per route and function: 67 AWS::Lambda::Permission
    // resources became one role and its policy, which keeps the stack under CloudFormation's 500
    // resources (docs/decisions.md 112). The role trusts API Gateway for this API only.
    const invokeRole = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com', {
        conditions: {
          ArnLike: {
            'aws:SourceArn': Stack.of(this).formatArn({
              service: 'execute-api',
              resource: this.httpApi.apiId,
              resourceName: '*',
            }),
          },
        },
      }),
      description: 'API Gateway invokes the API handler functions',
    });
    const invoke = new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [] });
    new Policy(this, 'InvokePolicy', { roles: [invokeRole], statements: [invoke] });
    this.invokeRole = invokeRole;

    const functions = new Map<string, AppFunction>();
    const integrations = new Map<string, HttpRouteIntegration>();
    const handlerNames = new Set(props.routes.map((route) => route.handler));
    if (props.defaultRoute) handlerNames.add(props.defaultRoute.handler);
    // One log group for every handler (decision 143): a group each cost 60 of the stack's 500
    // resources; Lambda names each stream after its function, so a handler's lines stay apart.
    const handlerLogs = new LogGroup(this, 'HandlerLogs', { retention: RetentionDays.ONE_MONTH });
    this.handlerLogs = handlerLogs;
    for (const handler of handlerNames) {
      const fn = new AppFunction(this, `${pascal(handler)}Handler`, {
        entry: join(handlersDir, `${handler}.ts`),
        description: `API handler lambdas/handlers/${handler}.ts`,
        timeout: props.functionTimeout,
        logGroup: handlerLogs,
      });
      functions.set(handler, fn);
      invoke.addResources(fn.functionArn);
      integrations.set(handler, new RoleLambdaIntegration(`${pascal(handler)}Integration`, fn, invokeRole));
    }
    this.functions = functions;

    if (props.nestRoutes) {
      this.routesStack = new NestedStack(this, 'Routes', {
        description: 'SignSeal API routes and integrations (decision 161)',
      });
    }
    const routeScope: Construct = this.routesStack ?? this;

    this.routes = props.routes.map((route) => {
      const httpRoute = new HttpRoute(routeScope, route.id, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations.get(route.handler)!,
        authorizer: route.auth === 'owner' ? this.authorizer : undefined,
      });
      if (route.auth !== 'owner') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: OPEN_ROUTE_REASONS[route.auth],
        });
      }
      return httpRoute;
    });

    if (props.defaultRoute) {
      this.defaultRoute = new HttpRoute(routeScope, props.defaultRoute.id, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.DEFAULT,
        integration: integrations.get(props.defaultRoute.handler)!,
      });
      Validations.of(this.defaultRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: 'Default route: it only answers a JSON 404 for methods and paths outside the route table.',
      });
    }
  }
}

/** A Lambda proxy integration (payload 2.0) that API Gateway calls with `role`'s credentials. */
class RoleLambdaIntegration extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly fn: IFunction,
    private readonly role: IRole,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.fn.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      credentials: IntegrationCredentials.fromRole(this.role),
    };
  }
}

function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
