// The product's data at rest: one DynamoDB table and the documents bucket (PDFs, signatures, videos),
// shaped by shared/infra/definitions.ts so the local cloud provisions the same table and CORS rule.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, type IManagedPolicy, ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { OBJECT_AREAS, type ObjectAction, type ObjectArea } from '../../shared/api/routes.js';
import { DOCUMENTS_BUCKET_CORS, TABLE } from '../../shared/infra/definitions.js';
import { nagResource } from '../nag.js';

export interface StorageProps {
  /**
   * Origins allowed to call the documents bucket from a browser (presigned uploads and downloads).
   * Each entry is an origin such as `https://sign.example.com`; S3 allows one `*` wildcard per entry.
   * Empty: the bucket's template has no CORS rule, and the app stack sets it to the distribution's
   * own origin once that exists (lib/constructs/documents-cors.ts).
   */
  readonly corsAllowedOrigins: readonly string[];
  /**
   * Days the server access logs of the documents bucket are kept.
   * @default 365
   */
  readonly accessLogRetentionDays?: number;
  /**
   * Days after which S3 aborts an unfinished multipart upload (a browser that went away mid-upload).
   * @default 1
   */
  readonly abortIncompleteUploadAfterDays?: number;
  /**
   * Days a replaced or deleted object's previous version is kept (the bucket is versioned, so an
   * overwritten original can be recovered and told apart; architecture section 18).
   * @default 30
   */
  readonly noncurrentVersionRetentionDays?: number;
}

/** The DynamoDB table, the documents bucket and its access-log bucket, all retained on stack deletion. */
export class Storage extends Construct {
  readonly table: Table;
  readonly documentsBucket: Bucket;
  readonly accessLogsBucket: Bucket;
  private readonly tablePolicies = new Map<'read' | 'write', IManagedPolicy>();
  private readonly objectPolicies = new Map<string, IManagedPolicy>();
  private healthPolicy?: IManagedPolicy;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }

    this.accessLogsBucket = new Bucket(this, 'AccessLogsBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      lifecycleRules: [{ expiration: Duration.days(props.accessLogRetentionDays ?? 365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.accessLogsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket is the destination of the documents bucket access logs; logging it into itself would loop and logging it elsewhere only moves the question.',
    });

    this.documentsBucket = new Bucket(this, 'DocumentsBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'documents/',
      cors:
        props.corsAllowedOrigins.length === 0
          ? undefined
          : [
              {
                allowedOrigins: [...props.corsAllowedOrigins],
                allowedMethods: DOCUMENTS_BUCKET_CORS.allowedMethods.map((m) => HttpMethods[m]),
                allowedHeaders: [...DOCUMENTS_BUCKET_CORS.allowedHeaders],
                exposedHeaders: [...DOCUMENTS_BUCKET_CORS.exposedHeaders],
                maxAge: DOCUMENTS_BUCKET_CORS.maxAgeSeconds,
              },
            ],
      // Versioned (architecture section 18): an object is never silently replaced. Previous versions
      // expire, and delete markers left without versions are cleaned up.
      versioned: true,
      lifecycleRules: [
        {
          abortIncompleteMultipartUploadAfter: Duration.days(props.abortIncompleteUploadAfterDays ?? 1),
          noncurrentVersionExpiration: Duration.days(props.noncurrentVersionRetentionDays ?? 30),
          expiredObjectDeleteMarker: true,
        },
        // Upload forms' staging objects: the checked bytes were copied to documents/ (issue #13).
        { id: 'StagedUploads', prefix: OBJECT_AREAS.uploads, expiration: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // The access policies live beside the data they guard, so the functions in the app stack get
    // exactly these statements and the cdk-nag findings name resources of this stack. They are made
    // on first use (tablePolicy, objectPolicy), one per kind of access, and attached to the roles of
    // the functions whose route or worker declares that access (shared/api/routes.ts, lib/access.ts).
    this.tablePolicies.set(
      'write',
      // The id of the policy that once granted every function read and write (kept: a new id would
      // delete a policy still attached to the previous functions while the stateful stack deploys).
      new ManagedPolicy(this, 'TableDataPolicy', {
        description: 'Item-level read and write of the SignSeal table and its indexes',
        statements: [this.tableStatement([...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS])],
      }),
    );
  }

  /** Item access to the table and its named indexes (no Scan, no table management). */
  tablePolicy(access: 'read' | 'write'): IManagedPolicy {
    let policy = this.tablePolicies.get(access);
    if (!policy) {
      policy = new ManagedPolicy(this, 'TableReadPolicy', {
        description: 'Item-level read of the SignSeal table and its indexes',
        statements: [this.tableStatement(TABLE_READ_ACTIONS)],
      });
      this.tablePolicies.set(access, policy);
    }
    return policy;
  }

  /** One action on the objects of one area (key prefix) of the documents bucket. */
  objectPolicy(area: ObjectArea, action: ObjectAction): IManagedPolicy {
    const name = `${area}:${action}`;
    const existing = this.objectPolicies.get(name);
    if (existing) return existing;
    const objects = this.documentsBucket.arnForObjects(`${OBJECT_AREAS[area]}*`);
    const statements = [new PolicyStatement({ actions: OBJECT_ACTIONS[action], resources: [objects] })];
    if (action === 'delete') {
      // Finding the versions of a key to delete them too (the bucket is versioned).
      statements.push(
        new PolicyStatement({
          actions: ['s3:ListBucketVersions'],
          resources: [this.documentsBucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${OBJECT_AREAS[area]}*`] } },
        }),
      );
    }
    // The documents read policy keeps the id of the policy that once granted every object action.
    const id =
      area === 'documents' && action === 'read'
        ? 'DocumentsObjectPolicy'
        : `${area[0]!.toUpperCase()}${area.slice(1)}${action[0]!.toUpperCase()}${action.slice(1)}Policy`;
    const policy = new ManagedPolicy(this, id, {
      description: `${OBJECT_ACTION_TEXT[action]} of objects under ${OBJECT_AREAS[area]} in the SignSeal documents bucket`,
      statements,
    });
    Validations.of(policy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagResource(this, objects)}]`,
      reason: `Object keys under ${OBJECT_AREAS[area]} are created at run time (per document, per signer); the grant is limited to that prefix of this one bucket and to ${OBJECT_ACTION_TEXT[action].toLowerCase()}.`,
    });
    this.objectPolicies.set(name, policy);
    return policy;
  }

  /** What the health check reads: the table's description and the bucket's existence (HeadBucket). */
  get healthCheckPolicy(): IManagedPolicy {
    this.healthPolicy ??= new ManagedPolicy(this, 'HealthCheckPolicy', {
      description: 'Describe the SignSeal table and head the documents bucket (GET /api/health)',
      statements: [
        new PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: [this.table.tableArn] }),
        new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.documentsBucket.bucketArn] }),
      ],
    });
    return this.healthPolicy;
  }

  private tableStatement(actions: readonly string[]): PolicyStatement {
    return new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...actions],
      resources: [
        this.table.tableArn,
        ...TABLE.indexes.map((index) => `${this.table.tableArn}/index/${index.name}`),
      ],
    });
  }
}

const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];
const OBJECT_ACTIONS: Record<ObjectAction, string[]> = {
  read: ['s3:GetObject'],
  write: ['s3:PutObject'],
  delete: ['s3:DeleteObject', 's3:DeleteObjectVersion'],
};
const OBJECT_ACTION_TEXT: Record<ObjectAction, string> = { read: 'Read', write: 'Write', delete: 'Delete' };
