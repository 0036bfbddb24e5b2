// The minter's private key when deployed: a Secrets Manager secret (architecture §9), read once per
// Lambda container. The secret holds the hex key, or JSON with a `privateKey` field.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { sdkBounds } from '../adapters/sdk-bounds';

let client: SecretsManagerClient | undefined;
const keys = new Map<string, Promise<string>>();

export function parseMinterSecret(secretId: string, value: string | undefined): string {
  let key = value?.trim() ?? '';
  if (key.startsWith('{')) {
    try {
      key = String((JSON.parse(key) as { privateKey?: unknown }).privateKey ?? '');
    } catch {
      key = '';
    }
  }
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key)) {
    // Never echo the value: it is a key, however malformed.
    throw new Error(
      `The secret ${secretId} does not hold a minter key (a 32-byte hex private key, or JSON {"privateKey": "0x…"}).`,
    );
  }
  return key.startsWith('0x') ? key : `0x${key}`;
}

/** The key in `secretId`, fetched once per container; a failed fetch is retried on the next call. */
export function minterKeyFromSecret(secretId: string, region?: string): Promise<string> {
  let pending = keys.get(secretId);
  if (!pending) {
    client ??= new SecretsManagerClient({ region, ...sdkBounds() });
    pending = client
      .send(new GetSecretValueCommand({ SecretId: secretId }))
      .then((res) => parseMinterSecret(secretId, res.SecretString));
    pending.catch(() => keys.delete(secretId));
    keys.set(secretId, pending);
  }
  return pending;
}
