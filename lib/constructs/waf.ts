// The AWS WAF web ACL in front of CloudFront (issue #13, architecture section 18): per-IP rate limits
// on the API, stricter on the calls that send a message, create an account or store a sign image,
// and AWS's common rule set. Scope CLOUDFRONT: it must be created in us-east-1 (lib/stacks/edge-stack.ts).
import { Stack } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ROUTES, type RouteDefinition } from '../../shared/api/routes.js';

/** Routes counted by the stricter rule: each sends a message, creates an account or stores a file. */
export const SENDING_ROUTE_IDS = [
  'SignUp',
  'SendDocument',
  'ResendRequest',
  'MailDocument',
  'CreateOwnerSign',
  'UploadSign',
] as const;

export interface ApiFirewallProps {
  /** Requests per IP address in 5 minutes to `/api/*`; above it, 429 until the rate falls. @default 1000 */
  readonly apiRateLimit?: number;
  /** Requests per IP address in 5 minutes to the sending routes (POST). @default 100 */
  readonly sendingRateLimit?: number;
  /** The routes the sending limit counts. @default - SENDING_ROUTE_IDS of the route table */
  readonly sendingRoutes?: readonly RouteDefinition[];
}

const WINDOW_SECONDS = 300;

/** A WAF regular expression matching the paths of the given routes (`{param}` → one path segment). */
export function pathsPattern(routes: readonly RouteDefinition[]): string {
  const paths = [...new Set(routes.map((route) => route.path))].map((path) =>
    path
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join(''),
  );
  return `^(${paths.join('|')})$`;
}

/** Defaults: SENDING_ROUTE_IDS looked up in the route table (a missing id is a mistake). */
export function sendingRoutes(): RouteDefinition[] {
  return SENDING_ROUTE_IDS.map((id) => {
    const route = ROUTES.find((candidate) => candidate.id === id);
    if (!route) throw new Error(`ApiFirewall: route ${id} is not in the route table.`);
    return route;
  });
}

/** The web ACL; attach it to the distribution with its ARN (`webAclArn`). */
export class ApiFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: ApiFirewallProps = {}) {
    super(scope, id);
    const prefix = Stack.of(this).stackName;
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${prefix}-${name}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 128),
    });
    const tooMany: CfnWebACL.RuleActionProperty = {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: 'tooManyRequests',
          responseHeaders: [{ name: 'retry-after', value: String(WINDOW_SECONDS) }],
        },
      },
    };
    const apiPath: CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: '/api/',
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    const sending: CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [
          {
            byteMatchStatement: {
              fieldToMatch: { method: {} },
              positionalConstraint: 'EXACTLY',
              searchString: 'POST',
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
          {
            regexMatchStatement: {
              fieldToMatch: { uriPath: {} },
              regexString: pathsPattern(props.sendingRoutes ?? sendingRoutes()),
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
        ],
      },
    };

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      description: 'SignSeal: per-IP rate limits on the API and AWS common rules',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      // The SPA reads error.code of the API's JSON errors and translates it.
      customResponseBodies: {
        tooManyRequests: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: { code: 'errors.tooManyRequests', message: 'Too many requests from this address' },
          }),
        },
      },
      rules: [
        {
          name: 'SendingRateLimit',
          priority: 0,
          action: tooMany,
          statement: {
            rateBasedStatement: {
              limit: props.sendingRateLimit ?? 100,
              evaluationWindowSec: WINDOW_SECONDS,
              aggregateKeyType: 'IP',
              scopeDownStatement: sending,
            },
          },
          visibilityConfig: visibility('sending-rate'),
        },
        {
          name: 'ApiRateLimit',
          priority: 1,
          action: tooMany,
          statement: {
            rateBasedStatement: {
              limit: props.apiRateLimit ?? 1000,
              evaluationWindowSec: WINDOW_SECONDS,
              aggregateKeyType: 'IP',
              scopeDownStatement: apiPath,
            },
          },
          visibilityConfig: visibility('api-rate'),
        },
        {
          name: 'AwsCommonRules',
          priority: 2,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Sign images travel as base64 PNG in JSON bodies (up to about 1 MB): the 8 KB body
              // size rule only counts; the application checks sizes itself.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('common-rules'),
        },
      ],
    });
    this.webAclArn = this.webAcl.attrArn;
  }
}
