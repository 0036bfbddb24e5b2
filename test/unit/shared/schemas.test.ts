import { ROUTES } from '../../../shared/api/routes';
import {
  API_SCHEMAS,
  errorBodySchema,
  healthResponseSchema,
  meResponseSchema,
  type ApiResponse,
} from '../../../shared/api/schemas';
import { isMessageKey } from '../../../shared/i18n';

describe('the error body', () => {
  it('carries a message key, an English message and the request id', () => {
    const body = { error: { code: 'errors.notFound', message: 'Document not found', requestId: 'r-1' } };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(isMessageKey(body.error.code)).toBe(true);
  });

  it('may carry details, e.g. the refused fields of a validation error', () => {
    const body = {
      error: {
        code: 'errors.validation',
        message: 'Invalid request body',
        details: [{ path: 'body.title', message: 'Too long', code: 'too_big' }],
      },
    };
    expect(errorBodySchema.safeParse(body).success).toBe(true);
  });

  it('is refused without a code', () => {
    expect(errorBodySchema.safeParse({ error: { message: 'x' } }).success).toBe(false);
    expect(errorBodySchema.safeParse({ error: { code: '', message: 'x' } }).success).toBe(false);
  });
});

describe('the health response', () => {
  const healthy = {
    status: 'ok',
    checks: { database: { ok: true, latencyMs: 3 }, storage: { ok: true, latencyMs: 5 } },
    version: '0.1.0',
    time: '2025-01-31T09:30:00.000Z',
  };

  it('lists one check per dependency', () => {
    expect(healthResponseSchema.parse(healthy)).toEqual(healthy);
  });

  it('reports a failed dependency with its error', () => {
    const degraded = {
      ...healthy,
      status: 'degraded',
      checks: { ...healthy.checks, mail: { ok: false, latencyMs: 1000, error: 'timeout' } },
    };
    expect(healthResponseSchema.safeParse(degraded).success).toBe(true);
  });

  it('refuses an unknown status, a negative latency or a time that is not ISO', () => {
    expect(healthResponseSchema.safeParse({ ...healthy, status: 'down' }).success).toBe(false);
    expect(
      healthResponseSchema.safeParse({ ...healthy, checks: { db: { ok: true, latencyMs: -1 } } }).success,
    ).toBe(false);
    expect(healthResponseSchema.safeParse({ ...healthy, time: 'yesterday' }).success).toBe(false);
  });
});

describe('the profile of the signed-in user', () => {
  const me: ApiResponse<typeof API_SCHEMAS.GetMe> = {
    userId: 'u-1',
    email: 'hanako@example.com',
    emailVerified: true,
    name: 'Hanako',
    phone: null,
    walletAddress: null,
    plan: 'trial',
    validDate: '2025-03-02T00:00:00.000Z',
    availableTickets: 5,
    routingDefaults: { reminders: null, expiryDays: null, allowDelegation: false },
    isAdmin: false,
    consentsRequired: false,
    createdAt: '2025-01-31T00:00:00.000Z',
    lastLoginAt: null,
  };

  it('holds the plan basics', () => {
    expect(meResponseSchema.parse(me)).toEqual(me);
  });

  it('only knows the spec plan keys', () => {
    expect(meResponseSchema.safeParse({ ...me, plan: 'year_standard' }).success).toBe(true);
    expect(meResponseSchema.safeParse({ ...me, plan: 'price_onetime' }).success).toBe(false);
    expect(meResponseSchema.safeParse({ ...me, plan: 'gold' }).success).toBe(false);
  });

  it('refuses a negative number of tickets', () => {
    expect(meResponseSchema.safeParse({ ...me, availableTickets: -1 }).success).toBe(false);
  });
});

describe('endpoint schemas', () => {
  it('are keyed by route ids of the route table', () => {
    const ids = new Set(ROUTES.map((r) => r.id));
    for (const id of Object.keys(API_SCHEMAS)) expect(ids.has(id)).toBe(true);
  });
});
