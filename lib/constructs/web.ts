// CloudFront in front of everything: the SPA from a private bucket (Origin Access Control) and the
// HTTP API under /api/*, with one set of security headers.
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { contentSecurityPolicy as spaContentSecurityPolicy } from '../../shared/web/csp.js';
import { EMBED_PAGE_PREFIX, SPA_REWRITE_CODE } from '../../shared/web/shells.js';
import { nagResource } from '../nag.js';
import type { OAuthSettings } from './auth.js';

/** The SPA's runtime configuration, served as /config.json (read by the SPA before it starts). */
export interface SpaRuntimeConfig {
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** Path prefix of the API on the same origin. */
  readonly apiBase: '/api';
  /** Minimum age to sign up, shown in the registration dialog. */
  readonly minAge: number;
  /** Country assumed for phone numbers without '+' on English pages. */
  readonly defaultPhoneCountry: string;
  /** Present only when Google or LINE sign-in is configured. */
  readonly oauth?: OAuthSettings;
  /** Issue #33: the chain's public JSON-RPC, which the verify page asks itself whether a Merkle root is
   *  anchored; its origin joins connect-src. */
  readonly chainPublicRpcUrl?: string;
}

export interface CustomDomain {
  /** Host name the site is served under, e.g. `sign.example.com`. */
  readonly domainName: string;
  /** An ACM certificate for that name, in us-east-1 (CloudFront's requirement). */
  readonly certificate: ICertificate;
}

export interface WebProps {
  /** The API served under `/api/*`. */
  readonly api: {
    /** Host of the API origin (a custom domain, or the default execute-api endpoint's host). */
    readonly domainName: string;
    /** A header CloudFront adds to every API request; the handlers refuse requests without it. */
    readonly verifyHeader?: { readonly name: string; readonly value: string };
  };
  /** Folder of the built SPA (index.html and its assets). */
  readonly siteAssetPath: string;
  /** Written to /config.json next to the SPA. */
  readonly runtimeConfig: SpaRuntimeConfig;
  /** The browser talks to this bucket through presigned URLs, so the CSP must allow it. */
  readonly documentsBucket: IBucket;
  /**
   * More origins the SPA may fetch from (connect-src), e.g. a public chain RPC for the verification page.
   * @default - none
   */
  readonly additionalConnectSources?: readonly string[];
  /** @default - the distribution's cloudfront.net name, with CloudFront's default certificate */
  readonly customDomain?: CustomDomain;
  /**
   * ARN of a WAF web ACL (scope CLOUDFRONT, in us-east-1) to attach.
   * @default - none
   */
  readonly webAclArn?: string;
  /**
   * Edge locations used. PriceClass 200 includes Japan and Korea, the product's main markets.
   * @default PriceClass.PRICE_CLASS_200
   */
  readonly priceClass?: PriceClass;
  /** @default 365 */
  readonly accessLogRetentionDays?: number;
  /**
   * Key prefix of the build's content-hashed files, served with a one-year immutable cache; every
   * other file is revalidated on each use.
   * @default 'assets/'
   */
  readonly immutableAssetsPrefix?: string;
}

// SPA routes have no file extension: serve their shell (shared/web/shells.ts). Done here rather than
// with error responses, which would also turn the API's own 403/404 into index.html.

const TWO_YEARS = Duration.seconds(2 * 365 * 24 * 3600);

/** The CloudFront distribution, the SPA bucket it reads through OAC, and their access logs. */
export class Web extends Construct {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  readonly logsBucket: Bucket;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  /** The embedded signer page's headers (issue #31, decision 160): the same but for the
   *  Content-Security-Policy and X-Frame-Options, which its handler sends with the account's
   *  frame-ancestors. */
  readonly embedHeadersPolicy: ResponseHeadersPolicy;
  /** The SPA's Content-Security-Policy (the embed page's handler sends it with its frame-ancestors). */
  readonly contentSecurityPolicy: string;
  /** The public base URL of the site, without trailing slash. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const assetsPrefix = props.immutableAssetsPrefix ?? 'assets/';

    this.logsBucket = new Bucket(this, 'LogsBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // CloudFront standard logs are delivered with an ACL, so ACLs must stay enabled here.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      lifecycleRules: [{ expiration: Duration.days(props.accessLogRetentionDays ?? 365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket receives the CloudFront and SPA-bucket access logs; logging it into itself would loop and logging it elsewhere only moves the question.',
    });

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const s3Sources = [
      `https://${props.documentsBucket.bucketName}.s3.${stack.region}.${stack.urlSuffix}`,
      `https://${props.documentsBucket.bucketName}.s3.${stack.urlSuffix}`,
    ];
    const contentSecurityPolicy = spaContentSecurityPolicy({
      connect: [
        `https://cognito-idp.${stack.region}.${stack.urlSuffix}`,
        ...(props.runtimeConfig.oauth ? [`https://${props.runtimeConfig.oauth.domain}`] : []),
        ...(props.runtimeConfig.chainPublicRpcUrl
          ? [new URL(props.runtimeConfig.chainPublicRpcUrl).origin]
          : []),
        ...(props.additionalConnectSources ?? []),
      ],
      storage: s3Sources,
      upgradeInsecureRequests: true,
    });

    this.contentSecurityPolicy = contentSecurityPolicy;
    const strictTransportSecurity = {
      accessControlMaxAge: TWO_YEARS,
      includeSubdomains: true,
      preload: true,
      override: true,
    };
    // The camera and microphone record the signer's agreement video on this origin only: `self` is
    // this site's origin in a top-level page and in the embedded page alike, so a parent's
    // allow="camera; microphone" hands them to the embedded signer page and to no one else.
    const permissionsPolicy = {
      header: 'Permissions-Policy',
      value: 'camera=(self), microphone=(self), geolocation=(), payment=()',
      override: true,
    };
    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'SignSeal security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        strictTransportSecurity,
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        // Signer links carry their token in the path: never send it to another origin.
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.SAME_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          permissionsPolicy,
          // No other window keeps a handle on this one (signer links, sign-in), and no other site
          // may load its responses (the SPA's files and the API's JSON) as subresources.
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
          { header: 'Cross-Origin-Resource-Policy', value: 'same-origin', override: true },
        ],
      },
    });

    // No CSP and no X-Frame-Options here: the handler's own pass through (frame-ancestors of the
    // session's account, or 'none' with DENY). No Cross-Origin-Resource-Policy or -Opener-Policy:
    // the page is meant to live in another site's frame.
    this.embedHeadersPolicy = new ResponseHeadersPolicy(this, 'EmbedHeaders', {
      comment: 'SignSeal embedded signer page headers (frame-ancestors from the handler)',
      securityHeadersBehavior: {
        strictTransportSecurity,
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.SAME_ORIGIN, override: true },
      },
      customHeadersBehavior: { customHeaders: [permissionsPolicy] },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Serve the SPA shell for SPA routes (paths without a file extension)',
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });

    const apiOrigin = new HttpOrigin(props.api.domainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: props.api.verifyHeader
        ? { [props.api.verifyHeader.name]: props.api.verifyHeader.value }
        : undefined,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'SignSeal: SPA and /api',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: props.priceClass ?? PriceClass.PRICE_CLASS_200,
      domainNames: props.customDomain ? [props.customDomain.domainName] : undefined,
      certificate: props.customDomain?.certificate,
      minimumProtocolVersion: props.customDomain ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        // The embedded signer page (issue #31): answered by the API's embed function, which knows the
        // session's account and so its frame-ancestors.
        [`${EMBED_PAGE_PREFIX}*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.embedHeadersPolicy,
          compress: true,
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Every viewer header but Host (API Gateway needs its own), plus CloudFront's device and
          // viewer-location headers such as CloudFront-Viewer-Country.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
          compress: true,
        },
      },
    });
    this.url = `https://${props.customDomain?.domainName ?? this.distribution.distributionDomainName}`;

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'The service is offered world-wide (English, Japanese and Korean); there is no country it must refuse.',
    });
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL: the operator turned the managed one off (-c waf=false) or the synthesis is environment-agnostic (the web ACL lives in us-east-1 and needs a known account and region). The API keeps its stage throttling and per-owner limits.',
      });
    }
    if (!props.customDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          "Without a custom domain CloudFront's default *.cloudfront.net certificate is used, whose security policy cannot be changed; with context siteUrl and certificateArn the distribution uses TLSv1.2_2021.",
      });
    }

    // Content-hashed files first (kept across deploys so a cached index.html still finds them),
    // then the shell and config.json, revalidated on every use, then an invalidation.
    // One role and log group for the deployment handler (a CDK singleton shared by both deployments):
    // log rights on its own group instead of the AWSLambdaBasicExecutionRole managed policy.
    const deployLogs = new LogGroup(this, 'DeployLogs', { retention: RetentionDays.ONE_MONTH });
    const deployRole = new Role(this, 'DeployRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built SPA into the site bucket and invalidates CloudFront',
    });
    deployLogs.grantWrite(deployRole);
    const assets = new BucketDeployment(this, 'DeployAssets', {
      role: deployRole,
      logGroup: deployLogs,
      sources: [Source.asset(props.siteAssetPath)],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: [`${assetsPrefix}*`],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const shell = new BucketDeployment(this, 'DeployShell', {
      role: deployRole,
      logGroup: deployLogs,
      sources: [Source.asset(props.siteAssetPath), Source.jsonData('config.json', props.runtimeConfig)],
      destinationBucket: this.siteBucket,
      exclude: [`${assetsPrefix}*`],
      prune: true,
      cacheControl: [CacheControl.fromString('no-cache')],
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    shell.node.addDependency(assets);
    this.acknowledgeDeployment(deployRole, [assets, shell]);
  }

  /** The findings on the CDK-provided deployment handler, each with its reason. */
  private acknowledgeDeployment(role: Role, deployments: BucketDeployment[]): void {
    const ack = (id: string, reason: string) => Validations.of(role).acknowledge({ id, reason });
    const s3Grants =
      'grantRead/grantReadWrite of aws-cdk-lib BucketDeployment: the handler syncs the whole build (list, get, put, delete, abort multipart) between the CDK asset bucket and the site bucket.';
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      ack(`AwsSolutions-IAM5[Action::${action}]`, s3Grants);
    }
    ack(
      `AwsSolutions-IAM5[Resource::${nagResource(this, this.siteBucket.arnForObjects('*'))}]`,
      'The deployment writes and prunes every file of the SPA, whose names change with each build, in the site bucket only.',
    );
    const assetBuckets = new Set(
      deployments.flatMap((deployment) =>
        deployment.node
          .findAll()
          .filter((child): child is Asset => child instanceof Asset)
          .map((asset) => nagResource(this, asset.bucket.arnForObjects('*'))),
      ),
    );
    for (const assetBucket of assetBuckets) {
      ack(
        `AwsSolutions-IAM5[Resource::${assetBucket}]`,
        'Read of the CDK bootstrap asset bucket, where the CLI uploads the zipped build under a content-hash key.',
      );
    }
    ack(
      'AwsSolutions-IAM5[Resource::*]',
      'cloudfront:CreateInvalidation and GetInvalidation as granted by BucketDeployment, to invalidate the distribution after a deploy.',
    );
    // The handler itself is a stack-level singleton named by aws-cdk-lib.
    for (const handler of Stack.of(this).node.children.filter((c) =>
      c.node.id.startsWith('Custom::CDKBucketDeployment'),
    )) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          'Runtime of the BucketDeployment handler is chosen and updated by aws-cdk-lib (a Python custom resource), not by this project.',
      });
    }
  }
}
