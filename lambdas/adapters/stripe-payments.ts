// The payment provider (issue #18, architecture §16): the `stripe` SDK, talking to Stripe when
// deployed (keys from Secrets Manager, read once per container) and to the local Stripe-compatible
// server locally (STRIPE_API_URL → the SDK's host/port/protocol options).
// The SDKs are imported when first used, so that only the bundles of the billing routes carry them.
import type Stripe from 'stripe';
import type { Config } from '../config';
import { AppError } from '../core/errors';
import { sdkBounds } from './sdk-bounds';

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

let pending: Promise<{ stripe: Stripe; keys: StripeKeys }> | undefined;

/** Never echoes a value: they are keys. */
export function parseStripeSecret(secretId: string, value: string | undefined): StripeKeys {
  try {
    const parsed = JSON.parse(value ?? '') as Partial<StripeKeys>;
    if (typeof parsed.secretKey === 'string' && typeof parsed.webhookSecret === 'string') {
      return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret };
    }
  } catch {
    // fall through
  }
  throw new Error(
    `The secret ${secretId} does not hold JSON {"secretKey": "sk_…", "webhookSecret": "whsec_…"}.`,
  );
}

async function keysOf(c: Config): Promise<StripeKeys> {
  if (c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET) {
    return { secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET };
  }
  if (c.STRIPE_SECRET_ID) {
    const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    const res = await new SecretsManagerClient({ region: c.AWS_REGION, ...sdkBounds() })
      .send(new GetSecretValueCommand({ SecretId: c.STRIPE_SECRET_ID }))
      .catch((err: unknown) => {
        // A secret not created yet (docs/deploy.md): payments are unavailable, not a 500.
        if (err instanceof Error && err.name === 'ResourceNotFoundException') {
          throw new AppError('billing.errors.unavailable', 'The Stripe secret does not exist', {
            status: 503,
            cause: err,
          });
        }
        throw err;
      });
    return parseStripeSecret(c.STRIPE_SECRET_ID, res.SecretString);
  }
  throw new AppError('billing.errors.unavailable', 'Payments are not configured', { status: 503 });
}

/** The SDK client and the webhook secret, made once per container; a failure is retried next call. */
export function stripeClient(c: Config): Promise<{ stripe: Stripe; keys: StripeKeys }> {
  if (!pending) {
    pending = keysOf(c).then(async (keys) => {
      const { default: StripeSdk } = await import('stripe');
      const local = c.STRIPE_API_URL ? new URL(c.STRIPE_API_URL) : undefined;
      const stripe = new StripeSdk(keys.secretKey, {
        maxNetworkRetries: 2,
        timeout: 10_000,
        ...(local
          ? {
              host: local.hostname,
              port: Number(local.port || (local.protocol === 'https:' ? 443 : 80)),
              protocol: local.protocol === 'https:' ? 'https' : 'http',
            }
          : {}),
      });
      return { stripe, keys };
    });
    pending.catch(() => (pending = undefined));
  }
  return pending;
}

/** For tests and the local cloud, which change the configuration between runs. */
export function resetStripeClient(): void {
  pending = undefined;
}
