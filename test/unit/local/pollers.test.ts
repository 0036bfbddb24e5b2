// The local pollers retry a failed job the way SQS does: once the queue's visibility timeout (the
// CDK's, shared/infra/definitions.ts QUEUES) has passed since it was received, on the local clock.
import { QUEUES } from '../../../shared/infra/definitions';
import { DEFAULT_JOB_TIME_SCALE, jobTimeScale, retryDelaySeconds } from '../../../local/pollers';

describe('local job retries', () => {
  it('wait each queue’s own visibility timeout, scaled by LOCAL_JOB_TIME_SCALE', () => {
    for (const queue of ['seal', 'anchor', 'notify', 'bulk', 'schedule'] as const) {
      expect(retryDelaySeconds(queue, 1, 0)).toBe(QUEUES[queue].visibilityTimeoutSeconds);
      expect(retryDelaySeconds(queue, 0.05, 0)).toBe(
        Math.ceil(QUEUES[queue].visibilityTimeoutSeconds * 0.05),
      );
    }
    expect(retryDelaySeconds('notify', 0.05, 0)).toBe(3);
    expect(retryDelaySeconds('seal', 0.05, 0)).toBe(9);
  });

  it('count the timeout from the receive, as SQS does, and never below zero', () => {
    expect(retryDelaySeconds('seal', 0.05, 4000)).toBe(5);
    expect(retryDelaySeconds('notify', 0.05, 60_000)).toBe(0);
    expect(retryDelaySeconds('notify', 1, 59_500)).toBe(1);
  });

  it('read the factor from LOCAL_JOB_TIME_SCALE, with a default, and refuse nonsense', () => {
    expect(jobTimeScale({})).toBe(DEFAULT_JOB_TIME_SCALE);
    expect(jobTimeScale({ LOCAL_JOB_TIME_SCALE: '' })).toBe(DEFAULT_JOB_TIME_SCALE);
    expect(jobTimeScale({ LOCAL_JOB_TIME_SCALE: '1' })).toBe(1);
    expect(jobTimeScale({ LOCAL_JOB_TIME_SCALE: '0.01' })).toBe(0.01);
    for (const bad of ['0', '-1', '2', 'fast']) {
      expect(() => jobTimeScale({ LOCAL_JOB_TIME_SCALE: bad })).toThrow(/LOCAL_JOB_TIME_SCALE/);
    }
  });
});
