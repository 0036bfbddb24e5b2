import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  webhookRetryDelaySeconds,
} from '../../../shared/domain/webhooks';
import { QUEUES } from '../../../shared/infra/definitions';

describe('the webhook retry schedule', () => {
  it('backs off exponentially-ish for up to a day, each wait under SQS’s 12-hour visibility cap', () => {
    expect(WEBHOOK_RETRY_SCHEDULE_SECONDS).toEqual([5, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800]);
    for (let i = 1; i < WEBHOOK_RETRY_SCHEDULE_SECONDS.length; i++) {
      expect(WEBHOOK_RETRY_SCHEDULE_SECONDS[i]).toBeGreaterThanOrEqual(
        WEBHOOK_RETRY_SCHEDULE_SECONDS[i - 1]!,
      );
    }
    expect(Math.max(...WEBHOOK_RETRY_SCHEDULE_SECONDS)).toBeLessThanOrEqual(12 * 3600);
    const total = WEBHOOK_RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20 * 3600);
    expect(total).toBeLessThanOrEqual(24 * 3600);
  });

  it('gives the wait after each failed attempt, none after the last; the queue dead-letters after it', () => {
    expect(webhookRetryDelaySeconds(1)).toBe(5);
    expect(webhookRetryDelaySeconds(2)).toBe(30);
    expect(webhookRetryDelaySeconds(10)).toBe(28800);
    expect(webhookRetryDelaySeconds(11)).toBeNull();
    expect(webhookRetryDelaySeconds(0)).toBeNull();
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(11);
    expect(QUEUES.webhook.maxReceiveCount).toBe(WEBHOOK_MAX_ATTEMPTS);
    expect(QUEUES.webhook.workerSetsRetryDelay).toBe(true);
    expect(QUEUES.webhook.visibilityTimeoutSeconds).toBeGreaterThan(QUEUES.webhook.workerTimeoutSeconds);
  });

  it('scales down on the local clock, never below one second', () => {
    expect(webhookRetryDelaySeconds(1, 0.05)).toBe(1);
    expect(webhookRetryDelaySeconds(2, 0.05)).toBe(2);
    expect(webhookRetryDelaySeconds(3, 0.05)).toBe(6);
    expect(webhookRetryDelaySeconds(10, 0.01)).toBe(288);
  });
});
