// The stateless rest: API, job queues and workers, notifications and the CloudFront site. It uses
// the stateful stack's resources, handed over as props.
import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  DEFAULT_ROUTE,
  ROUTES,
  WORKER_ACCESS,
  WORKER_GRANTS,
  WORKERS,
  type DataAccess,
  type WorkerName,
} from '../../shared/api/routes.js';
import { type DataStore, grantDataAccess, grantRouteExtras, mergeAccess } from '../access.js';
import { QUEUES } from '../../shared/infra/definitions.js';
import { Api } from '../constructs/api.js';
import { Chain, type ChainProps } from '../constructs/chain.js';
import type { OAuthSettings } from '../constructs/auth.js';
import { Jobs } from '../constructs/jobs.js';
import { Notifications, type MailIdentityMode } from '../constructs/notifications.js';
import { Scheduling } from '../constructs/scheduling.js';
import { Sealing } from '../constructs/sealing.js';
import { Evidence } from '../constructs/evidence.js';
import type { SealKey } from '../constructs/seal-key.js';
import { Web } from '../constructs/web.js';
import { DocumentsCors } from '../constructs/documents-cors.js';

/** The header CloudFront adds to API requests (value: the origin-verify secret). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

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
  /** The API stage's throttling. @default - the Api construct's (100 a second, burst 200) */
  readonly apiThrottle?: { readonly rateLimit: number; readonly burstLimit: number };
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
  /** A WAF web ACL (scope CLOUDFRONT) for the distribution. @default - no WAF */
  readonly webAclArn?: string;
  /** Regional custom domain of the API origin; disables the default execute-api endpoint. @default - none */
  readonly apiDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** Set the documents bucket's CORS rule to the distribution's origin (no siteUrl). @default false */
  readonly documentsCorsFromDistribution?: boolean;
  /** Bump to replace the origin-verify secret. @default 1 */
  readonly originVerifyGeneration?: number;
  /** @default - none */
  readonly additionalConnectSources?: readonly string[];
  /** Secrets Manager secret with the sealing key (docs/deploy.md). */
  readonly sealSignerSecretName: string;
  /** Long-term evidence (issue #30): the sealing key in KMS (the stateful stack's), the timestamp
   *  authorities and the seal-wait alarm's minutes. @default - none (sealing with the PKCS#12 secret) */
  readonly evidence?: {
    readonly sealKey: SealKey;
    readonly tsaUrls: readonly string[];
    readonly tsaTimeoutMs?: number;
    readonly sealWaitAlarmMinutes?: number;
  };
  /** Payments (issue #18): the Stripe keys' secret (JSON {secretKey, webhookSecret}) and price ids. */
  readonly payments?: { readonly secretName: string; readonly priceIds: string };
  /** The anchoring chain. @default - none: anchor jobs fail (and wait in their DLQ) until it is set */
  readonly chain?: ChainProps;
}

export class AppStack extends Stack {
  readonly api: Api;
  readonly jobs: Jobs;
  readonly notifications: Notifications;
  readonly web: Web;
  readonly sealing: Sealing;
  readonly evidence?: Evidence;
  readonly scheduling: Scheduling;
  readonly chain?: Chain;
  readonly originVerifySecret: Secret;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);

    this.jobs = new Jobs(this, 'Jobs', { queues: QUEUES });
    // Reminders and expiry (issue #28): EventBridge Scheduler delivers due jobs to the schedule queue.
    this.scheduling = new Scheduling(this, 'Scheduling', { queue: this.jobs.jobs.schedule.queue });
    this.api = new Api(this, 'Api', {
      routes: ROUTES,
      defaultRoute: DEFAULT_ROUTE,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
      // Routes and integrations in a nested stack: the app stack's 500-resource limit (decision 161).
      nestRoutes: true,
      ...(props.apiThrottle ? { throttle: props.apiThrottle } : {}),
      customDomain: props.apiDomain && {
        domainName: props.apiDomain.domainName,
        certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', props.apiDomain.certificateArn),
      },
    });
    // CloudFront sends this secret with every API request and the handlers refuse requests without it
    // (lambdas/core/http.ts), so nobody reaches the API around CloudFront and its WAF. Generated by
    // Secrets Manager at the first deploy; a new originVerifyGeneration replaces it.
    const generation = props.originVerifyGeneration ?? 1;
    this.originVerifySecret = new Secret(
      this,
      generation === 1 ? 'OriginVerifySecret' : `OriginVerifySecret${generation}`,
      {
        description: 'Header x-origin-verify that CloudFront adds to API requests; the handlers check it',
        generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      },
    );
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFormation copies the value into the CloudFront origin header and the functions at deploy time, which a rotation Lambda could not update; it is rotated by deploying with a new -c originVerifyGeneration, which replaces the secret.',
    });
    const originVerify = this.originVerifySecret.secretValue.unsafeUnwrap();
    this.sealing = new Sealing(this, 'Sealing', {
      sealWorker: this.jobs.jobs.seal.worker,
      signerSecretName: props.sealSignerSecretName,
    });
    if (props.evidence) {
      this.evidence = new Evidence(this, 'Evidence', {
        signers: [this.jobs.jobs.seal.worker, this.jobs.jobs.anchor.worker],
        sealKey: props.evidence.sealKey,
        signerSecretName: props.sealSignerSecretName,
        tsaUrls: props.evidence.tsaUrls,
        tsaTimeoutMs: props.evidence.tsaTimeoutMs,
        sealQueue: this.jobs.jobs.seal.queue,
        sealDeadLetterQueue: this.jobs.jobs.seal.deadLetterQueue,
        waitAlarmMinutes: props.evidence.sealWaitAlarmMinutes,
      });
    }
    this.notifications = new Notifications(this, 'Notifications', {
      mailFrom: props.mailFrom,
      identity: props.mailIdentity,
      sandboxRecipients: props.sesSandboxRecipients,
    });

    this.web = new Web(this, 'Web', {
      api: {
        domainName: this.api.originDomainName,
        verifyHeader: { name: ORIGIN_VERIFY_HEADER, value: originVerify },
      },
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
        // Issue #33: the verify page asks the chain itself (never the functions' RPC URL, which may
        // hold a provider key).
        ...(props.chain?.publicRpcUrl ? { chainPublicRpcUrl: props.chain.publicRpcUrl } : {}),
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

    if (props.documentsCorsFromDistribution) {
      new DocumentsCors(this, 'DocumentsCors', { bucket: props.data.documentsBucket, origin: this.web.url });
    }

    // The distribution only depends on the HTTP API resource, not on its routes or functions, so
    // the functions can take its domain name without a cycle.
    const appUrl = props.siteUrl?.replace(/\/+$/, '') ?? this.web.url;
    for (const fn of [...this.api.functions.values(), ...this.jobs.workers, this.sealing.sweep]) {
      // Every function gets the names (lambdas/config.ts requires them); access is granted below.
      fn.bindTable(props.data.table)
        .bindDocumentsBucket(props.data.documentsBucket)
        .bindUserPool(props.userPool, props.userPoolClient);
      for (const name of WORKERS) fn.bindQueue(name, this.jobs.jobs[name].queue);
      // Naming the schedule group makes lambdas/deps.ts choose EventBridge Scheduler and the system
      // clock (never the local test clock); only the 'schedules' grant may use them.
      for (const [name, value] of Object.entries(this.scheduling.environment)) fn.addEnvironment(name, value);
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
      bulk: this.jobs.jobs.bulk.queue,
      schedule: this.jobs.jobs.schedule.queue,
      webhook: this.jobs.jobs.webhook.queue,
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
    // The sweep sends dead-lettered notifications back to their queue (issue #36): it reads, hides
    // and deletes the notify DLQ's messages, and no other DLQ's.
    const notifyDeadLetters = this.jobs.jobs.notify.deadLetterQueue;
    notifyDeadLetters.grant(
      this.sealing.sweep,
      'sqs:ReceiveMessage',
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
    );
    this.sealing.sweep.addEnvironment('NOTIFY_DLQ_URL', notifyDeadLetters.queueUrl);

    for (const fn of this.api.functions.values()) fn.addEnvironment('ORIGIN_VERIFY_SECRET', originVerify);
    // The embedded signer page (issue #31) sends the SPA's policy with its account's frame-ancestors.
    this.api.functions
      .get('embed')
      ?.addEnvironment('SPA_CONTENT_SECURITY_POLICY', this.web.contentSecurityPolicy);

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

    // Per-route extra permissions declared in the route table; the functions that look at the
    // dead-letter queues (the admin Jobs page) get their URLs (<NAME>_DLQ_URL, lambdas/config.ts).
    const deadLetterQueues: Record<WorkerName, IQueue> = {
      seal: this.jobs.jobs.seal.deadLetterQueue,
      anchor: this.jobs.jobs.anchor.deadLetterQueue,
      notify: this.jobs.jobs.notify.deadLetterQueue,
      bulk: this.jobs.jobs.bulk.deadLetterQueue,
      schedule: this.jobs.jobs.schedule.deadLetterQueue,
      webhook: this.jobs.jobs.webhook.deadLetterQueue,
    };
    // The Stripe keys (issue #18): read only by the billing routes' functions.
    const stripeSecret = props.payments
      ? Secret.fromSecretNameV2(this, 'StripeSecret', props.payments.secretName)
      : undefined;
    const extras = {
      userPool: props.userPool,
      store: props.data,
      queues,
      deadLetterQueues,
      scheduling: this.scheduling,
    };
    for (const name of WORKERS) {
      grantRouteExtras(this.jobs.jobs[name].worker, WORKER_GRANTS[name] ?? [], extras);
    }
    for (const route of ROUTES) {
      const fn = this.api.functions.get(route.handler)!;
      grantRouteExtras(fn, route.grants ?? [], extras);
      if (route.grants?.includes('payments') && stripeSecret) {
        stripeSecret.grantRead(fn);
        fn.addEnvironment('STRIPE_SECRET_ID', stripeSecret.secretName);
        if (props.payments?.priceIds) fn.addEnvironment('STRIPE_PRICE_IDS', props.payments.priceIds);
      }
      if (route.grants?.some((g) => g === 'jobsInspect' || g === 'jobsRedrive')) {
        for (const name of WORKERS) {
          fn.addEnvironment(`${name.toUpperCase()}_DLQ_URL`, deadLetterQueues[name].queueUrl);
        }
      }
    }
    // The admin Setting page shows the chain and the sweep's settings (never the RPC URL's key).
    const adminSettings = this.api.functions.get('admin-settings');
    if (adminSettings && props.chain) {
      adminSettings.addEnvironment('CHAIN_ID', String(props.chain.chainId));
      adminSettings.addEnvironment('CHAIN_CONTRACT_ADDRESS', props.chain.contractAddress);
      if (props.chain.name) adminSettings.addEnvironment('CHAIN_NAME', props.chain.name);
    }
    // The wallet's sign-in message names the chain (issue #32); the function never calls it.
    const wallet = this.api.functions.get('wallet');
    if (wallet && props.chain) wallet.addEnvironment('CHAIN_ID', String(props.chain.chainId));

    new CfnOutput(this, 'SiteUrl', { description: 'Open the app here', value: appUrl });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    if (this.api.domainName) {
      new CfnOutput(this, 'ApiDomainTarget', {
        description: `Point ${this.api.domainName.name} here (CNAME): CloudFront's /api/* origin`,
        value: this.api.domainName.regionalDomainName,
      });
    } else {
      new CfnOutput(this, 'ApiEndpoint', {
        description:
          'Direct HTTP API endpoint: it refuses requests without the origin header CloudFront adds',
        value: this.api.httpApi.apiEndpoint,
      });
    }
  }
}
