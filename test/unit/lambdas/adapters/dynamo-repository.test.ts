import {
  ConditionalCheckFailedException,
  DescribeTableCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoRepository, type UserRecord } from '../../../../lambdas/adapters/dynamo/repository';

const dynamoMock = mockClient(DynamoDBClient);
const docMock = mockClient(DynamoDBDocumentClient);

function repository() {
  const client = new DynamoDBClient({ region: 'us-east-1' });
  return new DynamoRepository(client, DynamoDBDocumentClient.from(client), 'signseal');
}

const conditionalFailure = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

const HANAKO: UserRecord = {
  userId: 'sub-1',
  email: 'hanako@example.com',
  emailVerified: true,
  name: '山田 花子',
  plan: 'trial',
  validDate: '2026-12-22T00:00:00.000Z',
  availableTickets: 5,
  isAdmin: false,
  closed: false,
  createdAt: '2026-11-22T00:00:00.000Z',
};

beforeEach(() => {
  dynamoMock.reset();
  docMock.reset();
});

describe('job idempotency records', () => {
  it('claims a key the first time, with a conditional create and a TTL', async () => {
    docMock.on(PutCommand).resolves({});
    const before = Math.floor(Date.now() / 1000);

    await expect(repository().claim('notify#k-1', 3600)).resolves.toBe(true);

    const input = docMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(input.TableName).toBe('signseal');
    expect(input.ConditionExpression).toContain('attribute_not_exists');
    expect(input.Item).toMatchObject({ key: 'notify#k-1' });
    expect(input.Item!.ttl).toBeGreaterThanOrEqual(before + 3600);
    expect(input.Item!.ttl).toBeLessThanOrEqual(before + 3601);
  });

  it('refuses a key that was already claimed', async () => {
    docMock.on(PutCommand).rejects(conditionalFailure());

    await expect(repository().claim('notify#k-1', 3600)).resolves.toBe(false);
  });

  it('lets other database errors through when claiming', async () => {
    docMock.on(PutCommand).rejects(new Error('ProvisionedThroughputExceeded'));

    await expect(repository().claim('notify#k-1', 3600)).rejects.toThrow('ProvisionedThroughputExceeded');
  });

  it('releases a claim by deleting its record', async () => {
    docMock.on(DeleteCommand).resolves({});

    await repository().release('notify#k-1');

    const claimed = docMock.commandCalls(PutCommand);
    const deleted = docMock.commandCalls(DeleteCommand);
    expect(claimed).toHaveLength(0);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.args[0].input.Key).toEqual({
      pk: expect.stringContaining('notify#k-1'),
      sk: expect.any(String),
    });
  });
});

describe('user records', () => {
  it('creates a user that does not exist yet and returns it', async () => {
    docMock.on(PutCommand).resolves({});

    await expect(repository().createIfAbsent(HANAKO)).resolves.toMatchObject(HANAKO);
    expect(docMock.commandCalls(PutCommand)[0]!.args[0].input.ConditionExpression).toContain(
      'attribute_not_exists',
    );
  });

  it('returns the stored user when one with the same id already exists', async () => {
    const stored = { ...HANAKO, name: 'Hanako', availableTickets: 2 };
    docMock.on(PutCommand).rejects(conditionalFailure());
    docMock.on(GetCommand).resolves({
      Item: { ...stored, pk: '$signseal#userid_sub-1', sk: '$user_1', __edb_e__: 'user', __edb_v__: '1' },
    });

    const user = await repository().createIfAbsent(HANAKO);

    expect(user).toMatchObject({ name: 'Hanako', availableTickets: 2 });
  });

  it('answers null for an unknown user id', async () => {
    docMock.on(GetCommand).resolves({});

    await expect(repository().getById('nobody')).resolves.toBeNull();
  });

  it('checks the table for health', async () => {
    dynamoMock
      .on(DescribeTableCommand, { TableName: 'signseal' })
      .resolves({ Table: { TableName: 'signseal' } });

    await repository().check();

    expect(dynamoMock.commandCalls(DescribeTableCommand)).toHaveLength(1);
  });
});
