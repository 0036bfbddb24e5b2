// Short links for SMS (issue #14): `{APP_URL}/api/s/{code}` on the product's own domain instead of a
// 100-character signer link or a 700-character presigned storage URL. The code is 72 random bits
// (12 base64url characters); the table keeps only its SHA-256 and the target sealed with AES-256-GCM
// under a key derived from the code, so a read of the table reveals no code and no signer token.
// Opening a link checks its expiry and redirects: to an SPA path (the signer page, the verify page), or
// for a final PDF to a fresh 10-minute presigned download of the document as it is now.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { ShortLinkStore } from '../adapters/dynamo/short-links';
import type { DocumentRepository } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import type { ObjectStorage } from '../ports';
import { documentFileName } from './messages';

/** 9 random bytes: 72 bits, 12 base64url characters. */
export const SHORT_CODE_BYTES = 9;
/** Download links of a completion SMS open the final PDF for this long (each opening signs anew). */
export const SHORT_DOWNLOAD_URL_SECONDS = 10 * 60;
/** The route's path; the code follows. */
export const SHORT_LINK_PATH = '/api/s/';

export type ShortLinkTarget =
  /** An SPA path on APP_URL, e.g. `/ja/outsign/{docuId}/{token}` or `/en/verify?document=…`. */
  | { kind: 'path'; path: string }
  /** The document's final (sealed) PDF. */
  | { kind: 'final'; docuId: string };

export interface ShortLinkDeps {
  readonly shortLinks: ShortLinkStore;
  readonly appUrl: string;
}

const SHORT_CODE = /^[A-Za-z0-9_-]{12}$/;

function derive(label: string, code: string): Buffer {
  return createHash('sha256').update(`signseal-short-link\0${label}\0${code}`, 'utf8').digest();
}

export function shortCodeHash(code: string): string {
  return derive('id', code).toString('hex');
}

function seal(code: string, target: ShortLinkTarget): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive('key', code), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(target), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(code: string, sealed: string): ShortLinkTarget | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', derive('key', code), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const parsed = JSON.parse(text) as ShortLinkTarget;
    if (parsed.kind === 'path' && typeof parsed.path === 'string' && parsed.path.startsWith('/'))
      return parsed;
    if (parsed.kind === 'final' && typeof parsed.docuId === 'string') return parsed;
    return null;
  } catch {
    return null;
  }
}

function base(appUrl: string): string {
  return appUrl.replace(/\/+$/, '');
}

/** Stores a new short link to `target` valid until `expiresAt`; answers its full URL. */
export async function createShortLink(
  deps: ShortLinkDeps,
  target: ShortLinkTarget,
  expiresAt: Date,
  now = new Date(),
): Promise<string> {
  const code = randomBytes(SHORT_CODE_BYTES).toString('base64url');
  await deps.shortLinks.putShortLink({
    codeHash: shortCodeHash(code),
    sealed: seal(code, target),
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    ttl: Math.floor(expiresAt.getTime() / 1000),
  });
  return `${base(deps.appUrl)}${SHORT_LINK_PATH}${code}`;
}

export interface OpenShortLinkDeps extends ShortLinkDeps {
  readonly docs: Pick<DocumentRepository, 'getDocument'>;
  readonly storage: Pick<ObjectStorage, 'presignDownload'>;
}

function invalid(): AppError {
  return new AppError('shortLinks.errors.invalid', 'This link is not valid or has expired', { status: 404 });
}

/**
 * Where a short link leads now: its target's URL, or 404 'shortLinks.errors.invalid' for a malformed,
 * unknown or expired code and for a final PDF that no longer exists (document deleted).
 */
export async function openShortLink(
  deps: OpenShortLinkDeps,
  code: string,
  now = new Date(),
): Promise<string> {
  if (!SHORT_CODE.test(code)) throw invalid();
  const record = await deps.shortLinks.getShortLink(shortCodeHash(code));
  if (!record || Date.parse(record.expiresAt) <= now.getTime()) throw invalid();
  const target = unseal(code, record.sealed);
  if (!target) throw invalid();
  if (target.kind === 'path') return `${base(deps.appUrl)}${target.path}`;
  const doc = await deps.docs.getDocument(target.docuId);
  if (!doc || doc.status !== 'Completed' || !doc.finalKey) throw invalid();
  return deps.storage.presignDownload(doc.finalKey, {
    expiresSeconds: SHORT_DOWNLOAD_URL_SECONDS,
    filename: documentFileName(doc, true),
  });
}
