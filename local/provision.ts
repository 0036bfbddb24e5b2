// Creates the local cloud's resources from the same definitions the CDK uses (shared/infra/definitions.ts).
// Idempotent: on a restart it finds what exists and creates only what is missing.
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DLQ_RETENTION_SECONDS,
  DOCUMENTS_BUCKET_CORS,
  QUEUES,
  TABLE,
  USER_POOL,
} from '../shared/infra/definitions';
import { WORKERS, type WorkerName } from '../shared/api/routes';

export const LOCAL_NAMES = {
  table: 'signseal-local',
  documentsBucket: 'signseal-local-documents',
  userPool: 'signseal-local',
  userPoolClient: 'signseal-local-web',
  queue: (name: WorkerName) => `signseal-local-${name}`,
} as const;

export interface Provisioned {
  tableName: string;
  documentsBucket: string;
  queueUrls: Record<WorkerName, string>;
  dlqUrls: Record<WorkerName, string>;
  userPoolId: string;
  userPoolClientId: string;
}

const local = { region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };

async function provisionTable(endpoint: string): Promise<string> {
  const client = new DynamoDBClient({ ...local, endpoint });
  const TableName = LOCAL_NAMES.table;
  try {
    await client.send(new DescribeTableCommand({ TableName }));
    return TableName;
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
  }
  const keyAttrs = new Set<string>([TABLE.partitionKey, TABLE.sortKey]);
  for (const ix of TABLE.indexes) keyAttrs.add(ix.partitionKey).add(ix.sortKey);
  await client.send(
    new CreateTableCommand({
      TableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...keyAttrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.indexes.map((ix) => ({
        IndexName: ix.name,
        KeySchema: [
          { AttributeName: ix.partitionKey, KeyType: 'HASH' },
          { AttributeName: ix.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
  return TableName;
}

async function provisionBucket(endpoint: string, allowedOrigins: string[]): Promise<string> {
  const client = new S3Client({ ...local, endpoint, forcePathStyle: true });
  const Bucket = LOCAL_NAMES.documentsBucket;
  try {
    await client.send(new CreateBucketCommand({ Bucket }));
  } catch (err) {
    if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes((err as Error).name)) throw err;
  }
  await client.send(
    new PutBucketCorsCommand({
      Bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: allowedOrigins,
            AllowedMethods: [...DOCUMENTS_BUCKET_CORS.allowedMethods],
            AllowedHeaders: [...DOCUMENTS_BUCKET_CORS.allowedHeaders],
            ExposeHeaders: [...DOCUMENTS_BUCKET_CORS.exposedHeaders],
            MaxAgeSeconds: DOCUMENTS_BUCKET_CORS.maxAgeSeconds,
          },
        ],
      },
    }),
  );
  return Bucket;
}

async function provisionQueues(endpoint: string) {
  const client = new SQSClient({ ...local, endpoint, useQueueUrlAsEndpoint: false });
  const queueUrls = {} as Record<WorkerName, string>;
  const dlqUrls = {} as Record<WorkerName, string>;
  for (const name of WORKERS) {
    const def = QUEUES[name];
    const dlq = await client.send(
      new CreateQueueCommand({
        QueueName: `${LOCAL_NAMES.queue(name)}-dlq`,
        Attributes: { MessageRetentionPeriod: String(DLQ_RETENTION_SECONDS) },
      }),
    );
    const dlqAttrs = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl!, AttributeNames: ['QueueArn'] }),
    );
    const queue = await client.send(
      new CreateQueueCommand({
        QueueName: LOCAL_NAMES.queue(name),
        Attributes: {
          VisibilityTimeout: String(def.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: dlqAttrs.Attributes!.QueueArn,
            maxReceiveCount: String(def.maxReceiveCount),
          }),
        },
      }),
    );
    queueUrls[name] = queue.QueueUrl!;
    dlqUrls[name] = dlq.QueueUrl!;
  }
  return { queueUrls, dlqUrls };
}

async function provisionUserPool(endpoint: string) {
  const client = new CognitoIdentityProviderClient({ ...local, endpoint });
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === LOCAL_NAMES.userPool)?.Id;
  if (!userPoolId) {
    const p = USER_POOL.passwordPolicy;
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: LOCAL_NAMES.userPool,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: p.minLength,
            RequireLowercase: p.requireLowercase,
            RequireUppercase: p.requireUppercase,
            RequireNumbers: p.requireDigits,
            RequireSymbols: p.requireSymbols,
          },
        },
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }
  const clients = await client.send(
    new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
  );
  let userPoolClientId = clients.UserPoolClients?.find(
    (c) => c.ClientName === LOCAL_NAMES.userPoolClient,
  )?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: LOCAL_NAMES.userPoolClient,
        ExplicitAuthFlows: USER_POOL.clientAuthFlows.map((f) => `ALLOW_${f}` as const),
      }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  return { userPoolId, userPoolClientId };
}

export async function provision(
  endpoints: { dynamodb: string; s3: string; sqs: string; cognito: string },
  appOrigin: string,
): Promise<Provisioned> {
  const [tableName, documentsBucket, queues, pool] = await Promise.all([
    provisionTable(endpoints.dynamodb),
    provisionBucket(endpoints.s3, [appOrigin]),
    provisionQueues(endpoints.sqs),
    provisionUserPool(endpoints.cognito),
  ]);
  return { tableName, documentsBucket, ...queues, ...pool };
}
