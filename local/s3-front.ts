// The local S3's front door (issue #25 item 5, architecture §10): s3rver stores what it is sent and
// ignores a presigned POST's policy, so this small proxy checks a browser-style POST upload as S3
// does — the policy's SigV4 signature, its expiration, each condition (eq / starts-with on the
// fields, the bucket, content-length-range against the file's real size) and no unsigned extra
// field — and answers S3's XML error when one fails. Like a private S3 bucket, it also refuses
// requests that carry no signature at all (but CORS preflights). Everything else goes through to
// s3rver untouched and streamed; s3rver still checks the signatures of the requests it gets.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { countS3 } from './meter';
import { LOCAL_HOST, listenOn } from './ports';

/** The form fields before the file S3 accepts (its MaxPostPreDataLengthExceeded limit is 20 KB). */
const MAX_FIELDS_BYTES = 20 * 1024;
/** After a refusal, the rest of a body is read and dropped up to this much, then the connection is cut. */
const MAX_DRAIN_BYTES = 256 * 1024 * 1024;

export interface S3Refusal {
  status: number;
  code: string;
  message: string;
  details?: Record<string, string | number>;
}

export interface PostedForm {
  /** The bucket named by the URL. */
  bucket: string;
  /** The fields before the file, in order (names as sent). */
  fields: readonly (readonly [string, string])[];
  /** The file's size in bytes, when known (undefined: not read yet, the length range is not checked). */
  fileSize?: number;
}

interface PolicyDocument {
  expiration?: unknown;
  conditions?: unknown;
}

const refuse = (
  status: number,
  code: string,
  message: string,
  details?: Record<string, string | number>,
): S3Refusal => ({ status, code, message, ...(details ? { details } : {}) });

const policyFailed = (condition: unknown) =>
  refuse(
    403,
    'AccessDenied',
    `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
  );

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4's signing key for a date (yyyymmdd), a region and a service. */
export function signingKey(secret: string, date: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/**
 * What S3 answers a POST upload form (Browser-based uploads, SigV4): null when it accepts it, else
 * the refusal. `credentials` maps an access key id to its secret.
 */
export function checkPostPolicy(
  form: PostedForm,
  credentials: Readonly<Record<string, string>>,
  now = Date.now(),
): S3Refusal | null {
  const fields = new Map<string, string>();
  for (const [name, value] of form.fields) {
    const lower = name.toLowerCase();
    if (!fields.has(lower)) fields.set(lower, value);
  }
  const policy = fields.get('policy');
  // No policy: an anonymous POST, which a private bucket refuses.
  if (policy === undefined) return refuse(403, 'AccessDenied', 'Access Denied');
  for (const name of ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Signature']) {
    if (!fields.get(name.toLowerCase()))
      return refuse(
        400,
        'InvalidArgument',
        `Bucket POST must contain a field named '${name}'.  If it is specified, please check the order of the fields.`,
        { ArgumentName: name, ArgumentValue: '' },
      );
  }
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
    return refuse(400, 'InvalidArgument', 'Only the AWS4-HMAC-SHA256 algorithm is supported.');
  const credential = fields.get('x-amz-credential')!;
  const [accessKeyId = '', date = '', region = '', service = '', terminator = ''] = credential.split('/');
  if (!/^\d{8}$/.test(date) || !region || service !== 's3' || terminator !== 'aws4_request')
    return refuse(400, 'InvalidArgument', `Error parsing the X-Amz-Credential parameter: ${credential}`);
  const secret = credentials[accessKeyId];
  if (secret === undefined)
    return refuse(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
      { AWSAccessKeyId: accessKeyId },
    );
  const expected = hmac(signingKey(secret, date, region), policy).toString('hex');
  const provided = fields.get('x-amz-signature')!;
  if (provided.length !== expected.length || !timingSafeEqual(Buffer.from(provided), Buffer.from(expected)))
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );

  let document: PolicyDocument;
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as PolicyDocument;
  } catch {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof document.expiration === 'string' ? Date.parse(document.expiration) : NaN;
  if (Number.isNaN(expiration))
    return refuse(400, 'InvalidPolicyDocument', "Invalid Policy: Invalid 'expiration' value.");
  if (!Array.isArray(document.conditions))
    return refuse(400, 'InvalidPolicyDocument', "Invalid Policy: Invalid 'conditions' value.");
  if (now >= expiration) return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');

  const valueOf = (name: string) => (name === 'bucket' ? form.bucket : fields.get(name));
  const covered = new Set<string>();
  const ranges: [number, number][] = [];
  for (const condition of document.conditions as unknown[]) {
    if (Array.isArray(condition)) {
      const [op, a, b] = condition as unknown[];
      const operator = String(op).toLowerCase();
      if (operator === 'content-length-range') {
        const min = Number(a);
        const max = Number(b);
        if (condition.length !== 3 || !Number.isInteger(min) || !Number.isInteger(max))
          return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid content-length-range.');
        ranges.push([min, max]);
        continue;
      }
      if ((operator !== 'eq' && operator !== 'starts-with') || condition.length !== 3)
        return refuse(
          400,
          'InvalidPolicyDocument',
          `Invalid Policy: Invalid condition ${JSON.stringify(condition)}.`,
        );
      if (typeof a !== 'string' || !a.startsWith('$') || typeof b !== 'string')
        return refuse(
          400,
          'InvalidPolicyDocument',
          `Invalid Policy: Invalid condition ${JSON.stringify(condition)}.`,
        );
      const name = a.slice(1).toLowerCase();
      covered.add(name);
      const actual = valueOf(name);
      const holds = operator === 'eq' ? actual === b : actual !== undefined && actual.startsWith(b);
      if (!holds) return policyFailed(condition);
    } else if (condition && typeof condition === 'object') {
      const entries = Object.entries(condition as Record<string, unknown>);
      if (entries.length !== 1 || typeof entries[0]![1] !== 'string')
        return refuse(
          400,
          'InvalidPolicyDocument',
          `Invalid Policy: Invalid condition ${JSON.stringify(condition)}.`,
        );
      const [name, value] = entries[0]!;
      covered.add(name.toLowerCase());
      if (valueOf(name.toLowerCase()) !== value) return policyFailed(['eq', `$${name}`, value]);
    } else {
      return refuse(
        400,
        'InvalidPolicyDocument',
        `Invalid Policy: Invalid condition ${JSON.stringify(condition)}.`,
      );
    }
  }
  // Every field but these must be named by a condition: nothing unsigned reaches the object.
  for (const name of fields.keys()) {
    if (name === 'policy' || name === 'x-amz-signature' || name === 'file' || name.startsWith('x-ignore-'))
      continue;
    if (!covered.has(name))
      return refuse(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
  }
  if (form.fileSize !== undefined) {
    for (const [min, max] of ranges) {
      if (form.fileSize > max)
        return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
          ProposedSize: form.fileSize,
          MaxSizeAllowed: max,
        });
      if (form.fileSize < min)
        return refuse(
          400,
          'EntityTooSmall',
          'Your proposed upload is smaller than the minimum allowed size',
          {
            ProposedSize: form.fileSize,
            MinSizeAllowed: min,
          },
        );
    }
  }
  return null;
}

/** The largest file the policy's content-length-range conditions allow (Infinity when none). */
function maxFileSize(fields: readonly (readonly [string, string])[]): number {
  const policy = fields.find(([name]) => name.toLowerCase() === 'policy')?.[1];
  try {
    const { conditions } = JSON.parse(Buffer.from(policy ?? '', 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    let max = Infinity;
    for (const c of conditions)
      if (Array.isArray(c) && String(c[0]).toLowerCase() === 'content-length-range')
        max = Math.min(max, Number(c[2]));
    return max;
  } catch {
    return Infinity;
  }
}

const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export function s3ErrorXml(refusal: S3Refusal, requestId: string): string {
  const details = Object.entries(refusal.details ?? {})
    .map(([k, v]) => `<${k}>${xmlEscape(String(v))}</${k}>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${refusal.code}</Code><Message>${xmlEscape(refusal.message)}</Message>${details}` +
    `<RequestId>${requestId}</RequestId></Error>`
  );
}

interface PartHeaders {
  name: string;
  filename?: string;
}

function parsePartHeaders(block: string): PartHeaders | null {
  const disposition = block.split('\r\n').find((line) => /^content-disposition\s*:/i.test(line));
  if (!disposition) return null;
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? /\bname=([^;\s]+)/i.exec(disposition)?.[1];
  if (name === undefined) return null;
  const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  return { name, ...(filename !== undefined ? { filename } : {}) };
}

/**
 * A streaming multipart/form-data reader for one POST upload: the fields before the part named
 * `file` are kept (up to MAX_FIELDS_BYTES), the file's bytes are only counted; what follows the file
 * is ignored, as S3 ignores it.
 */
export class UploadFormReader {
  readonly fields: [string, string][] = [];
  fileSize = 0;
  fileStarted = false;
  fileEnded = false;
  error: S3Refusal | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private state: 'preamble' | 'headers' | 'body' | 'after' | 'done' = 'preamble';
  private part: PartHeaders | null = null;
  private value: Buffer[] = [];
  private fieldsBytes = 0;
  private readonly delimiter: Buffer;

  constructor(
    boundary: string,
    private readonly onFileStart: () => void,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    // The body starts with the delimiter without its CRLF.
    this.buffer = Buffer.from('\r\n');
  }

  write(chunk: Buffer): void {
    if (this.state === 'done' || this.error) return;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (this.state === 'preamble') {
        const at = this.buffer.indexOf(this.delimiter);
        if (at < 0) {
          this.buffer = this.buffer.subarray(Math.max(0, this.buffer.length - this.delimiter.length));
          return;
        }
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = 'after';
      } else if (this.state === 'after') {
        if (this.buffer.length < 2) return;
        const next = this.buffer.subarray(0, 2).toString('latin1');
        if (next === '--') {
          this.state = 'done';
          return;
        }
        // Transport padding, then CRLF.
        const eol = this.buffer.indexOf('\r\n');
        if (eol < 0) return;
        this.buffer = this.buffer.subarray(eol + 2);
        this.state = 'headers';
      } else if (this.state === 'headers') {
        const end = this.buffer.indexOf('\r\n\r\n');
        if (end < 0) {
          if (this.buffer.length > MAX_FIELDS_BYTES) this.tooLong();
          return;
        }
        this.part = parsePartHeaders(this.buffer.subarray(0, end).toString('utf8'));
        this.buffer = this.buffer.subarray(end + 4);
        this.value = [];
        if (!this.part) {
          this.error = refuse(
            400,
            'MalformedPOSTRequest',
            'The body of your POST request is not well-formed multipart/form-data.',
          );
          return;
        }
        if (this.part.name.toLowerCase() === 'file' && !this.fileStarted) {
          this.fileStarted = true;
          this.onFileStart();
        }
        this.state = 'body';
      } else if (this.state === 'body') {
        const at = this.buffer.indexOf(this.delimiter);
        const isFile = this.part!.name.toLowerCase() === 'file' && !this.fileEnded;
        const take = at < 0 ? Math.max(0, this.buffer.length - this.delimiter.length + 1) : at;
        const data = this.buffer.subarray(0, take);
        if (isFile) this.fileSize += data.length;
        else if (!this.fileStarted) {
          this.fieldsBytes += data.length;
          if (this.fieldsBytes > MAX_FIELDS_BYTES) return this.tooLong();
          this.value.push(Buffer.from(data));
        }
        this.buffer = this.buffer.subarray(take);
        if (at < 0) return;
        this.buffer = this.buffer.subarray(this.delimiter.length);
        if (isFile) this.fileEnded = true;
        else if (!this.fileStarted)
          this.fields.push([this.part!.name, Buffer.concat(this.value).toString('utf8')]);
        this.state = 'after';
      } else return;
    }
  }

  private tooLong() {
    this.error = refuse(
      400,
      'MaxPostPreDataLengthExceeded',
      'Your POST request fields preceeding the upload file was too large.',
      { MaxPostPreDataLengthAllowed: MAX_FIELDS_BYTES },
    );
  }

  /** The refusal the body's shape alone earns (the policy is checked by checkPostPolicy). */
  finish(): S3Refusal | null {
    if (this.error) return this.error;
    if (!this.fileStarted || !this.fileEnded)
      return refuse(400, 'InvalidArgument', 'POST requires exactly one file upload per request.', {
        ArgumentName: 'file',
        ArgumentValue: 0,
      });
    return null;
  }
}

export interface S3FrontOptions {
  /** The port to listen on (0: any free port, read back once listening). */
  port: number;
  host?: string;
  /** Where s3rver listens. */
  target: { host: string; port: number };
  /** Access key id → secret, as s3rver knows them. */
  credentials: Readonly<Record<string, string>>;
  /** Where POST bodies wait while they are checked. */
  spoolDir: string;
  /** For the busy-port message. */
  variable?: string;
  now?: () => number;
}

export interface S3Front {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function isSigned(req: http.IncomingMessage, url: URL): boolean {
  return (
    req.headers.authorization !== undefined ||
    url.searchParams.has('X-Amz-Signature') ||
    url.searchParams.has('Signature')
  );
}

export async function startS3Front(options: S3FrontOptions): Promise<S3Front> {
  const host = options.host ?? LOCAL_HOST;
  const now = options.now ?? (() => Date.now());
  // Bodies left by a process that stopped mid-upload are of no use to anyone.
  fs.rmSync(options.spoolDir, { recursive: true, force: true });
  fs.mkdirSync(options.spoolDir, { recursive: true });
  const agent = new http.Agent({ keepAlive: true });

  function sendError(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    refusal: S3Refusal,
    cors: http.OutgoingHttpHeaders,
  ) {
    const requestId = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
    const body = s3ErrorXml(refusal, requestId);
    res.writeHead(refusal.status, {
      'content-type': 'application/xml',
      'content-length': Buffer.byteLength(body),
      'x-amz-request-id': requestId,
      ...cors,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** The CORS headers s3rver (with the bucket's CORS rules) gives this origin, for an error answer. */
  async function corsHeaders(req: http.IncomingMessage): Promise<http.OutgoingHttpHeaders> {
    const origin = req.headers.origin;
    if (!origin) return {};
    return new Promise((resolve) => {
      const probe = http.request(
        {
          host: options.target.host,
          port: options.target.port,
          method: 'OPTIONS',
          path: req.url,
          agent,
          headers: { host: req.headers.host, origin, 'access-control-request-method': req.method ?? 'GET' },
        },
        (up) => {
          up.resume();
          const allow = up.headers['access-control-allow-origin'];
          resolve(allow ? { 'access-control-allow-origin': allow, vary: 'Origin' } : {});
        },
      );
      probe.on('error', () => resolve({}));
      probe.end();
    });
  }

  function pass(req: http.IncomingMessage, res: http.ServerResponse, body?: fs.ReadStream, length?: number) {
    const headers = { ...req.headers };
    if (length !== undefined) {
      delete headers['transfer-encoding'];
      headers['content-length'] = String(length);
    }
    const upstream = http.request(
      {
        host: options.target.host,
        port: options.target.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.statusMessage, up.rawHeaders);
        // LOCAL_METER=1 (local/meter.ts): the request and the bytes each way, as S3 bills them.
        let bytesOut = 0;
        up.on('data', (chunk: Buffer) => (bytesOut += chunk.length));
        up.on('end', () => {
          const bytesIn = Number(
            length ?? req.headers['x-amz-decoded-content-length'] ?? req.headers['content-length'] ?? 0,
          );
          countS3(req.method ?? 'GET', bytesIn, bytesOut);
        });
        pipeline(up, res).catch(() => undefined);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('The local S3 (s3rver) did not answer.');
      } else res.destroy();
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    pipeline(body ?? req, upstream).catch(() => upstream.destroy());
  }

  async function handlePost(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    bucket: string,
    boundary: string,
  ) {
    const spool = path.join(options.spoolDir, `${randomUUID()}.part`);
    const out = fs.createWriteStream(spool);
    let refusal: S3Refusal | null = null;
    let total = 0;
    let limit = Infinity;
    const reader = new UploadFormReader(boundary, () => {
      // Everything but the size can be judged now: refuse before storing a byte of the file.
      refusal = checkPostPolicy({ bucket, fields: reader.fields }, options.credentials, now());
      if (!refusal) limit = maxFileSize(reader.fields);
    });
    try {
      for await (const chunk of req as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (!refusal) {
          reader.write(chunk);
          refusal = reader.error;
          if (!refusal && reader.fileSize > limit) {
            refusal = checkPostPolicy(
              { bucket, fields: reader.fields, fileSize: reader.fileSize },
              options.credentials,
              now(),
            );
          }
        }
        if (refusal) {
          if (total > MAX_DRAIN_BYTES) break;
          continue;
        }
        if (!out.write(chunk)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'close');
      refusal ??=
        reader.finish() ??
        checkPostPolicy(
          { bucket, fields: reader.fields, fileSize: reader.fileSize },
          options.credentials,
          now(),
        );
      if (refusal) {
        sendError(req, res, refusal, await corsHeaders(req));
        if (total > MAX_DRAIN_BYTES) res.once('finish', () => req.destroy());
        await fs.promises.rm(spool, { force: true });
        return;
      }
      const body = fs.createReadStream(spool);
      const removeSpool = () => fs.promises.rm(spool, { force: true }).catch(() => undefined);
      res.once('close', removeSpool);
      pass(req, res, body, total);
    } catch {
      out.destroy();
      await fs.promises.rm(spool, { force: true });
      if (!res.headersSent) res.writeHead(400).end();
      else res.destroy();
    }
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const segments = url.pathname.split('/').filter(Boolean);
    const contentType = req.headers['content-type'] ?? '';
    const boundary = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    // A browser-style upload: a multipart POST to the bucket itself (POST ?delete etc. are SDK calls).
    if (req.method === 'POST' && segments.length === 1 && url.search === '' && boundary) {
      void handlePost(req, res, decodeURIComponent(segments[0]!), boundary[1] ?? boundary[2]!);
      return;
    }
    if (req.method !== 'OPTIONS' && !isSigned(req, url)) {
      req.resume();
      void corsHeaders(req).then((cors) =>
        sendError(req, res, refuse(403, 'AccessDenied', 'Access Denied'), cors),
      );
      return;
    }
    pass(req, res);
  });
  server.keepAliveTimeout = 5000;
  const port = await listenOn(server, options.port, 'S3 (s3rver)', options.variable ?? 'LOCAL_S3_PORT', host);
  return {
    url: `http://${host}:${port}`,
    port,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
