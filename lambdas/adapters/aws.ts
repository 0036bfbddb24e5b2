// SDK clients, created once per Lambda container. Endpoints come from the standard
// AWS_ENDPOINT_URL_* variables (the local cloud sets them); only S3 path-style is set here.
// Each getter is marked pure so that esbuild drops the clients (and their SDK packages) a handler
// never asks for: a bundle carries only the clients its handler uses (docs/performance.md).
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SESClient } from '@aws-sdk/client-ses';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import { SQSClient } from '@aws-sdk/client-sqs';
import { getConfig } from '../config';
import { sdkBounds } from './sdk-bounds';

/** Region, and the bounds on a stalled dependency (lambdas/adapters/sdk-bounds.ts), of every client. */
function clientOptions() {
  return { region: getConfig().AWS_REGION, ...sdkBounds() };
}

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

export const dynamo = /* @__PURE__ */ once(() => new DynamoDBClient(clientOptions()));
export const documentClient = /* @__PURE__ */ once(() =>
  DynamoDBDocumentClient.from(dynamo(), { marshallOptions: { removeUndefinedValues: true } }),
);
export const s3 = /* @__PURE__ */ once(
  () => new S3Client({ ...clientOptions(), forcePathStyle: getConfig().S3_FORCE_PATH_STYLE }),
);
export const ses = /* @__PURE__ */ once(() => new SESClient(clientOptions()));
export const sesv2 = /* @__PURE__ */ once(() => new SESv2Client(clientOptions()));
export const sns = /* @__PURE__ */ once(() => new SNSClient(clientOptions()));
// Send to the configured SQS endpoint, not to the queue URL's host: the same in AWS, and locally the
// emulator's queue URLs name a host (sqs.<region>.localhost) that Node does not resolve.
export const sqs = /* @__PURE__ */ once(
  () => new SQSClient({ ...clientOptions(), useQueueUrlAsEndpoint: false }),
);
export const cognito = /* @__PURE__ */ once(() => new CognitoIdentityProviderClient(clientOptions()));
// EventBridge Scheduler (issue #28): deployed only; the local cloud schedules in its table.
export const schedulerClient = /* @__PURE__ */ once(() => new SchedulerClient(clientOptions()));
