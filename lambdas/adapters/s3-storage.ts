import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type {
  DownloadOptions,
  LargeObjects,
  ObjectStorage,
  PresignedUpload,
  StoredObjectInfo,
} from '../ports';

/** Presigning sits behind this tiny seam: aws-sdk-client-mock cannot intercept it. */
export interface Presigner {
  post: typeof createPresignedPost;
  getUrl: typeof getSignedUrl;
}

const realPresigner: Presigner = { post: createPresignedPost, getUrl: getSignedUrl };

/** RFC 5987 value encoding: encodeURIComponent leaves ' ( ) * unescaped, which the RFC forbids. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The plain `filename` for clients without RFC 6266 `filename*`: ASCII only, no quote or backslash. */
const asciiFallback = (value: string) => value.replace(/[^\x20-\x7e]|["\\]/g, '_');

export class S3Storage implements ObjectStorage, LargeObjects {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly presigner: Presigner = realPresigner,
  ) {}

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async presignUpload(
    key: string,
    options: { contentType: string; maxBytes: number; expiresSeconds: number },
  ): Promise<PresignedUpload> {
    const { url, fields } = await this.presigner.post(this.client, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [
        ['content-length-range', 1, options.maxBytes],
        ['eq', '$Content-Type', options.contentType],
      ],
      Fields: { 'Content-Type': options.contentType },
      Expires: options.expiresSeconds,
    });
    return {
      url,
      fields,
      key,
      expiresAt: new Date(Date.now() + options.expiresSeconds * 1000).toISOString(),
    };
  }

  async presignDownload(key: string, options: DownloadOptions): Promise<string> {
    const name = options.filename
      ? `; filename="${asciiFallback(options.filename)}"; filename*=UTF-8''${rfc5987(options.filename)}`
      : '';
    const disposition = options.inline ? `inline${name}` : name ? `attachment${name}` : undefined;
    return this.presigner.getUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: disposition,
        ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
      }),
      { expiresIn: options.expiresSeconds },
    );
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: res.ContentLength ?? 0, contentType: res.ContentType, etag: res.ETag };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey')
        return null;
      throw err;
    }
  }

  async getBytes(key: string): Promise<Uint8Array> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!res.Body) return new Uint8Array();
    return res.Body.transformToByteArray();
  }

  async getStream(key: string): Promise<AsyncIterable<Uint8Array> | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // In Node the body is an IncomingMessage: a Readable, iterable chunk by chunk.
      return (res.Body as AsyncIterable<Uint8Array> | undefined) ?? null;
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async copy(
    from: string,
    to: string,
    options: { ifMatch?: string; contentType?: string },
  ): Promise<{ etag?: string }> {
    const res = await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        ...(options.ifMatch ? { CopySourceIfMatch: options.ifMatch } : {}),
        ...(options.contentType ? { MetadataDirective: 'REPLACE', ContentType: options.contentType } : {}),
      }),
    );
    return { etag: res.CopyObjectResult?.ETag };
  }

  async put(key: string, body: Uint8Array | string, contentType: string): Promise<{ etag?: string }> {
    const res = await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
    return { etag: res.ETag };
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      if (chunk.length === 0) continue;
      const res = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      // DeleteObjects answers 200 even when some keys could not be deleted.
      if (res.Errors?.length) {
        throw new Error(
          `Could not delete ${res.Errors.length} object(s): ${res.Errors[0]!.Code ?? 'unknown error'}`,
        );
      }
    }
  }
}
