// The Scheduler port locally (issue #28, decision 146), against the local cloud's DynamoDB Local and
// SQS emulator: the table's schedules and their due index, the conditional take, the loop that fires
// due schedules into a queue, and the local cloud's test-clock endpoint. The store and loop tests use
// a due-index partition of their own, so the local cloud's own loop never sees their schedules; the
// endpoint tests use the cloud's (they are what it fires). Generous deadlines: two busy cores.
import { randomUUID } from 'node:crypto';
import {
  CreateQueueCommand,
  DeleteQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { documentClient } from '../../lambdas/adapters/aws';
import { DynamoScheduleStore, TableScheduler } from '../../lambdas/adapters/dynamo/schedules';
import type { Clock } from '../../lambdas/ports';
import { startLocalScheduler, type LocalScheduler } from '../../local/scheduler';
import { api, env, eventually } from '../support/cloud-client';

const DAY_MS = 24 * 3600 * 1000;
const T = new Date('2031-03-01T12:00:00.000Z');
const fixed = (at: Date): Clock => ({ now: () => at });
/** A store of a partition of its own (the local cloud's loop reads only the 'schedules' partition). */
const ownStore = () => new DynamoScheduleStore(documentClient(), env('TABLE_NAME'), `test-${randomUUID()}`);
const tag = () => randomUUID().slice(0, 8);
const reminder = (docuId: string, n = 1) => ({
  kind: 'reminder',
  docuId,
  index: 1,
  n,
  turnOpenedAt: '2031-02-26T12:00:00.000Z',
});

describe('the table scheduler and its due index', () => {
  it('stores a schedule by name and finds what is due by time, earliest first, without the rest', async () => {
    const store = ownStore();
    const scheduler = new TableScheduler(store, fixed(T));
    const id = tag();
    await scheduler.schedule(`rem-${id}-1-1`, new Date(T.getTime() - 3600_000), reminder(id, 1));
    await scheduler.schedule(`exp-${id}`, T, { kind: 'expire', docuId: id, expiresAt: T.toISOString() });
    await scheduler.schedule(`rem-${id}-1-2`, new Date(T.getTime() + 1), reminder(id, 2));

    const due = await store.due(T, 10);

    expect(due.map((s) => s.name)).toEqual([`rem-${id}-1-1`, `exp-${id}`]);
    expect(JSON.parse(due[0]!.job)).toEqual(reminder(id, 1));
    expect(due[0]!.dueAt).toBe('2031-03-01T11:00:00.000Z');
    expect(due[0]!.createdAt).toBe(T.toISOString());
    expect((await store.due(new Date(T.getTime() + 1), 10)).map((s) => s.name)).toHaveLength(3);
    expect((await store.due(new Date(T.getTime() + 1), 2)).map((s) => s.name)).toEqual([
      `rem-${id}-1-1`,
      `exp-${id}`,
    ]);
  });

  it('replaces a schedule of the same name (its new time stands) and cancels without minding a missing one', async () => {
    const store = ownStore();
    const scheduler = new TableScheduler(store, fixed(T));
    const name = `rem-${tag()}-0-1`;
    await scheduler.schedule(name, new Date(T.getTime() - 1000), { v: 1 });
    await scheduler.schedule(name, new Date(T.getTime() + DAY_MS), { v: 2 });

    expect(await store.due(T, 10)).toEqual([]);
    expect(await store.get(name)).toMatchObject({ dueAt: '2031-03-02T12:00:00.000Z', job: '{"v":2}' });

    await scheduler.cancel(name);
    expect(await store.get(name)).toBeNull();
    await expect(scheduler.cancel(name)).resolves.toBeUndefined();
    await expect(scheduler.cancel(`never-made-${tag()}`)).resolves.toBeUndefined();
  });

  it('keeps names that differ only in case apart, as EventBridge Scheduler does', async () => {
    const store = ownStore();
    const scheduler = new TableScheduler(store, fixed(T));
    const id = tag();
    await scheduler.schedule(`exp-${id}a`, T, { v: 'lower' });
    await scheduler.schedule(`exp-${id}A`, T, { v: 'upper' });

    expect((await store.due(T, 10)).map((s) => JSON.parse(s.job).v).sort()).toEqual(['lower', 'upper']);
  });

  it('refuses a name EventBridge Scheduler would refuse', async () => {
    const scheduler = new TableScheduler(ownStore(), fixed(T));
    for (const bad of ['', 'a'.repeat(65), 'rem/x', 'rem x', 'rem#1']) {
      await expect(scheduler.schedule(bad, T, {})).rejects.toThrow(/Not a schedule name/);
    }
  });

  it('takes a due schedule once: not when it was replaced meanwhile, not twice, not by two firers at once', async () => {
    const store = ownStore();
    const scheduler = new TableScheduler(store, fixed(T));
    const name = `exp-${tag()}`;
    await scheduler.schedule(name, T, { v: 1 });
    const [read] = await store.due(T, 10);

    // Replaced (a new expiry) after the firer read it: the old time does not fire.
    await scheduler.schedule(name, new Date(T.getTime() + DAY_MS), { v: 2 });
    expect(await store.take(read!.name, read!.dueAt, read!.job)).toBe(false);
    expect(await store.get(name)).toMatchObject({ job: '{"v":2}' });

    // Five firers take the same due schedule at once: exactly one wins.
    await scheduler.schedule(name, T, { v: 3 });
    const [due] = await store.due(T, 10);
    const takes = await Promise.all(
      Array.from({ length: 5 }, () => store.take(due!.name, due!.dueAt, due!.job)),
    );
    expect(takes.filter(Boolean)).toHaveLength(1);
    expect(await store.get(name)).toBeNull();
    expect(await store.take(due!.name, due!.dueAt, due!.job)).toBe(false);
  });

  it('puts a taken schedule back when its job could not be sent, unless it was scheduled again', async () => {
    const store = ownStore();
    const scheduler = new TableScheduler(store, fixed(T));
    const name = `exp-${tag()}`;
    await scheduler.schedule(name, T, { v: 1 });
    const [due] = await store.due(T, 10);
    expect(await store.take(due!.name, due!.dueAt, due!.job)).toBe(true);

    await store.restore(due!);
    expect(await store.get(name)).toEqual(due);

    await scheduler.schedule(name, new Date(T.getTime() + DAY_MS), { v: 2 });
    await store.restore(due!);
    expect(await store.get(name)).toMatchObject({ job: '{"v":2}' });
  });
});

describe('the local scheduler loop', () => {
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint: env('AWS_ENDPOINT_URL_SQS'),
    useQueueUrlAsEndpoint: false,
  });
  let queueUrl: string;
  let loop: LocalScheduler | undefined;

  beforeAll(async () => {
    const res = await sqs.send(new CreateQueueCommand({ QueueName: `scheduler-test-${tag()}` }));
    queueUrl = res.QueueUrl!;
  });
  afterEach(async () => {
    await loop?.stop();
    loop = undefined;
  });
  afterAll(async () => {
    await sqs.send(new DeleteQueueCommand({ QueueUrl: queueUrl })).catch(() => undefined);
  });

  async function received(count: number, timeoutMs = 60_000): Promise<string[]> {
    const bodies: string[] = [];
    await eventually(
      async () => {
        const res = await sqs.send(
          new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
        );
        bodies.push(...(res.Messages ?? []).map((m) => m.Body ?? ''));
        return bodies.length >= count;
      },
      timeoutMs,
      `${count} fired job(s)`,
    );
    return bodies;
  }

  it('fires a due schedule into the queue on its own, takes it, and leaves a later one alone', async () => {
    const store = ownStore();
    const scheduler = new TableScheduler(store, { now: () => new Date() });
    const id = tag();
    await scheduler.schedule(`rem-${id}-1-1`, new Date(Date.now() - 1000), reminder(id));
    await scheduler.schedule(`rem-${id}-1-2`, new Date(Date.now() + DAY_MS), reminder(id, 2));
    const sent: string[] = [];
    loop = startLocalScheduler({
      store,
      tickMs: 250,
      send: async (body) => {
        sent.push(body);
        await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
      },
      log: () => undefined,
    });

    const bodies = await received(1);

    expect(bodies.map((b) => JSON.parse(b))).toEqual([reminder(id)]);
    expect(await store.get(`rem-${id}-1-1`)).toBeNull();
    expect(await store.get(`rem-${id}-1-2`)).not.toBeNull();
    // Several ticks later it has still fired once.
    await new Promise((r) => setTimeout(r, 1500));
    expect(sent).toHaveLength(1);
  });

  it('keeps a schedule whose job could not be sent and fires it on a later tick', async () => {
    const store = ownStore();
    const id = tag();
    await new TableScheduler(store, { now: () => new Date() }).schedule(
      `exp-${id}`,
      new Date(Date.now() - 1000),
      { kind: 'expire', docuId: id, expiresAt: new Date().toISOString() },
    );
    let failures = 0;
    loop = startLocalScheduler({
      store,
      tickMs: 250,
      send: async (body) => {
        if (failures++ === 0) throw new Error('the queue is down');
        await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
      },
      log: () => undefined,
    });

    const bodies = await received(1);

    expect(JSON.parse(bodies[0]!)).toMatchObject({ kind: 'expire', docuId: id });
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(await store.get(`exp-${id}`)).toBeNull();
  });

  it('fires a batch larger than one read of the index', async () => {
    const store = ownStore();
    const scheduler = new TableScheduler(store, { now: () => new Date() });
    const id = tag();
    const names = Array.from({ length: 130 }, (_, i) => `rem-${id}-${i}-1`);
    const past = new Date(Date.now() - 1000);
    for (let i = 0; i < names.length; i += 10) {
      await Promise.all(names.slice(i, i + 10).map((n) => scheduler.schedule(n, past, { n })));
    }
    const sent: string[] = [];
    loop = startLocalScheduler({
      store,
      tickMs: 60_000, // no tick: one call fires them all
      send: async (body) => {
        sent.push(JSON.parse(body).n as string);
      },
      log: () => undefined,
    });

    const fired = await loop.fireDue();

    expect(fired.sort()).toEqual([...names].sort());
    expect(sent.sort()).toEqual([...names].sort());
    expect(await store.due(new Date(), 10)).toEqual([]);
  });
});

describe('the local cloud’s test clock (/local/test-clock)', () => {
  // The cloud's own store: these schedules are the ones its loop and the endpoint fire.
  const cloudStore = () => new DynamoScheduleStore(documentClient(), env('TABLE_NAME'));

  afterAll(async () => {
    await api('/local/test-clock/reset', { method: 'POST' });
  });

  it('tells the local time and the offset', async () => {
    const before = Date.now();
    const res = await api('/local/test-clock');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ now: expect.any(String), offsetMs: expect.any(Number) });
    expect(Date.parse(res.body.now)).toBeGreaterThanOrEqual(before + res.body.offsetMs - 1000);
  });

  it('advancing three days fires the schedule due in three days, answering after it is queued, and not the one due in four', async () => {
    const clock = await api('/local/test-clock');
    const now = Date.parse(clock.body.now);
    const store = cloudStore();
    const scheduler = new TableScheduler(store, fixed(new Date(now)));
    const id = `it${tag()}`;
    const in3 = `rem-${id}-1-1`;
    const in4 = `rem-${id}-1-2`;
    await scheduler.schedule(in3, new Date(now + 3 * DAY_MS), reminder(id, 1));
    await scheduler.schedule(in4, new Date(now + 4 * DAY_MS), reminder(id, 2));

    const res = await api('/local/test-clock/advance', { method: 'POST', body: { seconds: 3 * 86400 } });

    expect(res.status).toBe(200);
    expect(res.body.offsetMs).toBe(clock.body.offsetMs + 3 * DAY_MS);
    expect(Date.parse(res.body.now)).toBeGreaterThanOrEqual(now + 3 * DAY_MS);
    expect(res.body.fired).toContain(in3);
    expect(res.body.fired).not.toContain(in4);
    expect(await store.get(in3)).toBeNull();
    expect(await store.get(in4)).toMatchObject({ job: JSON.stringify(reminder(id, 2)) });

    const reset = await api('/local/test-clock/reset', { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(reset.body.offsetMs).toBe(0);
    expect(Math.abs(Date.parse(reset.body.now) - Date.now())).toBeLessThan(60_000);
    // Back on the system clock, the four-day one waits on.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await store.get(in4)).not.toBeNull();
    await scheduler.cancel(in4);
  });

  it('fires a schedule already due on the loop’s own tick, without the endpoint', async () => {
    const store = cloudStore();
    const id = `it${tag()}`;
    await new TableScheduler(store, { now: () => new Date() }).schedule(
      `exp-${id}`,
      new Date(Date.now() - 1000),
      { kind: 'expire', docuId: id, expiresAt: new Date().toISOString() },
    );
    await eventually(async () => (await store.get(`exp-${id}`)) === null, 60_000, 'the cloud to fire it');
  });

  it.each([
    ['no seconds', {}],
    ['zero seconds', { seconds: 0 }],
    ['a fraction', { seconds: 0.5 }],
    ['a string', { seconds: '3600' }],
    ['more than 400 days', { seconds: 401 * 86400 }],
  ])('refuses an advance with %s: 400 with a JSON error, the clock unmoved', async (_what, body) => {
    const before = (await api('/local/test-clock')).body.offsetMs;
    const res = await api('/local/test-clock/advance', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'errors.validation', requestId: expect.any(String) });
    expect((await api('/local/test-clock')).body.offsetMs).toBe(before);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await api('/local/test-clock/advance', {
      method: 'POST',
      rawBody: '{"seconds":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('errors.badRequest');
  });

  it('is not part of the API: /api/local/test-clock is an unknown route', async () => {
    const res = await api('/api/local/test-clock');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('errors.routeNotFound');
  });
});
