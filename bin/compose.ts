// Composes the two stacks from checked settings. Used by bin/app.ts and by the CDK tests, so both
// build exactly the same app.
import type { App } from 'aws-cdk-lib';
import { AppStack } from '../lib/stacks/app-stack.js';
import { EdgeStack } from '../lib/stacks/edge-stack.js';
import { StatefulStack } from '../lib/stacks/stateful-stack.js';
import type { DeploySettings } from './settings.js';

export interface ComposedApp {
  readonly stateful: StatefulStack;
  readonly app: AppStack;
  /** The managed WAF web ACL in us-east-1; absent with webAclArn, waf=false or an unknown region. */
  readonly edge?: EdgeStack;
}

export function composeApp(app: App, settings: DeploySettings): ComposedApp {
  const env = { account: settings.account, region: settings.region };

  const stateful = new StatefulStack(app, `${settings.stackPrefix}Stateful`, {
    env,
    description:
      'SignSeal data: DynamoDB table, documents bucket, Cognito user pool, sealing key in KMS (all retained)',
    storage: { corsAllowedOrigins: settings.corsAllowedOrigins },
    sealKey: { keyArn: settings.evidence.sealKmsKeyArn },
    auth: {
      threatProtection: settings.threatProtection,
      federation: settings.federation && {
        domainPrefix: settings.federation.domainPrefix,
        callbackUrls: settings.federation.callbackUrls,
        logoutUrls: settings.federation.logoutUrls,
        google: settings.federation.google,
        line: settings.federation.line,
      },
    },
  });

  // A CloudFront web ACL must live in us-east-1; the app reads its ARN across regions, which needs
  // the app's region to be known (it is whenever the CLI has credentials; not in an offline synth).
  const edge =
    settings.firewall && settings.region
      ? new EdgeStack(app, `${settings.stackPrefix}Edge`, {
          env: { account: settings.account, region: 'us-east-1' },
          description: 'SignSeal edge: the WAF web ACL of the CloudFront distribution (us-east-1)',
          firewall: settings.firewall,
        })
      : undefined;

  const appStack = new AppStack(app, `${settings.stackPrefix}App`, {
    env,
    description: 'SignSeal app: HTTP API, job queues and workers, notifications, CloudFront site',
    data: stateful.storage,
    userPool: stateful.auth.userPool,
    userPoolClient: stateful.auth.userPoolClient,
    oauth: stateful.auth.oauth,
    mailFrom: settings.mailFrom,
    minAge: settings.minAge,
    apiThrottle: settings.apiThrottle,
    sealSignerSecretName: settings.sealSignerSecretName,
    evidence: {
      sealKey: stateful.sealKey,
      tsaUrls: settings.evidence.tsaUrls,
      tsaTimeoutMs: settings.evidence.tsaTimeoutMs,
      sealWaitAlarmMinutes: settings.evidence.sealWaitAlarmMinutes,
    },
    payments: settings.payments,
    mailIdentity: settings.mailIdentity,
    sesSandboxRecipients: settings.sesSandboxRecipients,
    siteUrl: settings.siteUrl,
    customDomain: settings.customDomain,
    siteAssetPath: settings.siteAssetPath,
    webAclArn: settings.webAclArn ?? edge?.firewall.webAclArn,
    apiDomain: settings.apiDomain,
    documentsCorsFromDistribution: settings.corsAllowedOrigins.length === 0,
    originVerifyGeneration: settings.originVerifyGeneration,
    additionalConnectSources: settings.cspConnectSources,
    chain: settings.chain,
  });
  appStack.addStackDependency(stateful);

  return { stateful, app: appStack, ...(edge ? { edge } : {}) };
}
