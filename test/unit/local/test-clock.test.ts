// The local-only test-clock endpoint (issue #28): served by the local server beside the API, never in
// the route table; its answers and its refusals, with a fake clock behind it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalServer, type TestClock } from '../../../local/server';
import { MAX_ADVANCE_SECONDS, schedulerTickMs } from '../../../local/scheduler';
import { ROUTES } from '../../../shared/api/routes';

let server: http.Server;
let base: string;
let offsetMs = 0;
const advanced: number[] = [];
const clock: TestClock = {
  clockState: () => ({ now: new Date(Date.UTC(2026, 10, 28) + offsetMs).toISOString(), offsetMs }),
  advance: async (seconds) => {
    advanced.push(seconds);
    offsetMs += seconds * 1000;
    return { ...clock.clockState(), fired: ['rem-doc1-1-1'] };
  },
  reset: async () => {
    offsetMs = 0;
    return clock.clockState();
  },
};

beforeAll(async () => {
  server = createLocalServer({
    port: 0,
    host: '127.0.0.1',
    webDist: '/nonexistent',
    runtimeConfig: {},
    jwt: { issuer: 'http://127.0.0.1/x', audience: 'a', jwksUrl: 'http://127.0.0.1:9/jwks.json' },
    testClock: clock,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function call(path: string, init: { method?: string; body?: string } = {}) {
  const res = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('the test-clock endpoint', () => {
  it('tells the local time and offset', async () => {
    expect(await call('/local/test-clock')).toEqual({
      status: 200,
      body: { now: '2026-11-28T00:00:00.000Z', offsetMs: 0 },
    });
  });

  it('advances by whole seconds, answering what fired', async () => {
    const res = await call('/local/test-clock/advance', {
      method: 'POST',
      body: JSON.stringify({ seconds: 3 * 86400 }),
    });
    expect(res).toEqual({
      status: 200,
      body: { now: '2026-12-01T00:00:00.000Z', offsetMs: 3 * 86400 * 1000, fired: ['rem-doc1-1-1'] },
    });
    expect(await call('/local/test-clock/reset', { method: 'POST' })).toEqual({
      status: 200,
      body: { now: '2026-11-28T00:00:00.000Z', offsetMs: 0 },
    });
  });

  it.each([
    ['no body', undefined],
    ['not JSON', '{seconds: 1'],
    ['no seconds', '{}'],
    ['zero', '{"seconds":0}'],
    ['negative', '{"seconds":-60}'],
    ['a fraction', '{"seconds":1.5}'],
    ['a string', '{"seconds":"60"}'],
    ['past 400 days', JSON.stringify({ seconds: MAX_ADVANCE_SECONDS + 1 })],
  ])('refuses an advance with %s: 400, as the API refuses', async (_what, body) => {
    const before = advanced.length;
    const res = await call('/local/test-clock/advance', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toMatch(/^errors\.(validation|badRequest)$/);
    expect(res.body.error.requestId).toBeTruthy();
    expect(advanced.length).toBe(before);
  });

  it('takes 400 days at most', async () => {
    const res = await call('/local/test-clock/advance', {
      method: 'POST',
      body: JSON.stringify({ seconds: MAX_ADVANCE_SECONDS }),
    });
    expect(res.status).toBe(200);
    await call('/local/test-clock/reset', { method: 'POST' });
  });

  it('answers a wrong method with 405 and an unknown local path with 404', async () => {
    expect((await call('/local/test-clock/advance')).status).toBe(405);
    expect((await call('/local/test-clock', { method: 'POST' })).status).toBe(405);
    const missing = await call('/local/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('errors.routeNotFound');
  });

  it('is never a route of the deployed API', () => {
    expect(ROUTES.filter((r) => r.path.startsWith('/local/'))).toEqual([]);
  });
});

describe('the local scheduler tick', () => {
  it('is 1 s unless LOCAL_SCHEDULER_TICK_MS says otherwise, and refuses nonsense', () => {
    expect(schedulerTickMs({})).toBe(1000);
    expect(schedulerTickMs({ LOCAL_SCHEDULER_TICK_MS: '250' })).toBe(250);
    for (const bad of ['0', '5', '1.5', 'fast', '600000']) {
      expect(() => schedulerTickMs({ LOCAL_SCHEDULER_TICK_MS: bad })).toThrow(/LOCAL_SCHEDULER_TICK_MS/);
    }
  });
});
