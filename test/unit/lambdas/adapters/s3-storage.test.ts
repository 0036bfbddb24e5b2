import { jest } from '@jest/globals';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { S3Storage, type Presigner } from '../../../../lambdas/adapters/s3-storage';

const s3Mock = mockClient(S3Client);
const client = new S3Client({ region: 'us-east-1' });

function fakePresigner() {
  const post = jest.fn(async () => ({ url: 'https://s3.example/bucket', fields: { key: 'k', Policy: 'p' } }));
  const getUrl = jest.fn(async () => 'https://s3.example/signed');
  return { presigner: { post, getUrl } as unknown as Presigner, post, getUrl };
}

function s3Error(name: string, httpStatusCode: number) {
  return new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode } });
}

beforeEach(() => s3Mock.reset());

describe('the S3 document storage', () => {
  it("describes a stored object's size and content type", async () => {
    s3Mock
      .on(HeadObjectCommand, { Bucket: 'docs', Key: 'a.pdf' })
      .resolves({ ContentLength: 1234, ContentType: 'application/pdf' });

    const info = await new S3Storage(client, 'docs').head('a.pdf');

    expect(info).toEqual({ size: 1234, contentType: 'application/pdf' });
  });

  it.each([
    ['a 404 status', s3Error('Unknown', 404)],
    ['a NotFound error', s3Error('NotFound', 400)],
  ])('answers null for a missing object (%s)', async (_case, err) => {
    s3Mock.on(HeadObjectCommand).rejects(err);

    await expect(new S3Storage(client, 'docs').head('missing.pdf')).resolves.toBeNull();
  });

  it('lets other errors through when describing an object', async () => {
    s3Mock.on(HeadObjectCommand).rejects(s3Error('AccessDenied', 403));

    await expect(new S3Storage(client, 'docs').head('a.pdf')).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it('stores an object with its content type', async () => {
    s3Mock.on(PutObjectCommand).resolves({});

    await new S3Storage(client, 'docs').put('sealed/a.pdf', new Uint8Array([1, 2]), 'application/pdf');

    expect(s3Mock.commandCalls(PutObjectCommand)[0]!.args[0].input).toMatchObject({
      Bucket: 'docs',
      Key: 'sealed/a.pdf',
      ContentType: 'application/pdf',
    });
  });

  it("reads an object's bytes", async () => {
    s3Mock.on(GetObjectCommand).resolves({
      Body: { transformToByteArray: async () => new Uint8Array([37, 80, 68, 70]) } as never,
    });

    await expect(new S3Storage(client, 'docs').getBytes('a.pdf')).resolves.toEqual(
      new Uint8Array([37, 80, 68, 70]),
    );
  });

  it('deletes 2,500 keys in three requests of at most 1,000 keys', async () => {
    s3Mock.on(DeleteObjectsCommand).resolves({});
    const keys = Array.from({ length: 2500 }, (_, i) => `doc/${i}.pdf`);

    await new S3Storage(client, 'docs').deleteMany(keys);

    const batches = s3Mock.commandCalls(DeleteObjectsCommand).map((c) => c.args[0].input.Delete!.Objects!);
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 500]);
    expect(batches.flat().map((o) => o.Key)).toEqual(keys);
  });

  it('sends nothing when there is nothing to delete', async () => {
    await new S3Storage(client, 'docs').deleteMany([]);

    expect(s3Mock.calls()).toHaveLength(0);
  });

  it('presigns an upload limited to the size range and content type', async () => {
    const { presigner, post } = fakePresigner();
    const before = Date.now();

    const upload = await new S3Storage(client, 'docs', presigner).presignUpload('uploads/a.pdf', {
      contentType: 'application/pdf',
      maxBytes: 50_000_000,
      expiresSeconds: 600,
    });

    expect(post).toHaveBeenCalledWith(client, {
      Bucket: 'docs',
      Key: 'uploads/a.pdf',
      Conditions: [
        ['content-length-range', 1, 50_000_000],
        ['eq', '$Content-Type', 'application/pdf'],
      ],
      Fields: { 'Content-Type': 'application/pdf' },
      Expires: 600,
    });
    expect(upload).toMatchObject({
      url: 'https://s3.example/bucket',
      key: 'uploads/a.pdf',
      fields: { Policy: 'p' },
    });
    const expiresIn = Date.parse(upload.expiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(600_000);
    expect(expiresIn).toBeLessThan(605_000);
  });

  it('presigns a download that saves under a Japanese file name (RFC 5987)', async () => {
    const { presigner, getUrl } = fakePresigner();

    const url = await new S3Storage(client, 'docs', presigner).presignDownload('sealed/a.pdf', {
      expiresSeconds: 300,
      filename: '契約書.pdf',
    });

    expect(url).toBe('https://s3.example/signed');
    const [, command, options] = getUrl.mock.calls[0] as unknown as [
      S3Client,
      GetObjectCommand,
      { expiresIn: number },
    ];
    expect(command).toBeInstanceOf(GetObjectCommand);
    expect(command.input).toMatchObject({ Bucket: 'docs', Key: 'sealed/a.pdf' });
    expect(command.input.ResponseContentDisposition).toBe(
      'attachment; filename="___.pdf"; filename*=UTF-8\'\'%E5%A5%91%E7%B4%84%E6%9B%B8.pdf',
    );
    expect(options).toEqual({ expiresIn: 300 });
  });

  it('presigns a download without a disposition when no file name is given', async () => {
    const { presigner, getUrl } = fakePresigner();

    await new S3Storage(client, 'docs', presigner).presignDownload('a.pdf', { expiresSeconds: 60 });

    const command = (getUrl.mock.calls[0] as unknown as [S3Client, GetObjectCommand])[1];
    expect(command.input.ResponseContentDisposition).toBeUndefined();
  });
});
