// The repository's conditional writes against DynamoDB Local.
import { randomUUID } from 'node:crypto';
import { getDeps } from '../../lambdas/deps';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('job claims', () => {
  it('hold a key while their lease runs, free it when a worker died mid-job, and close it once done', async () => {
    const repo = getDeps().repo;
    const key = `test#${randomUUID()}`;
    expect(await repo.claim(key, 3600, 1)).toBe(true);
    expect(await repo.claim(key, 3600, 1)).toBe(false); // another delivery while the first runs
    await sleep(1100);
    expect(await repo.claim(key, 3600, 1)).toBe(true); // the first worker died: its lease ran out
    await repo.complete(key);
    await sleep(1100);
    expect(await repo.claim(key, 3600, 1)).toBe(false); // done is done
  });

  it('can be given back after a failure so the retry runs at once', async () => {
    const repo = getDeps().repo;
    const key = `test#${randomUUID()}`;
    expect(await repo.claim(key, 3600)).toBe(true);
    await repo.release(key);
    expect(await repo.claim(key, 3600)).toBe(true);
  });
});

describe('users', () => {
  it('are created once: a second create returns the stored record unchanged', async () => {
    const repo = getDeps().repo;
    const userId = randomUUID();
    const base = {
      userId,
      email: `${userId}@example.com`,
      name: '김민준',
      plan: 'trial' as const,
      validDate: '2026-12-22T00:00:00.000Z',
      availableTickets: 5,
      createdAt: '2026-11-22T00:00:00.000Z',
    };
    const first = await repo.createIfAbsent(base);
    const second = await repo.createIfAbsent({ ...base, name: 'Someone Else', availableTickets: 99 });
    expect(second.name).toBe('김민준');
    expect(second.availableTickets).toBe(5);
    expect(await repo.getById(userId)).toMatchObject({ name: first.name, email: base.email });
  });
});
