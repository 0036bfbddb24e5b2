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
