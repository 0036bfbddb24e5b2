// Agreement videos (issue #15): the pure checks of a recording — its container type, its header and
// the streamed scan (size cap, SHA-256) — and the one refusal the local cloud cannot show (a store
// whose copy does not honour the entity-tag condition, as s3rver), against in-memory fakes. The use
// cases run against the local cloud in test/integration/video-upload.test.ts.
import { createHash } from 'node:crypto';
import type { DocumentRecord, RecipientRecord } from '../../../../lambdas/adapters/dynamo/documents';
import { hashSignerToken } from '../../../../lambdas/usecases/signer-tokens';
import { completeVideoSession, startVideoSession, type VideoDeps } from '../../../../lambdas/usecases/videos';
import {
  challengeCode,
  hasVideoHeader,
  jpegThumbnail,
  scanVideo,
  videoDuration,
  webmHeaderSeconds,
  acceptedVideoKey,
  videoKey,
  videoType,
} from '../../../../lambdas/usecases/video-checks';
import { InMemoryDocuments, nullStorage } from '../fakes';
import { memoryLimits } from '../rate-limiter-fake';

const webm = (size: number) => {
  const bytes = new Uint8Array(size).fill(7);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3]);
  return bytes;
};
const mp4 = (size: number) => {
  const bytes = new Uint8Array(size).fill(7);
  bytes.set([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]);
  return bytes;
};

/** The bytes in chunks of `size`, counting how many were read. */
function chunked(bytes: Uint8Array, size: number) {
  const seen = { chunks: 0 };
  const iterable = {
    async *[Symbol.asyncIterator]() {
      for (let i = 0; i < bytes.length; i += size) {
        seen.chunks++;
        yield bytes.subarray(i, i + size);
      }
    },
  };
  return { iterable, seen };
}

describe('video checks', () => {
  it('keeps the container of a recorder MIME type and refuses others', () => {
    expect(videoType('video/webm;codecs=vp8,opus')).toBe('video/webm');
    expect(videoType('VIDEO/MP4')).toBe('video/mp4');
    expect(videoType('video/quicktime')).toBeNull();
    expect(videoType('application/pdf')).toBeNull();
    expect(videoType('video/webmx')).toBeNull();
  });

  it('names the one staging key of a session, and a key of its own for each completion attempt', () => {
    expect(videoKey('d1', 0, 'abc', 'video/webm')).toBe('uploads/d1/videos/0/abc.webm');
    expect(acceptedVideoKey('d1', 2, 'video/mp4', 'f00d')).toBe('documents/d1/videos/2/f00d.mp4');
    const a = acceptedVideoKey('d1', 2, 'video/webm');
    const b = acceptedVideoKey('d1', 2, 'video/webm');
    expect(a).toMatch(/^documents\/d1\/videos\/2\/[0-9a-f]{32}\.webm$/);
    expect(a).not.toBe(b);
  });

  it('draws 4-digit challenge codes', () => {
    const codes = new Set(Array.from({ length: 200 }, () => challengeCode()));
    for (const code of codes) expect(code).toMatch(/^\d{4}$/);
    expect(codes.size).toBeGreaterThan(150);
  });

  it('recognises EBML for webm and ftyp at offset 4 for mp4, not the other way round', () => {
    expect(hasVideoHeader(webm(16), 'video/webm')).toBe(true);
    expect(hasVideoHeader(mp4(16), 'video/mp4')).toBe(true);
    expect(hasVideoHeader(mp4(16), 'video/webm')).toBe(false);
    expect(hasVideoHeader(webm(16), 'video/mp4')).toBe(false);
    expect(hasVideoHeader(new TextEncoder().encode('%PDF-1.7 ...'), 'video/webm')).toBe(false);
    expect(hasVideoHeader(new Uint8Array([0x1a, 0x45]), 'video/webm')).toBe(false);
  });

  it('hashes a video streamed in small chunks, the header split across them', async () => {
    const bytes = webm(10_000);
    const { iterable } = chunked(bytes, 3);
    expect(await scanVideo(iterable, 'video/webm', 50_000)).toEqual({
      ok: true,
      sizeBytes: 10_000,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      headerSeconds: null,
    });
  });

  it('stops reading at the first chunk when the header is wrong', async () => {
    const { iterable, seen } = chunked(new Uint8Array(100_000).fill(1), 1000);
    expect(await scanVideo(iterable, 'video/webm', 1_000_000)).toEqual({
      ok: false,
      code: 'video.errors.notVideo',
    });
    expect(seen.chunks).toBe(1);
  });

  it('stops reading as soon as the file is over the cap', async () => {
    const { iterable, seen } = chunked(mp4(100_000), 1000);
    expect(await scanVideo(iterable, 'video/mp4', 5000)).toEqual({
      ok: false,
      code: 'video.errors.tooLarge',
    });
    expect(seen.chunks).toBe(6);
  });

  it('refuses a file shorter than a header', async () => {
    const { iterable } = chunked(new Uint8Array([0x1a, 0x45, 0xdf]), 2);
    expect(await scanVideo(iterable, 'video/webm', 5000)).toEqual({
      ok: false,
      code: 'video.errors.notVideo',
    });
  });
});

/** A video-sign document in Agree with one pending contractor (link token 'tok'), in memory. */
function videoDocument(): InMemoryDocuments {
  const mem = new InMemoryDocuments();
  const at = new Date().toISOString();
  mem.docs.set('doc1', {
    docuId: 'doc1',
    id4: 'doc1',
    ownerId: 'o',
    kind: 'vsign',
    status: 'Agree',
    pages: [],
    createdAt: at,
    updatedAt: at,
    version: 3,
  } as unknown as DocumentRecord);
  const me = {
    docuId: 'doc1',
    index: 0,
    name: 'Ann',
    contact: 'ann@example.com',
    method: 'email',
    isOwner: false,
    agreement: 0,
    areas: [],
    tokenHash: hashSignerToken('tok'),
  } as RecipientRecord;
  mem.recipients.set('doc1', [me]);
  mem.tokens.set(hashSignerToken('tok'), {
    tokenHash: hashSignerToken('tok'),
    docuId: 'doc1',
    recipientIndex: 0,
    createdAt: at,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    ttl: 0,
  });
  return mem;
}

describe('completing a video whose staging object changed during the check', () => {
  it('refuses it (409 video.errors.changed), removes both copies and records nothing', async () => {
    const mem = videoDocument();
    const bytes = webm(5000);
    const deleted: string[] = [];
    const deps: VideoDeps = {
      docs: mem,
      limits: memoryLimits(),
      video: { maxSeconds: 60, graceSeconds: 60, maxBytes: 1_000_000 },
      storage: {
        ...nullStorage,
        head: async () => ({ size: bytes.length, contentType: 'video/webm', etag: '"first"' }),
        getStream: async () => chunked(bytes, 1024).iterable,
        // Another POST landed between the check and the copy: the copy carries its tag.
        copy: async () => ({ etag: '"second"' }),
        deleteMany: async (keys) => void deleted.push(...keys),
      },
    };
    const session = await startVideoSession(deps, 'doc1', 'tok', { contentType: 'video/webm' });
    await expect(
      completeVideoSession(deps, 'doc1', 'tok', session.sessionId, { ip: '::1', userAgent: 'jest' }),
    ).rejects.toMatchObject({ status: 409, code: 'video.errors.changed' });
    expect(deleted).toContain(`uploads/doc1/videos/0/${session.sessionId}.webm`);
    expect(deleted.filter((k) => /^documents\/doc1\/videos\/0\/[0-9a-f]{32}\.webm$/.test(k))).toHaveLength(1);
    const after = mem.recipients.get('doc1')![0]!;
    expect(after.video).toBeUndefined();
    expect(after.videoSession).toBeUndefined();
  });
});

/** Object storage in memory: entity tags by content, copies and deletes as S3 does them; each call
 *  waits a random moment first, so concurrent completions interleave differently on every run. */
function memoryStore() {
  const objects = new Map<string, Uint8Array>();
  const etag = (b: Uint8Array) => `"${createHash('md5').update(b).digest('hex')}"`;
  const jitter = () => new Promise((r) => setTimeout(r, Math.floor(Math.random() * 3)));
  const storage: VideoDeps['storage'] = {
    ...nullStorage,
    head: async (key) => {
      await jitter();
      const b = objects.get(key);
      return b ? { size: b.length, contentType: 'video/webm', etag: etag(b) } : null;
    },
    getStream: async (key) => {
      await jitter();
      return objects.has(key) ? chunked(objects.get(key)!, 4096).iterable : null;
    },
    copy: async (from, to) => {
      await jitter();
      const b = objects.get(from);
      if (!b) throw Object.assign(new Error('NoSuchKey'), { $metadata: { httpStatusCode: 404 } });
      objects.set(to, b);
      return { etag: etag(b) };
    },
    put: async (key, body) => {
      await jitter();
      objects.set(key, typeof body === 'string' ? new TextEncoder().encode(body) : body);
      return {};
    },
    deleteMany: async (keys) => {
      await jitter();
      keys.forEach((k) => objects.delete(k));
    },
  };
  return { objects, storage };
}

describe('concurrent completions of the same session (issue #25)', () => {
  it('every one answers the one stored video, whose object stays and matches, in 20 races of 8', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const mem = videoDocument();
      const { objects, storage } = memoryStore();
      const deps: VideoDeps = {
        docs: mem,
        limits: memoryLimits(),
        video: { maxSeconds: 60, graceSeconds: 60, maxBytes: 1_000_000 },
        storage,
      };
      const session = await startVideoSession(deps, 'doc1', 'tok', { contentType: 'video/webm' });
      const bytes = webm(50_000 + trial);
      objects.set(session.upload.key, bytes);
      const facts = { ip: '::1', userAgent: 'jest' };
      const answers = await Promise.allSettled(
        Array.from({ length: 8 }, () => completeVideoSession(deps, 'doc1', 'tok', session.sessionId, facts)),
      );
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      // Not one completion is refused: a loser answers the winner's video.
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill('fulfilled'));
      for (const a of answers)
        expect((a as PromiseFulfilledResult<{ sha256: string }>).value.sha256).toBe(sha256);
      const video = mem.recipients.get('doc1')![0]!.video!;
      expect(video.sha256).toBe(sha256);
      expect(createHash('sha256').update(objects.get(video.key)!).digest('hex')).toBe(sha256);
      // Exactly one accepted object remains: the recorded one; the staging copy is spent.
      expect([...objects.keys()].filter((k) => k.startsWith('documents/'))).toEqual([video.key]);
      expect(objects.has(session.upload.key)).toBe(false);
    }
  });

  it('a completion repeated after the answer was lost answers the same video and changes nothing', async () => {
    const mem = videoDocument();
    const { objects, storage } = memoryStore();
    const deps: VideoDeps = {
      docs: mem,
      limits: memoryLimits(),
      video: { maxSeconds: 60, graceSeconds: 60, maxBytes: 1_000_000 },
      storage,
    };
    const session = await startVideoSession(deps, 'doc1', 'tok', { contentType: 'video/webm' });
    objects.set(session.upload.key, webm(40_000));
    const facts = { ip: '::1', userAgent: 'jest' };
    const first = await completeVideoSession(deps, 'doc1', 'tok', session.sessionId, facts);
    const video = mem.recipients.get('doc1')![0]!.video!;
    const again = await completeVideoSession(deps, 'doc1', 'tok', session.sessionId, facts);
    expect(again).toEqual(first);
    expect(mem.recipients.get('doc1')![0]!.video).toEqual(video);
    expect(objects.has(video.key)).toBe(true);
  });
});

describe('duration and thumbnail (issue #15 item 6)', () => {
  const float64 = (v: number) => {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setFloat64(0, v);
    return [...b];
  };
  /** EBML header, a Segment of unknown size, a Void element, then Info (TimecodeScale, Duration). */
  const header = (info: number[]) =>
    new Uint8Array([
      ...[0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x86, 0x81, 0x01],
      ...[0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
      ...[0xec, 0x83, 0x44, 0x89, 0x88],
      ...[0x15, 0x49, 0xa9, 0x66, 0x80 | info.length, ...info],
      ...[0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    ]);

  it("reads a webm's Segment Info Duration in its TimecodeScale, and nothing from a live stream's header", () => {
    const ms = [0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40];
    expect(webmHeaderSeconds(header([...ms, 0x44, 0x89, 0x88, ...float64(12_345)]))).toBeCloseTo(12.345, 6);
    // TimecodeScale 1e7 ns (10 ms units).
    const tenMs = [0x2a, 0xd7, 0xb1, 0x83, 0x98, 0x96, 0x80];
    expect(webmHeaderSeconds(header([...tenMs, 0x44, 0x89, 0x88, ...float64(250)]))).toBeCloseTo(2.5, 6);
    // MediaRecorder's live header: Info without Duration (the Void element's bytes look like one).
    expect(webmHeaderSeconds(header(ms))).toBeNull();
    expect(webmHeaderSeconds(webm(4096))).toBeNull();
    expect(webmHeaderSeconds(new Uint8Array([0x1a, 0x45]))).toBeNull();
  });

  it('bounds the recorder’s duration by the session, and prefers the header’s', () => {
    const bounds = {
      sessionStartedAt: '2026-01-01T00:00:00.000Z',
      now: new Date('2026-01-01T00:00:20Z'),
      maxSeconds: 60,
    };
    expect(videoDuration(null, 12_500, bounds)).toEqual({ seconds: 12.5, source: 'client' });
    // Longer than the time since the session opened: that time.
    expect(videoDuration(null, 90_000, bounds)).toEqual({ seconds: 20, source: 'client' });
    expect(videoDuration(null, 90_000, { ...bounds, now: new Date('2026-01-01T00:05:00Z') })).toEqual({
      seconds: 61,
      source: 'client',
    });
    expect(videoDuration(7.25, 12_500, bounds)).toEqual({ seconds: 7.25, source: 'header' });
    expect(videoDuration(null, undefined, bounds)).toBeNull();
  });

  it('accepts only a real JPEG within 20 KB as a thumbnail', () => {
    const jpeg = (n: number) => {
      const b = new Uint8Array(n).fill(0x11);
      b.set([0xff, 0xd8, 0xff, 0xe0]);
      b.set([0xff, 0xd9], n - 2);
      return Buffer.from(b).toString('base64');
    };
    expect(jpegThumbnail(jpeg(5000))).toHaveLength(5000);
    expect(jpegThumbnail(jpeg(20_000))).toHaveLength(20_000);
    expect(jpegThumbnail(jpeg(20_001))).toBeNull();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xd9]).toString('base64');
    expect(jpegThumbnail(png)).toBeNull();
    expect(jpegThumbnail('not base64!')).toBeNull();
    expect(jpegThumbnail('')).toBeNull();
  });
});
