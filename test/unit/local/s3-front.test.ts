// The local S3 front's policy check and form reader (issue #25 item 5), on forms made by the same
// presigner the product uses; the real cloud is tested in test/integration/local-s3-policy.test.ts.
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { UploadFormReader, checkPostPolicy, type PostedForm } from '../../../local/s3-front';

const credentials = { S3RVER: 'S3RVER' };
const client = new S3Client({
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

async function signed(maxBytes = 1000, expires = 60) {
  const { fields } = await createPresignedPost(client, {
    Bucket: 'docs',
    Key: 'uploads/a.pdf',
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', 'application/pdf'],
    ],
    Fields: { 'Content-Type': 'application/pdf' },
    Expires: expires,
  });
  return fields;
}

const posted = (fields: Record<string, string>, fileSize?: number, bucket = 'docs'): PostedForm => ({
  bucket,
  fields: Object.entries(fields),
  ...(fileSize === undefined ? {} : { fileSize }),
});

describe('checkPostPolicy', () => {
  it('accepts the form as signed, up to the limit itself', async () => {
    const fields = await signed();
    expect(checkPostPolicy(posted(fields, 1000), credentials)).toBeNull();
    expect(checkPostPolicy(posted(fields, 1), credentials)).toBeNull();
  });

  it.each([
    ['another key', { key: 'documents/x.pdf' }, 403, 'AccessDenied'],
    ['another content type', { 'Content-Type': 'text/html' }, 403, 'AccessDenied'],
    ['an unsigned field', { 'x-amz-meta-a': 'b' }, 403, 'AccessDenied'],
    ['a wrong signature', { 'X-Amz-Signature': '0'.repeat(64) }, 403, 'SignatureDoesNotMatch'],
    [
      'an unknown access key',
      { 'X-Amz-Credential': 'OTHER/20261127/us-east-1/s3/aws4_request' },
      403,
      'InvalidAccessKeyId',
    ],
  ])('refuses %s', async (_name, change, status, code) => {
    const fields = { ...(await signed()), ...change };
    expect(checkPostPolicy(posted(fields, 10), credentials)).toMatchObject({ status, code });
  });

  it('refuses a size outside content-length-range', async () => {
    const fields = await signed(1000);
    expect(checkPostPolicy(posted(fields, 1001), credentials)).toMatchObject({
      status: 400,
      code: 'EntityTooLarge',
      details: { ProposedSize: 1001, MaxSizeAllowed: 1000 },
    });
    expect(checkPostPolicy(posted(fields, 0), credentials)).toMatchObject({
      status: 400,
      code: 'EntityTooSmall',
    });
  });

  it('refuses after the expiration, another bucket, a changed policy and a missing one', async () => {
    const fields = await signed(1000, 60);
    expect(checkPostPolicy(posted(fields, 10), credentials, Date.now() + 61_000)).toMatchObject({
      status: 403,
      message: 'Invalid according to Policy: Policy expired.',
    });
    expect(checkPostPolicy(posted(fields, 10, 'other'), credentials)).toMatchObject({ status: 403 });
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString()) as { expiration: string };
    policy.expiration = '2099-01-01T00:00:00Z';
    const changed = { ...fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64') };
    expect(checkPostPolicy(posted(changed, 10), credentials)).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    const { Policy: _policy, ...anonymous } = fields;
    expect(checkPostPolicy(posted(anonymous, 10), credentials)).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
  });
});

function multipart(fields: Record<string, string>, file: Buffer, boundary: string): Buffer {
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(
      parts.join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="after"\r\n\r\nx\r\n--${boundary}--\r\n`,
    ),
  ]);
}

describe('UploadFormReader', () => {
  it.each([1, 7, 64, 100_000])('reads the fields and counts the file, in chunks of %i bytes', (size) => {
    const boundary = '----formdata-undici-0123456789';
    // The file holds near-delimiters: they are data, not the end of the part.
    const file = Buffer.from(`%PDF\r\n--${boundary.slice(0, -1)}\r\n-- ${'x'.repeat(5000)}\r\n--`);
    const body = multipart({ key: 'uploads/a.pdf', 'Content-Type': 'application/pdf' }, file, boundary);
    let startedWith: number | undefined;
    const reader = new UploadFormReader(boundary, () => (startedWith = reader.fields.length));
    for (let i = 0; i < body.length; i += size) reader.write(body.subarray(i, i + size));
    expect(reader.finish()).toBeNull();
    expect(startedWith).toBe(2);
    expect(reader.fields).toEqual([
      ['key', 'uploads/a.pdf'],
      ['Content-Type', 'application/pdf'],
    ]);
    expect(reader.fileSize).toBe(file.length);
  });

  it('reports a form without a file, and fields over 20 KB', () => {
    const boundary = 'b0undary';
    const noFile = new UploadFormReader(boundary, () => undefined);
    noFile.write(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\nk\r\n--${boundary}--\r\n`,
      ),
    );
    expect(noFile.finish()).toMatchObject({ status: 400, code: 'InvalidArgument' });
    const big = new UploadFormReader(boundary, () => undefined);
    big.write(multipart({ key: 'x'.repeat(30_000) }, Buffer.from('a'), boundary));
    expect(big.finish()).toMatchObject({ status: 400, code: 'MaxPostPreDataLengthExceeded' });
  });
});
