// One error type for everything the server refuses on purpose. `code` is an i18n message key of the
// shared catalogues (the SPA translates it); `message` is English for logs and API clients.

export const ERROR_STATUS = {
  'errors.badRequest': 400,
  'errors.validation': 400,
  'errors.unauthorized': 401,
  'errors.forbidden': 403,
  'errors.notFound': 404,
  'errors.routeNotFound': 404,
  'errors.methodNotAllowed': 405,
  'errors.conflict': 409,
  'errors.invalidTransition': 409,
  'errors.payloadTooLarge': 413,
  'errors.unsupportedMediaType': 415,
  'errors.tooManyRequests': 429,
  'errors.internal': 500,
  'errors.unavailable': 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;

  constructor(
    /** A key of ERROR_STATUS, or a more specific message key from the catalogue with an explicit status. */
    readonly code: ErrorCode | (string & {}),
    message: string,
    options: {
      status?: number;
      details?: unknown;
      cause?: unknown;
      /** Response headers, e.g. Retry-After of a 429. */
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? ERROR_STATUS[code as ErrorCode] ?? 400;
    this.details = options.details;
    this.headers = options.headers;
  }

  readonly details: unknown;
  readonly headers: Record<string, string> | undefined;
}

/** Code of the internal 409 when another send (or a webhook) changed the owner's entitlements between
 *  the read and the conditional write (issue #18): the send reads them again. */
export const ENTITLEMENT_CONFLICT = 'entitlementConflict';

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Seconds a caller is asked to wait (Retry-After) when a dependency did not answer (issue #36). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Node's codes of a connection that failed or broke (not a name that does not resolve: that stays). */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** AWS's names of "too many requests, slow down", across services. */
const THROTTLING_ERROR_NAMES = new Set([
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
]);

type SdkLikeError = Error & { code?: string; $metadata?: { httpStatusCode?: number }; $fault?: string };

function isTransient(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const e = err as SdkLikeError;
  return (
    e.name === 'TimeoutError' ||
    NETWORK_ERROR_CODES.has(e.code ?? '') ||
    THROTTLING_ERROR_NAMES.has(e.name) ||
    (e.$fault === 'server' && (e.$metadata?.httpStatusCode ?? 0) >= 500)
  );
}

/**
 * A dependency that stalled, refused the connection, throttled or failed on its side (the SDK's
 * timeouts and tries, lambdas/adapters/sdk-bounds.ts, are spent): 503 errors.unavailable with
 * Retry-After, which the SPA translates; the caller may try again. Anything else: undefined.
 */
export function unavailableError(err: unknown): AppError | undefined {
  if (isAppError(err)) return undefined;
  if (!isTransient(err) && !isTransient((err as { cause?: unknown } | null)?.cause)) return undefined;
  return new AppError(
    'errors.unavailable',
    'A service this request needs did not answer; try again shortly',
    {
      cause: err,
      details: { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    },
  );
}
