// The local S3 refuses what AWS S3 refuses in a presigned POST (issue #25 item 5): the forms are
// the product's own (S3Storage.presignUpload), posted to the local cloud's S3 endpoint as a browser
// would, and each condition of the policy is broken in turn. Nothing refused is stored.
import { randomUUID } from 'node:crypto';
import { getDeps } from '../../lambdas/deps';
import type { PresignedUpload } from '../../lambdas/ports';

const PDF = 'application/pdf';

async function form(options: { maxBytes?: number; expiresSeconds?: number; contentType?: string } = {}) {
  const key = `uploads/policy-test/${randomUUID()}.pdf`;
  const upload = await getDeps().storage.presignUpload(key, {
    contentType: options.contentType ?? PDF,
    maxBytes: options.maxBytes ?? 1000,
    expiresSeconds: options.expiresSeconds ?? 60,
  });
  return upload;
}

function post(
  upload: Pick<PresignedUpload, 'url' | 'fields'>,
  bytes: Uint8Array,
  {
    fields = {},
    url = upload.url,
    withFile = true,
    headers = {},
  }: {
    fields?: Record<string, string>;
    url?: string;
    withFile?: boolean;
    headers?: Record<string, string>;
  } = {},
) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ ...upload.fields, ...fields })) body.append(k, v);
  if (withFile) body.append('file', new Blob([bytes as BlobPart], { type: PDF }), 'contract.pdf');
  return fetch(url, { method: 'POST', body, headers });
}

async function s3Error(res: Response) {
  const xml = await res.text();
  return {
    status: res.status,
    code: /<Code>([^<]*)<\/Code>/.exec(xml)?.[1],
    message: /<Message>([^<]*)<\/Message>/.exec(xml)?.[1],
  };
}

const bytes = (n: number) => new TextEncoder().encode('%PDF-1.7 '.padEnd(n, 'x'));
const stored = (key: string) => getDeps().storage.head(key);

describe('the local S3 and presigned POST policies', () => {
  it('stores a form posted as it was signed, byte for byte', async () => {
    const upload = await form({ maxBytes: 3_000_000 });
    const file = bytes(2_500_000);
    const res = await post(upload, file);
    expect(res.status).toBe(204);
    expect(await stored(upload.key)).toMatchObject({ size: file.length, contentType: PDF });
    expect(Buffer.from(await getDeps().storage.getBytes(upload.key)).equals(Buffer.from(file))).toBe(true);
  });

  it('refuses another key than the signed one, and writes neither', async () => {
    const upload = await form();
    const other = `documents/${randomUUID()}/original.pdf`;
    const res = await s3Error(await post(upload, bytes(100), { fields: { key: other } }));
    expect(res).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(res.message).toMatch(/^Invalid according to Policy: Policy Condition failed: .*\$key/);
    expect(await stored(other)).toBeNull();
    expect(await stored(upload.key)).toBeNull();
  });

  it('refuses another content type than the signed one', async () => {
    const upload = await form({ contentType: 'video/webm' });
    const res = await s3Error(await post(upload, bytes(100), { fields: { 'Content-Type': 'text/html' } }));
    expect(res).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(res.message).toMatch(/Policy Condition failed: .*Content-Type/);
    expect(await stored(upload.key)).toBeNull();
  });

  it('refuses a file over the content-length-range, by its real size', async () => {
    const upload = await form({ maxBytes: 1000 });
    expect((await post(upload, bytes(1000))).status).toBe(204); // the limit itself is allowed
    const again = await form({ maxBytes: 1000 });
    const res = await s3Error(await post(again, bytes(1001)));
    expect(res).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(await stored(again.key)).toBeNull();
  });

  it('refuses a file far over the range without storing a byte of it', async () => {
    const upload = await form({ maxBytes: 1000 });
    const res = await s3Error(await post(upload, bytes(5_000_000)));
    expect(res).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(await stored(upload.key)).toBeNull();
  });

  it('refuses an empty file (the range starts at 1 byte)', async () => {
    const upload = await form();
    const res = await s3Error(await post(upload, new Uint8Array(0)));
    expect(res).toMatchObject({ status: 400, code: 'EntityTooSmall' });
    expect(await stored(upload.key)).toBeNull();
  });

  it('refuses a form after its expiration', async () => {
    const upload = await form({ expiresSeconds: 1 });
    const { expiration } = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString()) as {
      expiration: string;
    };
    // Waits for the policy's own expiration (second precision), not for a guessed delay.
    while (Date.now() <= Date.parse(expiration) + 50) await new Promise((r) => setTimeout(r, 200));
    const res = await s3Error(await post(upload, bytes(100)));
    expect(res).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
    expect(await stored(upload.key)).toBeNull();
  });

  it('refuses a wrong signature', async () => {
    const upload = await form();
    const signature = upload.fields['X-Amz-Signature']!;
    const wrong = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    const res = await s3Error(await post(upload, bytes(100), { fields: { 'X-Amz-Signature': wrong } }));
    expect(res).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await stored(upload.key)).toBeNull();
  });

  it('refuses a policy changed after signing (a larger range, another key)', async () => {
    const upload = await form({ maxBytes: 1000 });
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString()) as {
      conditions: unknown[];
    };
    const other = `documents/${randomUUID()}/original.pdf`;
    policy.conditions = policy.conditions.map((c) =>
      Array.isArray(c) && c[0] === 'content-length-range'
        ? ['content-length-range', 1, 100_000_000]
        : c && typeof c === 'object' && 'key' in c
          ? { key: other }
          : c,
    );
    const tampered = Buffer.from(JSON.stringify(policy)).toString('base64');
    const res = await s3Error(await post(upload, bytes(5000), { fields: { Policy: tampered, key: other } }));
    expect(res).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await stored(other)).toBeNull();
  });

  it('refuses a field the policy does not name, and a form posted to another bucket', async () => {
    const upload = await form();
    const extra = await s3Error(
      await post(upload, bytes(100), { fields: { 'x-amz-meta-note': 'not signed' } }),
    );
    expect(extra).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Extra input fields: x-amz-meta-note',
    });
    const elsewhere = new URL(upload.url);
    elsewhere.pathname = '/another-bucket';
    const bucket = await s3Error(await post(upload, bytes(100), { url: elsewhere.toString() }));
    expect(bucket).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(bucket.message).toMatch(/Policy Condition failed: .*bucket/);
    expect(await stored(upload.key)).toBeNull();
  });

  it('refuses a form without a file, without a policy, and unsigned requests', async () => {
    const upload = await form();
    expect(await s3Error(await post(upload, bytes(1), { withFile: false }))).toMatchObject({
      status: 400,
      code: 'InvalidArgument',
    });
    const anonymous = new FormData();
    anonymous.append('key', upload.key);
    anonymous.append('file', new Blob(['%PDF-1.7']), 'a.pdf');
    expect(await s3Error(await fetch(upload.url, { method: 'POST', body: anonymous }))).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
    const objectUrl = `${upload.url}/${upload.key}`;
    expect((await fetch(objectUrl, { method: 'PUT', body: 'unsigned' })).status).toBe(403);
    expect((await fetch(objectUrl)).status).toBe(403);
    expect(await stored(upload.key)).toBeNull();
  });

  it('answers a refusal with the CORS headers the bucket gives the app, so the browser can read it', async () => {
    const upload = await form();
    const origin = new URL(process.env.TEST_APP_URL!).origin;
    const res = await post(upload, bytes(100), {
      fields: { 'Content-Type': 'text/html' },
      headers: { origin },
    });
    expect(res.status).toBe(403);
    // What s3rver answers that origin for the bucket (its CORS rules), on the refusal too.
    expect([origin, '*']).toContain(res.headers.get('access-control-allow-origin'));
  });
});
