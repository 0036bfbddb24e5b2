// Every AWS SDK client's bounds on a dependency that stalls (issue #36), in one place (no SDK import,
// so any module that makes a client can take them without pulling in the others).

/**
 * A connection not made within 2 s, or a request during which nothing arrives for 4 s, fails with a
 * TimeoutError; each call is tried at most twice. A stalled DynamoDB, S3, SES, SQS, SNS, Cognito or
 * Secrets Manager thus fails an SDK call within 2 × 4 s plus the retry's back-off — under 10 s, within
 * the functions' 15 s — and the API answers 503 `errors.unavailable` with Retry-After
 * (lambdas/core/errors.ts). The 4 s are of silence, not of the whole request: a large S3 transfer
 * that keeps flowing is not cut.
 */
export const SDK_TIMEOUTS = { connectionTimeoutMs: 2000, socketTimeoutMs: 4000, maxAttempts: 2 } as const;

/** The longest an SDK call to a stalled dependency takes before it fails (both tries and a back-off). */
export const SDK_STALL_BOUND_MS = SDK_TIMEOUTS.maxAttempts * SDK_TIMEOUTS.socketTimeoutMs + 1000;

/** Options to spread into every SDK client's constructor. */
export function sdkBounds() {
  return {
    maxAttempts: SDK_TIMEOUTS.maxAttempts,
    requestHandler: {
      connectionTimeout: SDK_TIMEOUTS.connectionTimeoutMs,
      socketTimeout: SDK_TIMEOUTS.socketTimeoutMs,
    },
  };
}
