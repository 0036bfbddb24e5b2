// The service's sealing identity (issue #6): a PKCS#12 bundle and its passphrase, as JSON
// `{ "p12Base64": "...", "passphrase": "..." }` — in AWS the value of a Secrets Manager secret that
// the operator creates (docs/deploy.md), locally a file the local cloud generates on first start.
import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import type { ServiceSigner } from '../sealing/types';
import { sdkBounds } from './sdk-bounds';

const signerJson = z.object({ p12Base64: z.string().min(100), passphrase: z.string() });

export function parseServiceSigner(text: string, source: string): ServiceSigner {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`The sealing key in ${source} is not JSON`);
  }
  const parsed = signerJson.safeParse(value);
  if (!parsed.success) throw new Error(`The sealing key in ${source} lacks p12Base64 or passphrase`);
  return {
    p12: new Uint8Array(Buffer.from(parsed.data.p12Base64, 'base64')),
    passphrase: parsed.data.passphrase,
  };
}

export function serializeServiceSigner(signer: ServiceSigner): string {
  return JSON.stringify({
    p12Base64: Buffer.from(signer.p12).toString('base64'),
    passphrase: signer.passphrase,
  });
}

/** Loads the signer once per process from a file (local) or a secret (AWS). */
export function serviceSignerLoader(source: {
  file?: string;
  secretId?: string;
}): () => Promise<ServiceSigner> {
  let cached: Promise<ServiceSigner> | undefined;
  return () => {
    cached ??= (async () => {
      if (source.file) return parseServiceSigner(await readFile(source.file, 'utf8'), source.file);
      if (source.secretId) {
        const res = await new SecretsManagerClient(sdkBounds()).send(
          new GetSecretValueCommand({ SecretId: source.secretId }),
        );
        if (!res.SecretString) throw new Error('The sealing key secret has no string value');
        return parseServiceSigner(res.SecretString, 'the sealing key secret');
      }
      throw new Error('No sealing key configured (SEAL_SIGNER_FILE or SEAL_SIGNER_SECRET_ID)');
    })();
    cached.catch(() => {
      cached = undefined;
    });
    return cached;
  };
}
