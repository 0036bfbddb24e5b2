import { Stack } from 'aws-cdk-lib';
import type { IManagedPolicy, ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Storage } from '../../lib/constructs/storage.js';
import { DOCUMENTS_BUCKET_CORS, TABLE } from '../../shared/infra/definitions.js';
import { testApp, cleanup } from './support.js';

afterAll(cleanup);

const ORIGIN = 'https://sign.signseal.example';
let template: Template;
let storage: Storage;

beforeAll(() => {
  const stack = new Stack(testApp(), 'StorageTest');
  storage = new Storage(stack, 'Storage', { corsAllowedOrigins: [ORIGIN] });
  template = Template.fromStack(stack);
});

const statementsOf = (policy: IManagedPolicy) =>
  (
    Stack.of(storage).resolve((policy as ManagedPolicy).document.toJSON()) as {
      Statement: { Action: string[]; Resource: unknown[] }[];
    }
  ).Statement;

describe('the table', () => {
  test('has the generic pk/sk keys, on-demand billing, point-in-time recovery and encryption', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      DeletionProtectionEnabled: true,
    });
  });

  test('expires items through the TTL attribute of the definitions', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    });
  });

  test('has exactly the global secondary indexes of the definitions, projecting all attributes', () => {
    const table = Object.values(template.findResources('AWS::DynamoDB::Table'))[0]!;
    const indexes = table.Properties.GlobalSecondaryIndexes as {
      IndexName: string;
      KeySchema: { AttributeName: string; KeyType: string }[];
      Projection: { ProjectionType: string };
    }[];
    expect(indexes.map((index) => index.IndexName)).toEqual(TABLE.indexes.map((index) => index.name));
    for (const def of TABLE.indexes) {
      const index = indexes.find((candidate) => candidate.IndexName === def.name)!;
      expect(index.KeySchema).toEqual([
        { AttributeName: def.partitionKey, KeyType: 'HASH' },
        { AttributeName: def.sortKey, KeyType: 'RANGE' },
      ]);
      expect(index.Projection).toEqual({ ProjectionType: 'ALL' });
    }
  });

  test('survives stack deletion and replacement', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  test('is reachable only through item-level actions on the table and its named indexes, never Scan', () => {
    const policy = { Statement: statementsOf(storage.tablePolicy('write')) };
    const actions = policy.Statement.flatMap((statement) => statement.Action);
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.some((action) => action.includes('*'))).toBe(false);
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem']),
    );
    const resources = JSON.stringify(policy.Statement.flatMap((statement) => statement.Resource));
    for (const index of TABLE.indexes) expect(resources).toContain(`/index/${index.name}`);
    expect(resources).not.toContain('/index/*');
  });

  test('has a read-only policy for the functions that only read', () => {
    const actions = statementsOf(storage.tablePolicy('read')).flatMap((statement) => statement.Action);
    expect(actions.sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
  });
});

describe('the documents bucket', () => {
  const documentsBucket = () => {
    const buckets = template.findResources('AWS::S3::Bucket', {
      Properties: { CorsConfiguration: Match.anyValue() },
    });
    expect(Object.keys(buckets)).toHaveLength(1);
    return Object.entries(buckets)[0]!;
  };

  test('is private, encrypted and owned by the bucket owner', () => {
    const [, bucket] = documentsBucket();
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault,
    ).toEqual({
      SSEAlgorithm: 'AES256',
    });
    expect(bucket.Properties.OwnershipControls.Rules).toEqual([{ ObjectOwnership: 'BucketOwnerEnforced' }]);
    expect(bucket.DeletionPolicy).toBe('Retain');
  });

  test('refuses requests without TLS (1.2 or later)', () => {
    const [id] = documentsBucket();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } },
          }),
        ]),
      },
    });
  });

  test('allows the presigned-URL CORS rule of the definitions from the given origins only', () => {
    const [, bucket] = documentsBucket();
    expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual([
      {
        AllowedOrigins: [ORIGIN],
        AllowedMethods: [...DOCUMENTS_BUCKET_CORS.allowedMethods],
        AllowedHeaders: [...DOCUMENTS_BUCKET_CORS.allowedHeaders],
        ExposedHeaders: [...DOCUMENTS_BUCKET_CORS.exposedHeaders],
        MaxAge: DOCUMENTS_BUCKET_CORS.maxAgeSeconds,
      },
    ]);
  });

  test('writes server access logs to the retained, private log bucket', () => {
    const [, bucket] = documentsBucket();
    const logBucketId = bucket.Properties.LoggingConfiguration.DestinationBucketName.Ref as string;
    const logBucket = template.toJSON().Resources[logBucketId];
    expect(logBucket.Type).toBe('AWS::S3::Bucket');
    expect(logBucket.DeletionPolicy).toBe('Retain');
    expect(logBucket.Properties.PublicAccessBlockConfiguration.BlockPublicPolicy).toBe(true);
    expect(logBucket.Properties.LifecycleConfiguration.Rules[0].ExpirationInDays).toBe(365);
  });

  test('is versioned; previous versions expire after 30 days, unfinished uploads and staged forms after a day', () => {
    const [, bucket] = documentsBucket();
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      {
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        NoncurrentVersionExpiration: { NoncurrentDays: 30 },
        ExpiredObjectDeleteMarker: true,
        Status: 'Enabled',
      },
      // Upload forms' staging objects (issue #13): the checked bytes were copied to documents/.
      { Id: 'StagedUploads', Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' },
    ]);
  });

  test('has no CORS rule in its template when no origin is known yet (the app stack sets it)', () => {
    const stack = new Stack(testApp(), 'StorageWithoutOrigin');
    new Storage(stack, 'Storage', { corsAllowedOrigins: [] });
    const buckets = Template.fromStack(stack).findResources('AWS::S3::Bucket', {
      Properties: { VersioningConfiguration: Match.anyValue() },
    });
    expect(Object.values(buckets)).toHaveLength(1);
    expect(Object.values(buckets)[0]!.Properties.CorsConfiguration).toBeUndefined();
  });

  test.each([
    ['documents', 'read', ['s3:GetObject'], 'documents/*'],
    ['documents', 'write', ['s3:PutObject'], 'documents/*'],
    ['documents', 'delete', ['s3:DeleteObject', 's3:DeleteObjectVersion'], 'documents/*'],
    ['ownerSigns', 'read', ['s3:GetObject'], 'signs/user/*'],
    ['signerSigns', 'write', ['s3:PutObject'], 'signs/outer/*'],
  ] as const)('grants %s %s as %j on %s only', (area, action, actions, prefix) => {
    const [id] = documentsBucket();
    const [objects] = statementsOf(storage.objectPolicy(area, action));
    expect(objects).toEqual({
      Effect: 'Allow',
      Action: actions.length === 1 ? actions[0] : [...actions],
      Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [id, 'Arn'] }, `/${prefix}`]] },
    });
  });

  test('lets a delete find the versions of keys under its prefix only', () => {
    const [id] = documentsBucket();
    expect(statementsOf(storage.objectPolicy('documents', 'delete'))[1]).toEqual({
      Effect: 'Allow',
      Action: 's3:ListBucketVersions',
      Resource: { 'Fn::GetAtt': [id, 'Arn'] },
      Condition: { StringLike: { 's3:prefix': ['documents/*'] } },
    });
  });
});
