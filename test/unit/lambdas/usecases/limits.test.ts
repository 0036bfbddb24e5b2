// Abuse limits (issue #13 defects 3 and 8, architecture §18): the table of limits and its real
// defaults, the window logic (a window starts at a counter's first use, all counters of a call or
// none, concurrent writes retried), the 429 it answers, the config overrides and the sign-image
// data check.
import { deflateSync } from 'node:zlib';
import { ConfigError, parseConfig } from '../../../../lambdas/config';
import { isAppError, type AppError } from '../../../../lambdas/core/errors';
import { errorToResponse } from '../../../../lambdas/core/http';
import { createLogger } from '../../../../lambdas/core/logger';
import {
  counterId,
  DEFAULT_LIMITS,
  enforceLimits,
  limitTable,
  LIMIT_RULES,
  mergeHits,
  messageHits,
  planLimits,
  tooManyRequests,
  type LimitHit,
} from '../../../../lambdas/usecases/limits';
import { checkSignPng } from '../../../../lambdas/usecases/sign-images';
import { makePng, pngWithData } from '../../../support/png';
import { memoryLimits } from '../rate-limiter-fake';

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (isAppError(err)) return err;
    throw err;
  }
  throw new Error('the call was not refused');
}

describe('the table of limits', () => {
  it('has the real defaults', () => {
    expect(DEFAULT_LIMITS).toEqual({
      smsPerOwner: { limit: 100, windowSeconds: 3600 },
      bulkSendsPerOwner: { limit: 20, windowSeconds: 3600 },
      commentsPerAuthor: { limit: 60, windowSeconds: 3600 },
      brandLogosPerOwner: { limit: 20, windowSeconds: 3600 },
      apiKeysPerOwner: { limit: 50, windowSeconds: 3600 },

      webhookSendsPerOwner: { limit: 60, windowSeconds: 3600 },
      emailsPerOwner: { limit: 300, windowSeconds: 3600 },
      messagesPerRecipient: { limit: 20, windowSeconds: 3600 },
      resendsPerRecipient: { limit: 5, windowSeconds: 3600 },
      resendInterval: { limit: 1, windowSeconds: 60 },
      finalMailsPerOwner: { limit: 20, windowSeconds: 3600 },
      finalMailsPerAddress: { limit: 5, windowSeconds: 86400 },
      signImagesPerLink: { limit: 10, windowSeconds: 30 * 86400 },
      signImagesPerSigner: { limit: 50, windowSeconds: 86400 },
      signImagesPerOwner: { limit: 30, windowSeconds: 3600 },
      videoSessionsPerRecipient: { limit: 20, windowSeconds: 3600 },
      videoMobileLinksPerRecipient: { limit: 20, windowSeconds: 3600 },
      uploadFormsPerOwner: { limit: 60, windowSeconds: 3600 },
      uploadFormsPerDocument: { limit: 10, windowSeconds: 3600 },
      attachmentFormsPerLink: { limit: 30, windowSeconds: 3600 },
      attachmentFormsPerSigner: { limit: 60, windowSeconds: 3600 },
      verificationCodesPerUser: { limit: 5, windowSeconds: 3600 },
      verificationCodesPerAddress: { limit: 5, windowSeconds: 3600 },
      embedSessionsPerRecipient: { limit: 60, windowSeconds: 3600 },
      walletChallengesPerUser: { limit: 30, windowSeconds: 3600 },
    });
    expect(limitTable()).toEqual(DEFAULT_LIMITS);
  });

  it('takes overrides of a limit or a window, keeping the other defaults', () => {
    const table = limitTable({ smsPerOwner: { limit: 3 }, resendInterval: { windowSeconds: 120 } });
    expect(table.smsPerOwner).toEqual({ limit: 3, windowSeconds: 3600 });
    expect(table.resendInterval).toEqual({ limit: 1, windowSeconds: 120 });
    expect(table.emailsPerOwner).toEqual(DEFAULT_LIMITS.emailsPerOwner);
  });

  it('is overridden by RATE_LIMITS in the configuration, and a bad entry names the variable', () => {
    const env = {
      TABLE_NAME: 't',
      DOCUMENTS_BUCKET: 'b',
      SEAL_QUEUE_URL: 'https://q/seal',
      ANCHOR_QUEUE_URL: 'https://q/anchor',
      NOTIFY_QUEUE_URL: 'https://q/notify',
      BULK_QUEUE_URL: 'https://q/bulk',
      SCHEDULE_QUEUE_URL: 'https://q/schedule',
      TSA_URLS: 'https://tsa.example/tsr',
      USER_POOL_ID: 'p',
      USER_POOL_CLIENT_ID: 'c',
      MAIL_FROM: 'x@example.com',
      APP_URL: 'https://app.example.com',
    };
    expect(parseConfig(env).RATE_LIMITS).toEqual({});
    const c = parseConfig({ ...env, RATE_LIMITS: 'smsPerOwner=5/60, resendInterval=2' });
    expect(limitTable(c.RATE_LIMITS).smsPerOwner).toEqual({ limit: 5, windowSeconds: 60 });
    expect(limitTable(c.RATE_LIMITS).resendInterval).toEqual({ limit: 2, windowSeconds: 60 });
    for (const bad of ['nope=1', 'smsPerOwner=0', 'smsPerOwner=1/0', 'smsPerOwner']) {
      expect(() => parseConfig({ ...env, RATE_LIMITS: bad })).toThrow(ConfigError);
      expect(() => parseConfig({ ...env, RATE_LIMITS: bad })).toThrow(/RATE_LIMITS/);
    }
  });
});

describe('counter ids', () => {
  it('hold the rule and a SHA-256 of the key, never the contact itself', () => {
    const id = counterId('finalMailsPerAddress', 'someone@example.com');
    expect(id).toMatch(/^finalMailsPerAddress#[0-9a-f]{64}$/);
    expect(id).not.toContain('someone');
    expect(counterId('smsPerOwner', '+819012345678')).not.toContain('9012345678');
    expect(counterId('smsPerOwner', 'a')).not.toBe(counterId('emailsPerOwner', 'a'));
  });
});

describe('the window logic (planLimits)', () => {
  const rules = limitTable({ smsPerOwner: { limit: 3, windowSeconds: 60 } });
  const hit = (amount: number): LimitHit[] => [{ rule: 'smsPerOwner', key: 'owner', amount }];
  const id = counterId('smsPerOwner', 'owner');

  it('starts a window at the first use and counts within it', () => {
    const first = planLimits(mergeHits(rules, hit(2)), new Map(), T0);
    expect(first).toEqual({
      ok: true,
      writes: [{ id, expected: null, next: { count: 2, windowEnd: T0 + 60_000 } }],
    });
    const seen = { count: 2, windowEnd: T0 + 60_000 };
    const second = planLimits(mergeHits(rules, hit(1)), new Map([[id, seen]]), T0 + 30_000);
    expect(second).toEqual({
      ok: true,
      writes: [{ id, expected: seen, next: { count: 3, windowEnd: T0 + 60_000 } }],
    });
  });

  it('refuses what would go over, with when the window ends', () => {
    const seen = new Map([[id, { count: 2, windowEnd: T0 + 60_000 }]]);
    expect(planLimits(mergeHits(rules, hit(2)), seen, T0 + 1000)).toEqual({
      ok: false,
      refused: [{ rule: 'smsPerOwner', limit: 3, resetsAt: T0 + 60_000 }],
    });
    // More at once than the limit itself: refused even on an empty counter.
    expect(planLimits(mergeHits(rules, hit(4)), new Map(), T0)).toMatchObject({ ok: false });
  });

  it('starts a new window once the old one ended', () => {
    const old = { count: 3, windowEnd: T0 + 60_000 };
    expect(planLimits(mergeHits(rules, hit(3)), new Map([[id, old]]), T0 + 60_000)).toEqual({
      ok: true,
      writes: [{ id, expected: old, next: { count: 3, windowEnd: T0 + 120_000 } }],
    });
  });

  it('merges the same counter named twice and skips amounts of 0', () => {
    const merged = mergeHits(rules, [
      { rule: 'messagesPerRecipient', key: '+1' },
      { rule: 'messagesPerRecipient', key: '+1' },
      { rule: 'smsPerOwner', key: 'o', amount: 0 },
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ rule: 'messagesPerRecipient', amount: 2 });
  });

  it('counts a send: one SMS or e-mail of the owner per contractor, one message per contact', () => {
    const hits = messageHits('owner', [
      { contact: '+15551230001', method: 'phone' },
      { contact: '+15551230002', method: 'phone' },
      { contact: 'a@example.com', method: 'email' },
    ]);
    expect(hits).toEqual([
      { rule: 'smsPerOwner', key: 'owner', amount: 2 },
      { rule: 'emailsPerOwner', key: 'owner', amount: 1 },
      { rule: 'messagesPerRecipient', key: '+15551230001' },
      { rule: 'messagesPerRecipient', key: '+15551230002' },
      { rule: 'messagesPerRecipient', key: 'a@example.com' },
    ]);
  });
});

describe('enforceLimits', () => {
  it('refuses a second resend within 60 s with 429, Retry-After and the message key (real defaults)', async () => {
    const limits = memoryLimits();
    let now = T0;
    const resend = () =>
      enforceLimits(
        limits,
        [
          { rule: 'resendsPerRecipient', key: '+15551230001' },
          { rule: 'resendInterval', key: '+15551230001' },
        ],
        () => now,
      );
    await resend();
    now += 10_000;
    const err = await refusal(resend());
    expect(err.status).toBe(429);
    expect(err.code).toBe('errors.tooManyRequests');
    expect(err.details).toEqual({ rule: 'resendInterval', limit: 1, retryAfterSeconds: 50, minutes: 1 });
    expect(err.headers).toEqual({ 'retry-after': '50' });
    // Four more, a minute apart, reach the hourly 5; the sixth waits for the hour's window.
    for (let i = 0; i < 4; i++) {
      now += 60_000;
      await resend();
    }
    now += 60_000;
    const hourly = await refusal(resend());
    expect(hourly.details).toMatchObject({ rule: 'resendsPerRecipient', limit: 5 });
    expect((hourly.details as { retryAfterSeconds: number }).retryAfterSeconds).toBe(3600 - 310);
  });

  it('counts all the counters of a call or none of them', async () => {
    const limits = memoryLimits();
    const recipient = (contact: string): LimitHit[] => messageHits('owner', [{ contact, method: 'phone' }]);
    for (let i = 0; i < 20; i++) await enforceLimits(limits, recipient('+15551230009'), () => T0);
    const owner = counterId('smsPerOwner', 'owner');
    expect(limits.limiter.counters.get(owner)?.count).toBe(20);
    const err = await refusal(enforceLimits(limits, recipient('+15551230009'), () => T0));
    expect(err.details).toMatchObject({ rule: 'messagesPerRecipient', limit: 20 });
    // The owner's budget did not pay for the refused message.
    expect(limits.limiter.counters.get(owner)?.count).toBe(20);
  });

  it("refuses a whole send that would exceed the owner's SMS budget (a send of N counts N)", async () => {
    const limits = memoryLimits();
    const contractors = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({
        contact: `+1555${String(from + i).padStart(7, '0')}`,
        method: 'phone' as const,
      }));
    await enforceLimits(limits, messageHits('owner', contractors(40, 0)), () => T0);
    await enforceLimits(limits, messageHits('owner', contractors(40, 100)), () => T0);
    const err = await refusal(enforceLimits(limits, messageHits('owner', contractors(40, 200)), () => T0));
    expect(err.details).toMatchObject({ rule: 'smsPerOwner', limit: 100, retryAfterSeconds: 3600 });
    expect(limits.limiter.counters.get(counterId('messagesPerRecipient', '+15550000200'))).toBeUndefined();
    await enforceLimits(limits, messageHits('owner', contractors(20, 200)), () => T0);
    expect(limits.limiter.counters.get(counterId('smsPerOwner', 'owner'))?.count).toBe(100);
  });

  it('answers its own message for the sign images of one link', async () => {
    const limits = memoryLimits();
    for (let i = 0; i < 10; i++)
      await enforceLimits(limits, [{ rule: 'signImagesPerLink', key: 'h' }], () => T0);
    const err = await refusal(enforceLimits(limits, [{ rule: 'signImagesPerLink', key: 'h' }], () => T0));
    expect({ status: err.status, code: err.code }).toEqual({
      status: 429,
      code: 'signing.errors.tooManySignImages',
    });
    expect(err.details).toMatchObject({ limit: 10 });
  });

  it('reads again when a concurrent call changed the counters, and gives up with a short 429', async () => {
    const limits = memoryLimits();
    limits.limiter.conflicts = 3;
    await enforceLimits(limits, [{ rule: 'finalMailsPerOwner', key: 'o' }], () => T0);
    expect(limits.limiter.counters.get(counterId('finalMailsPerOwner', 'o'))?.count).toBe(1);
    limits.limiter.conflicts = 1000;
    const err = await refusal(enforceLimits(limits, [{ rule: 'finalMailsPerOwner', key: 'o' }], () => T0));
    expect(err.status).toBe(429);
    expect(err.details).toMatchObject({ retryAfterSeconds: 1 });
  });

  it('never counts past a limit when calls race', async () => {
    const limits = memoryLimits();
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => enforceLimits(limits, [{ rule: 'finalMailsPerAddress', key: 'x' }])),
    );
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(5);
    expect(limits.limiter.counters.get(counterId('finalMailsPerAddress', 'x'))?.count).toBeLessThanOrEqual(5);
  });

  it('becomes a 429 response with Retry-After and the details the SPA interpolates', () => {
    const err = tooManyRequests([{ rule: 'smsPerOwner', limit: 100, resetsAt: T0 + 90_500 }], T0);
    const res = errorToResponse(err, 'req-1', createLogger()) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('91');
    expect(JSON.parse(res.body).error).toMatchObject({
      code: 'errors.tooManyRequests',
      details: { rule: 'smsPerOwner', limit: 100, retryAfterSeconds: 91, minutes: 2 },
    });
  });

  it('knows every rule it names', () => {
    expect(LIMIT_RULES).toContain('verificationCodesPerAddress');
  });
});

describe('sign images: the image data must inflate to the image size', () => {
  it('accepts real PNGs, also 8-bit grey', () => {
    expect(checkSignPng(makePng(60, 30))).toMatchObject({ ok: true });
    const grey = Buffer.alloc((60 + 1) * 30);
    expect(
      checkSignPng(pngWithData({ width: 60, height: 30, colorType: 0 }, deflateSync(grey))),
    ).toMatchObject({
      ok: true,
    });
  });

  it('refuses a small file that inflates to far more than its rows (a decompression bomb)', () => {
    const bomb = deflateSync(Buffer.alloc(40_000_000), { level: 9 });
    expect(bomb.length).toBeLessThan(1_000_000);
    const res = checkSignPng(pngWithData({ width: 100, height: 50 }, bomb));
    expect(res).toEqual({ ok: false, reason: 'image data does not inflate to the image size' });
  });

  it('refuses image data that is damaged or too short, and a file without its end', () => {
    expect(
      checkSignPng(pngWithData({ width: 60, height: 30 }, Buffer.from('not zlib at all'))),
    ).toMatchObject({
      ok: false,
    });
    const short = deflateSync(Buffer.alloc(10));
    expect(checkSignPng(pngWithData({ width: 60, height: 30 }, short))).toEqual({
      ok: false,
      reason: 'image data does not match the image size',
    });
    const png = Buffer.from(makePng(60, 30));
    expect(checkSignPng(png.subarray(0, png.length - 12))).toMatchObject({ ok: false });
    expect(
      checkSignPng(pngWithData({ width: 60, height: 30, colorType: 5 }, deflateSync(Buffer.alloc(10)))),
    ).toMatchObject({
      ok: false,
      reason: 'unknown colour type',
    });
  });
});
