// DynamoDB single-table model, declared with ElectroDB. Only the repository adapters touch it.
// Index names and key fields match lib/definitions.ts (TABLE), which both the CDK and the local
// cloud use to create the table.
import { Entity, type EntityItem } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const SERVICE = 'signseal';

export function createEntities(client: DynamoDBDocumentClient, table: string) {
  const user = new Entity(
    {
      model: { entity: 'user', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        email: { type: 'string', required: true },
        emailVerified: { type: 'boolean', default: false },
        name: { type: 'string', required: true },
        phone: { type: 'string' },
        image: { type: 'string' },
        walletAddress: { type: 'string' },
        plan: {
          type: ['trial', 'month_personal', 'month_standard', 'year_personal', 'year_standard'] as const,
          required: true,
        },
        validDate: { type: 'string', required: true },
        availableTickets: { type: 'number', required: true },
        customerId: { type: 'string' },
        isAdmin: { type: 'boolean', default: false },
        closed: { type: 'boolean', default: false },
        closedAt: { type: 'string' },
        /** Registration consents, with when, in which language and to which terms version. */
        consents: {
          type: 'map',
          properties: {
            termsOfService: { type: 'boolean', required: true },
            privacyPolicy: { type: 'boolean', required: true },
            ageConfirmed: { type: 'boolean', required: true },
            marketing: { type: 'boolean', required: true },
            thirdPartyProvision: { type: 'boolean', required: true },
            termsVersion: { type: 'string', required: true },
            consentedAt: { type: 'string', required: true },
            lang: { type: 'string', required: true },
          },
        },
        createdAt: { type: 'string', required: true },
        lastLoginAt: { type: 'string' },
      },
      indexes: {
        byId: {
          pk: { field: 'pk', composite: ['userId'] },
          sk: { field: 'sk', composite: [] },
        },
        byEmail: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['email'] },
          sk: { field: 'gsi1sk', composite: [] },
        },
      },
    },
    { client, table },
  );

  /** A job's side effect, claimed before it runs and marked done after, so a retried SQS message
   *  never repeats it. A 'pending' claim whose lease ran out (the worker died mid-way) may be taken
   *  again. Expires by TTL. */
  const jobRecord = new Entity(
    {
      model: { entity: 'jobRecord', version: '1', service: SERVICE },
      attributes: {
        key: { type: 'string', required: true },
        state: { type: ['pending', 'done'] as const, required: true },
        /** Epoch milliseconds until which a pending claim belongs to the worker that made it. */
        leaseUntil: { type: 'number', required: true },
        claimedAt: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byKey: { pk: { field: 'pk', composite: ['key'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  return { user, jobRecord };
}

export type Entities = ReturnType<typeof createEntities>;
export type UserItem = EntityItem<Entities['user']>;
