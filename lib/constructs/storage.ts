// The product's data at rest: one DynamoDB table and the documents bucket (PDFs, signatures, videos),
// shaped by lib/definitions.ts so the local cloud provisions the same table and CORS rule.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { DOCUMENTS_BUCKET_CORS, TABLE } from '../definitions.js';
import { nagResource } from '../nag.js';

export interface StorageProps {
  /**
   * Origins allowed to call the documents bucket from a browser (presigned uploads and downloads).
   * Each entry is an origin such as `https://sign.example.com`; S3 allows one `*` wildcard per entry.
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
}

/** The DynamoDB table, the documents bucket and its access-log bucket, all retained on stack deletion. */
export class Storage extends Construct {
  readonly table: Table;
  readonly documentsBucket: Bucket;
  readonly accessLogsBucket: Bucket;
  /**
   * Item-level read and write on the table and its indexes (no Scan, no table management). Attached
   * to the roles of the functions that use the repository adapter.
   */
  readonly tableDataPolicy: ManagedPolicy;
  /** Read, write and delete of objects in the documents bucket (what presigned URLs need). */
  readonly documentsObjectPolicy: ManagedPolicy;

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
      cors: [
        {
          allowedOrigins: [...props.corsAllowedOrigins],
          allowedMethods: DOCUMENTS_BUCKET_CORS.allowedMethods.map((m) => HttpMethods[m]),
          allowedHeaders: [...DOCUMENTS_BUCKET_CORS.allowedHeaders],
          exposedHeaders: [...DOCUMENTS_BUCKET_CORS.exposedHeaders],
          maxAge: DOCUMENTS_BUCKET_CORS.maxAgeSeconds,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(props.abortIncompleteUploadAfterDays ?? 1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // The access policies live beside the data they guard, so the functions in the app stack get
    // exactly these statements and the cdk-nag findings name resources of this stack.
    this.tableDataPolicy = new ManagedPolicy(this, 'TableDataPolicy', {
      description: 'Item-level access to the SignSeal table and its indexes',
      statements: [
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: [
            'dynamodb:GetItem',
            'dynamodb:BatchGetItem',
            'dynamodb:Query',
            'dynamodb:PutItem',
            'dynamodb:UpdateItem',
            'dynamodb:DeleteItem',
            'dynamodb:BatchWriteItem',
            'dynamodb:ConditionCheckItem',
          ],
          resources: [
            this.table.tableArn,
            ...TABLE.indexes.map((index) => `${this.table.tableArn}/index/${index.name}`),
          ],
        }),
      ],
    });

    this.documentsObjectPolicy = new ManagedPolicy(this, 'DocumentsObjectPolicy', {
      description: 'Object read, write and delete in the SignSeal documents bucket',
      statements: [
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [this.documentsBucket.arnForObjects('*')],
        }),
      ],
    });
    Validations.of(this.documentsObjectPolicy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagResource(this, this.documentsBucket.arnForObjects('*'))}]`,
      reason:
        'Document, signature and video keys are created at run time per document; the grant is limited to objects of this one bucket and to get, put and delete.',
    });
  }
}
