// The stateless rest: API, job queues and workers, notifications and the CloudFront site. It uses
// the stateful stack's resources, handed over as props.
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  DEFAULT_ROUTE,
  ROUTES,
  WORKER_ACCESS,
  WORKERS,
  type DataAccess,
  type WorkerName,
} from '../../shared/api/routes.js';
import { type DataStore, grantDataAccess, grantRouteExtras, mergeAccess } from '../access.js';
import { QUEUES } from '../definitions.js';
import { Api } from '../constructs/api.js';
import { Chain, type ChainProps } from '../constructs/chain.js';
import type { OAuthSettings } from '../constructs/auth.js';
import { Jobs } from '../constructs/jobs.js';
import { Notifications, type MailIdentityMode } from '../constructs/notifications.js';
import { Sealing } from '../constructs/sealing.js';
import { Web } from '../constructs/web.js';

export interface AppStackProps extends StackProps {
  /** The table and the documents bucket, with the managed policy of each kind of access to them. */
  readonly data: DataStore;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** @default - e-mail and password sign-in only */
  readonly oauth?: OAuthSettings;
  /** Sender of every e-mail (MAIL_FROM). */
  readonly mailFrom: string;
  /** Minimum age to sign up. @default 18 */
  readonly minAge?: number;
  /** @default 'domain' */
  readonly mailIdentity?: MailIdentityMode;
  /** @default - none (SES production access) */
  readonly sesSandboxRecipients?: readonly string[];
  /**
   * Public URL of the site, used in e-mailed links (APP_URL).
   * @default - the distribution's https://<id>.cloudfront.net URL
   */
  readonly siteUrl?: string;
  /** Serve the site under this host with this ACM certificate (us-east-1). @default - none */
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** Folder of the built SPA. */
  readonly siteAssetPath: string;
  /** @default - no WAF */
  readonly webAclArn?: string;
  /** @default - none */
  readonly additionalConnectSources?: readonly string[];
  /** Secrets Manager secret with the sealing key (docs/deploy.md). */
  readonly sealSignerSecretName: string;
  /** The anchoring chain. @default - none: anchor jobs fail (and wait in their DLQ) until it is set */
  readonly chain?: ChainProps;
}

export class AppStack extends Stack {
  readonly api: Api;
  readonly jobs: Jobs;
  readonly notifications: Notifications;
  readonly web: Web;
  readonly sealing: Sealing;
  readonly chain?: Chain;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);

    this.jobs = new Jobs(this, 'Jobs', { queues: QUEUES });
    this.api = new Api(this, 'Api', {
      routes: ROUTES,
      defaultRoute: DEFAULT_ROUTE,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
    });
    this.sealing = new Sealing(this, 'Sealing', {
      sealWorker: this.jobs.jobs.seal.worker,
      signerSecretName: props.sealSignerSecretName,
    });
    this.notifications = new Notifications(this, 'Notifications', {
      mailFrom: props.mailFrom,
      identity: props.mailIdentity,
      sandboxRecipients: props.sesSandboxRecipients,
    });

    this.web = new Web(this, 'Web', {
      api: this.api.httpApi,
      siteAssetPath: props.siteAssetPath,
      documentsBucket: props.data.documentsBucket,
      runtimeConfig: {
        region: this.region,
        userPoolId: props.userPool.userPoolId,
        userPoolClientId: props.userPoolClient.userPoolClientId,
        apiBase: '/api',
        minAge: props.minAge ?? 18,
        // The functions' DEFAULT_PHONE_COUNTRY default (lambdas/config.ts).
        defaultPhoneCountry: 'US',
        ...(props.oauth ? { oauth: props.oauth } : {}),
      },
      customDomain: props.customDomain && {
        domainName: props.customDomain.domainName,
        certificate: Certificate.fromCertificateArn(
          this,
          'SiteCertificate',
          props.customDomain.certificateArn,
        ),
      },
      webAclArn: props.webAclArn,
      additionalConnectSources: props.additionalConnectSources,
    });

    // The distribution only depends on the HTTP API resource, not on its routes or functions, so
    // the functions can take its domain name without a cycle.
    const appUrl = props.siteUrl?.replace(/\/+$/, '') ?? this.web.url;
    for (const fn of [...this.api.functions.values(), ...this.jobs.workers, this.sealing.sweep]) {
      // Every function gets the names (lambdas/config.ts requires them); access is granted below.
      fn.bindTable(props.data.table)
        .bindDocumentsBucket(props.data.documentsBucket)
        .bindUserPool(props.userPool, props.userPoolClient);
      for (const name of WORKERS) fn.bindQueue(name, this.jobs.jobs[name].queue);
      fn.addEnvironment('MAIL_FROM', props.mailFrom);
      fn.addEnvironment('APP_URL', appUrl);
      fn.addEnvironment('SMS_MODE', 'sns');
      fn.addEnvironment('MIN_AGE', String(props.minAge ?? 18));
      fn.addEnvironment('S3_FORCE_PATH_STYLE', 'false');
    }

    // Least privilege: each function gets only the data access its routes or its worker declare.
    const queues: Record<WorkerName, IQueue> = {
      seal: this.jobs.jobs.seal.queue,
      anchor: this.jobs.jobs.anchor.queue,
      notify: this.jobs.jobs.notify.queue,
    };
    const declared = new Map<string, DataAccess[]>();
    for (const route of [...ROUTES, DEFAULT_ROUTE]) {
      if (!route.access) {
        throw new Error(
          `AppStack: route ${route.id} declares no access; say what its use case reads and writes (shared/api/routes.ts DataAccess).`,
        );
      }
      declared.set(route.handler, [...(declared.get(route.handler) ?? []), route.access]);
    }
    for (const [handler, fn] of this.api.functions) {
      grantDataAccess(fn, mergeAccess(declared.get(handler) ?? []), props.data, queues);
    }
    for (const name of WORKERS) {
      grantDataAccess(this.jobs.jobs[name].worker, WORKER_ACCESS[name], props.data, queues);
    }
    grantDataAccess(this.sealing.sweep, WORKER_ACCESS.sweep, props.data, queues);

    // Every e-mail and SMS goes through the notify job (architecture section 7).
    this.notifications.grantSend(this.jobs.jobs.notify.worker);

    // The anchor worker mints with the minter key; the health check only reads the chain.
    if (props.chain) {
      this.chain = new Chain(this, 'Chain', props.chain);
      this.chain.grantMinter(this.jobs.jobs.anchor.worker);
      const health = this.api.functions.get('health');
      if (health) this.chain.bindReader(health);
      // The public verification page reads the token live from the chain.
      const verify = this.api.functions.get('verify');
      if (verify) this.chain.bindReader(verify);
    }

    // Per-route extra permissions declared in the route table.
    for (const route of ROUTES) {
      grantRouteExtras(this.api.functions.get(route.handler)!, route.grants ?? [], {
        userPool: props.userPool,
        store: props.data,
        queues,
      });
    }

    new CfnOutput(this, 'SiteUrl', { description: 'Open the app here', value: appUrl });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'ApiEndpoint', {
      description: 'Direct HTTP API endpoint (the app uses /api on the site URL)',
      value: this.api.httpApi.apiEndpoint,
    });
  }
}
