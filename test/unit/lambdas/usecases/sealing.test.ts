// The seal and anchor jobs, the sweep and verification (issue #6) over in-memory repositories; the
// PDF work and the chain are fakes here (their own tests run the real ones: test/unit/sealing,
// test/unit/chain; test/integration/sealing.test.ts runs everything together).
import { createHash } from 'node:crypto';
import type { DocumentRecord, RecipientRecord } from '../../../../lambdas/adapters/dynamo/documents';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import type {
  AnchorFields,
  FinalFile,
  SealedHashRecord,
  SealedVideo,
  SealRepository,
  SweepMarkerRecord,
  SweepQueue,
  ClaimedToken,
  VideoAnchor,
  VideoTimestamp,
} from '../../../../lambdas/adapters/dynamo/sealing';
import type { NotifyJob } from '../../../../lambdas/jobs';
import type {
  AnchorChain,
  ChainRecord,
  JobQueue,
  ObjectStorage,
  StoredObjectInfo,
} from '../../../../lambdas/ports';
import type { SealInput, TrustServices } from '../../../../lambdas/sealing/types';
import { anchorDocument, type AnchorDeps } from '../../../../lambdas/usecases/anchoring';
import { renewalDue, sealDocument, type SealDeps } from '../../../../lambdas/usecases/sealing';
import { createLogger } from '../../../../lambdas/core/logger';
import { sweep } from '../../../../lambdas/usecases/sweep';
import { maskName, verify } from '../../../../lambdas/usecases/verify';
import { InMemoryDocuments } from '../fakes';
import { silentLog } from '../support';

class InMemorySeals implements SealRepository {
  readonly hashes = new Map<string, SealedHashRecord>();
  readonly markers = new Map<string, SweepMarkerRecord>();
  certificate?: string;
  constructor(private readonly mem: InMemoryDocuments) {}
  async completeSeal(
    docuId: string,
    expected: { status: string; version: number },
    final: FinalFile,
    videos: readonly SealedVideo[] = [],
  ) {
    await new Promise((r) => setImmediate(r));
    const doc = this.mem.docs.get(docuId);
    if (!doc || doc.status !== expected.status || doc.version !== expected.version) return false;
    this.mem.docs.set(docuId, { ...doc, ...final, status: 'Completed', version: doc.version + 1 });
    this.hashes.set(final.finalSha256, { sha256: final.finalSha256, docuId, sealedAt: final.completedAt });
    for (const v of videos) {
      this.hashes.set(v.sha256, {
        sha256: v.sha256,
        docuId,
        sealedAt: final.completedAt,
        recipientIndex: v.recipientIndex,
      });
    }
    this.markers.delete(`seal#${docuId}`);
    this.markers.set(`anchor#${docuId}`, {
      queue: 'anchor',
      docuId,
      since: final.completedAt,
      sha256: final.finalSha256,
    });
    return true;
  }
  async recordAnchor(docuId: string, anchor: AnchorFields) {
    const doc = this.mem.docs.get(docuId);
    this.markers.delete(`anchor#${docuId}`);
    if (!doc || doc.status !== 'Completed' || doc.anchorTokenId) return false;
    this.mem.docs.set(docuId, { ...doc, ...anchor });
    return true;
  }
  async recordVideoAnchor(docuId: string, index: number, anchor: VideoAnchor) {
    const r = this.mem.recipients.get(docuId)?.find((x) => x.index === index);
    if (!r || r.videoAnchor) return false;
    r.videoAnchor = { ...anchor };
    return true;
  }
  renewals = new Map<string, string>();
  async listDueRenewals(now: string, limit: number) {
    return [...this.renewals]
      .filter(([, dueAt]) => dueAt <= now)
      .slice(0, limit)
      .map(([docuId, dueAt]) => ({ docuId, dueAt }));
  }
  async recordRenewal() {
    return false;
  }
  async deleteRenewal(docuId: string) {
    this.renewals.delete(docuId);
  }
  async recordVideoTimestamp(docuId: string, index: number, stamp: VideoTimestamp) {
    const r = this.mem.recipients.get(docuId)?.find((x) => x.index === index);
    if (!r || r.videoTimestamp) return false;
    r.videoTimestamp = { ...stamp };
    return true;
  }
  async setCertificateKey(docuId: string, key: string) {
    this.certificate = key;
    const doc = this.mem.docs.get(docuId)!;
    this.mem.docs.set(docuId, { ...doc, certificateKey: key });
  }
  async markOpened() {}
  async findSealedHash(sha256: string) {
    return this.hashes.get(sha256) ?? null;
  }
  async listSweepMarkers(queue: SweepQueue, limit: number) {
    return [...this.markers.values()].filter((m) => m.queue === queue).slice(0, limit);
  }
  async deleteSweepMarker(queue: SweepQueue, docuId: string) {
    this.markers.delete(`${queue}#${docuId}`);
  }
  // Issue #32: the owner's claim of a held token.
  async requestClaim(docuId: string, to: string, at: string) {
    const doc = this.mem.docs.get(docuId);
    if (!doc || doc.status !== 'Completed' || !doc.anchorTokenId || doc.claimTo) return false;
    this.mem.docs.set(docuId, { ...doc, claimTo: to, claimRequestedAt: at });
    this.markers.set(`claim#${docuId}`, { queue: 'claim', docuId, since: at, to });
    return true;
  }
  async recordClaim(docuId: string, claimed: ClaimedToken) {
    const doc = this.mem.docs.get(docuId);
    this.markers.delete(`claim#${docuId}`);
    if (!doc || doc.claimTo !== claimed.claimTo || doc.claimedAt) return false;
    this.mem.docs.set(docuId, { ...doc, ...claimed, anchorHolder: claimed.claimTo });
    return true;
  }
  async failClaim(docuId: string, error: string) {
    const doc = this.mem.docs.get(docuId);
    if (doc?.claimTo && !doc.claimedAt) this.mem.docs.set(docuId, { ...doc, claimError: error });
    this.markers.delete(`claim#${docuId}`);
  }
}

/** The original of the test document, and the SHA-256 recorded at its upload. */
const ORIGINAL_BYTES = new TextEncoder().encode('%PDF-original');
const ORIGINAL_SHA256 = createHash('sha256').update(ORIGINAL_BYTES).digest('hex');

class MemoryStorage implements ObjectStorage {
  readonly objects = new Map<string, Uint8Array>();
  check = async () => undefined;
  presignUpload = async (key: string) => ({ url: 'http://s3', fields: {}, key, expiresAt: '' });
  presignDownload = async (key: string) => `http://s3/${key}?signed`;
  /** Objects known by their facts only (the videos: their size and tag, not their bytes). */
  readonly heads = new Map<string, StoredObjectInfo>();
  head = async (key: string): Promise<StoredObjectInfo | null> => {
    const bytes = this.objects.get(key);
    return this.heads.get(key) ?? (bytes ? { size: bytes.byteLength, contentType: undefined } : null);
  };
  async getBytes(key: string) {
    const bytes = this.objects.get(key);
    if (!bytes) throw Object.assign(new Error(`NoSuchKey ${key}`), { name: 'NoSuchKey' });
    return bytes;
  }
  async put(key: string, body: Uint8Array | string) {
    this.objects.set(key, typeof body === 'string' ? new TextEncoder().encode(body) : body);
    return {};
  }
  async deleteMany(keys: readonly string[]) {
    for (const k of keys) this.objects.delete(k);
  }
}

class FakeChain implements AnchorChain {
  readonly chainId = 1337;
  readonly contractAddress = '0x' + 'c'.repeat(40);
  readonly minted = new Map<string, ChainRecord>();
  mints = 0;
  down = false;
  check = async () => undefined;
  async serviceAddress() {
    return '0x' + 's'.repeat(0) + '5'.repeat(40);
  }
  async findByHash(sha256: string) {
    if (this.down) throw new Error('chain RPC timed out');
    return this.minted.get(sha256) ?? null;
  }
  async mint(sha256: string, holder: string) {
    if (this.down) throw new Error('chain RPC timed out');
    const found = this.minted.get(sha256);
    if (found) return found;
    this.mints++;
    const record: ChainRecord = {
      sha256,
      tokenId: String(this.minted.size + 1),
      holder,
      transactionHash: '0x' + String(this.mints).padStart(64, '0'),
      blockNumber: 10 + this.mints,
      anchoredAt: '2026-11-22T10:00:00.000Z',
      chainId: this.chainId,
      contractAddress: this.contractAddress,
    };
    this.minted.set(sha256, record);
    return record;
  }
  /** Issue #32: who holds each token now (absent: its minting holder). */
  readonly owners = new Map<string, string>();
  transfers = 0;
  async transferHeld(tokenId: string, to: string) {
    if (this.down) throw new Error('chain RPC timed out');
    const minted = [...this.minted.values()].find((r) => r.tokenId === tokenId);
    const holder = this.owners.get(tokenId) ?? minted?.holder;
    if (holder === to) return { tokenId, to, transactionHash: '0x' + 'e'.repeat(64) };
    if (holder !== (await this.serviceAddress())) {
      throw Object.assign(new Error(`held by ${holder}`), { name: 'TokenNotHeldError' });
    }
    this.transfers++;
    this.owners.set(tokenId, to);
    return { tokenId, to, transactionHash: '0x' + String(this.transfers).padStart(64, 'f') };
  }
}

const OWNER: UserRecord = {
  userId: 'owner-1',
  email: 'owner@example.com',
  name: 'Owner Person',
  walletAddress: '0x' + 'a'.repeat(40),
  walletVerifiedAt: '2026-11-20T10:00:00.000Z',
} as UserRecord;
const box = { pageIndex: 0, x: 10, y: 10, width: 100, height: 40 };

function setup(
  options: {
    wallet?: boolean;
    /** The owner's record instead of OWNER (issue #32: a typed or a verified wallet). */
    owner?: UserRecord;
    /** Other accounts (issue #32: contractors with their own verified wallets). */
    accounts?: readonly UserRecord[];
  } = {},
) {
  const mem = new InMemoryDocuments();
  const seals = new InMemorySeals(mem);
  const storage = new MemoryStorage();
  const chain = new FakeChain();
  const queued: { queue: string; job: unknown }[] = [];
  const queue: JobQueue = {
    check: async () => undefined,
    enqueue: async (q, job) => {
      queued.push({ queue: q, job });
      return { messageId: String(queued.length) };
    },
  };
  const sealCalls: SealInput[] = [];
  const owner = options.owner ?? (options.wallet === false ? { ...OWNER, walletAddress: undefined } : OWNER);
  const users = {
    getById: async (id: string) =>
      id === owner.userId ? owner : (options.accounts?.find((a) => a.userId === id) ?? null),
  };
  // The fake sealPdf never calls them; the videos' timestamps do (the real services are tested in
  // test/unit/sealing/pades.test.ts): a token is the digest it was asked for, reversed.
  const timestamped: string[] = [];
  const trust: TrustServices = {
    timestamp: async (digest) => {
      timestamped.push(Buffer.from(digest).toString('hex'));
      return Uint8Array.from(digest).reverse();
    },
    revocation: () => Promise.reject(new Error('not called')),
  };
  const sealDeps: SealDeps = {
    docs: mem,
    signers: mem,
    seals,
    users,
    storage,
    queue,
    serviceSigner: async () => ({ p12: new Uint8Array([1]), passphrase: 'x' }),
    trust: () => trust,
    timestampFacts: () => ({
      genTime: new Date('2026-11-22T09:00:00Z'),
      certificateNotAfter: new Date('2031-01-01T00:00:00Z'),
      authority: 'Test TSA',
      serialHex: '1',
    }),
    sealPdf: async (input) => {
      sealCalls.push(input);
      const pdf = new TextEncoder().encode(`%PDF-sealed ${sealCalls.length} ${input.audit.title}`);
      return {
        pdf,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        pageCount: 2,
        timings: { load: 1, stamp: 1, audit: 1, save: 1, sign: 1, hash: 1 },
      };
    },
    appUrl: 'https://app.example.com',
  };
  const certificates: string[] = [];
  const anchorDeps: AnchorDeps = {
    docs: mem,
    seals,
    users,
    storage,
    queue,
    chain: () => chain,
    chainName: 'Test chain',
    serviceSigner: async () => ({ p12: new Uint8Array([1]), passphrase: 'x' }),
    trust: () => trust,
    certificatePdf: async (input) => {
      certificates.push(input.language);
      return new TextEncoder().encode(`%PDF-certificate ${input.tokenId}`);
    },
    appUrl: 'https://app.example.com',
  };
  const at = '2026-11-22T09:00:00.000Z';
  mem.docs.set('doc1', {
    docuId: 'doc1',
    id4: 'ab12',
    ownerId: 'owner-1',
    kind: 'esign',
    title: '賃貸契約',
    status: 'Generating',
    fileKey: 'documents/doc1/original.pdf',
    sha256: ORIGINAL_SHA256,
    pages: [{ width: 595, height: 842 }],
    finalRecipients: ['copy@example.com'],
    lang: 'jp',
    createdAt: at,
    sentAt: at,
    updatedAt: at,
    version: 7,
  } as DocumentRecord);
  seals.markers.set('seal#doc1', { queue: 'seal', docuId: 'doc1', since: at });
  const rows: RecipientRecord[] = [
    {
      docuId: 'doc1',
      index: 0,
      name: '山田 花子',
      contact: 'hanako@example.com',
      method: 'email',
      isOwner: false,
      agreement: 1,
      areas: [
        { ...box, signed: true, signId: 's1' },
        { ...box, pageIndex: 0, y: 200, signed: true, signId: 's1' },
      ],
      outerUserId: 'o1',
      decidedAt: at,
      decidedIp: '203.0.113.5',
      decidedUserAgent: 'Mobile Safari',
      lang: 'jp',
    },
    {
      docuId: 'doc1',
      index: 1,
      name: '김민수',
      contact: '+821012345678',
      method: 'phone',
      isOwner: false,
      agreement: 1,
      areas: [{ ...box, signed: true, signId: 's2' }],
      outerUserId: 'o2',
      decidedAt: at,
      lang: 'ko',
    },
  ];
  mem.recipients.set('doc1', rows);
  mem.signs.push(
    {
      ownerKind: 'outer',
      ownerId: 'o1',
      signId: 's1',
      kind: 'draw',
      imageKey: 'signs/o1.png',
      createdAt: at,
    },
    {
      ownerKind: 'outer',
      ownerId: 'o2',
      signId: 's2',
      kind: 'draw',
      imageKey: 'signs/o2.png',
      createdAt: at,
    },
  );
  storage.objects.set('documents/doc1/original.pdf', ORIGINAL_BYTES);
  storage.objects.set('signs/o1.png', new Uint8Array([1, 2, 3]));
  storage.objects.set('signs/o2.png', new Uint8Array([4, 5, 6]));
  return { mem, seals, storage, chain, queued, sealCalls, sealDeps, anchorDeps, certificates, timestamped };
}

const VIDEO_SHA = ['1'.repeat(64), '2'.repeat(64)];

/** Each recorded video's object, as the store would answer a HEAD of it. */
function storeVideoObjects(s: ReturnType<typeof setup>) {
  for (const r of s.mem.recipients.get('doc1')!) {
    if (r.video)
      s.storage.heads.set(r.video.key, { size: r.video.sizeBytes, contentType: r.video.contentType });
  }
}

/** The test document as a video-sign contract: both contractors recorded an agreement video. */
function withVideos(s: ReturnType<typeof setup>) {
  const doc = s.mem.docs.get('doc1')!;
  s.mem.docs.set('doc1', { ...doc, kind: 'vsign' });
  s.mem.recipients.get('doc1')!.forEach((r, i) => {
    r.video = {
      key: `documents/doc1/videos/${i}/sess${i}.webm`,
      contentType: 'video/webm',
      sizeBytes: 1_234_567 + i,
      sha256: VIDEO_SHA[i]!,
      sessionId: `sess${i}`,
      challenge: `482${i}`,
      sessionStartedAt: '2026-11-22T08:59:00.000Z',
      recordedAt: '2026-11-22T08:59:40.000Z',
      ...(i === 0 ? { userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari', durationSeconds: 12.34 } : {}),
    };
  });
  storeVideoObjects(s);
  return s;
}

/** What verify needs, over the same in-memory tables and chain. */
const verifyDepsOf = (s: ReturnType<typeof setup>) => ({
  docs: s.mem,
  seals: s.seals,
  users: s.sealDeps.users,
  chain: () => s.chain,
  chainName: 'Test chain',
});

/** Seals expecting the refusal of a changed file (`code`): nothing sealed or queued, the document still
 *  Generating; answers the alert line logged. */
async function refusedWithAlert(s: ReturnType<typeof setup>, code: string): Promise<Record<string, unknown>> {
  const lines: string[] = [];
  const log = createLogger({}, 'info', (line) => lines.push(line));
  await expect(sealDocument(s.sealDeps, { docuId: 'doc1' }, log)).rejects.toMatchObject({
    code,
    status: 409,
  });
  expect(s.sealCalls).toHaveLength(0);
  expect(s.mem.docs.get('doc1')!.status).toBe('Generating');
  expect(s.queued).toEqual([]);
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.alert)!;
}

const notifyJobs = (queued: { queue: string; job: unknown }[]) =>
  queued.filter((q) => q.queue === 'notify').map((q) => q.job as NotifyJob);

describe('seal job', () => {
  it('stamps every signed area, writes the audit data, completes the document and queues the follow-ups', async () => {
    const s = setup();
    await expect(sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog)).resolves.toBe('sealed');
    expect(s.sealCalls).toHaveLength(1);
    const input = s.sealCalls[0]!;
    expect(input.stamps.map((st) => [...st.png])).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(input.language).toBe('jp');
    expect(input.audit).toMatchObject({
      title: '賃貸契約',
      shortNumber: 'AB12',
      originalSha256: ORIGINAL_SHA256,
    });
    expect(input.audit.verifyUrl).toBe('https://app.example.com/jp/verify?document=doc1');
    expect(input.audit.parties.map((p) => [p.name, p.role, p.result])).toEqual([
      ['Owner Person', '依頼者', '署名依頼を送信'],
      ['山田 花子', '契約者 1', '同意'],
      ['김민수', '契約者 2', '同意'],
    ]);
    expect(input.audit.parties[1]).toMatchObject({
      maskedContact: 'h***@e***.com',
      ip: '203.0.113.5',
      userAgent: 'Mobile Safari',
      signedAt: '2026-11-22 09:00:00 UTC',
    });

    const doc = s.mem.docs.get('doc1')!;
    expect(doc.status).toBe('Completed');
    expect(doc.finalKey).toMatch(/^documents\/doc1\/final-.+\.pdf$/);
    expect(s.storage.objects.has(doc.finalKey!)).toBe(true);
    expect(doc.finalSha256).toBe(
      createHash('sha256').update(s.storage.objects.get(doc.finalKey!)!).digest('hex'),
    );
    expect(s.seals.hashes.get(doc.finalSha256!)?.docuId).toBe('doc1');
    expect(s.seals.markers.has('seal#doc1')).toBe(false);
    expect(s.seals.markers.has('anchor#doc1')).toBe(true);
    expect(s.queued.filter((q) => q.queue === 'anchor')).toEqual([
      { queue: 'anchor', job: { docuId: 'doc1', hash: doc.finalSha256 } },
    ]);
    const mails = notifyJobs(s.queued);
    expect(mails.map((m) => (m.kind === 'email' ? m.to[0] : m.to))).toEqual([
      'owner@example.com',
      'hanako@example.com',
      '+821012345678',
      'copy@example.com',
    ]);
    const hanako = mails[1]!;
    expect(hanako.kind === 'email' && hanako.subject).toContain('賃貸契約');
    expect(hanako.kind === 'email' && hanako.attachments?.[0]?.key).toBe(doc.finalKey);
    const sms = mails[2]!;
    expect(sms.kind === 'sms' && sms.text).toContain('서명 완료');
    expect(s.mem.history.filter((h) => h.action === 'transfer_completion')).toHaveLength(1);
  });

  it('video sign: a mark under every signed area of each video signer, a Videos audit row each, and the video hashes recorded', async () => {
    const s = withVideos(setup());
    await expect(sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog)).resolves.toBe('sealed');
    const input = s.sealCalls[0]!;
    expect(input.videoMarks?.map((m) => [m.pageIndex, m.y, m.url])).toEqual([
      [0, 10, `https://app.example.com/jp/verify?video=${VIDEO_SHA[0]}`],
      [0, 200, `https://app.example.com/jp/verify?video=${VIDEO_SHA[0]}`],
      [0, 10, `https://app.example.com/jp/verify?video=${VIDEO_SHA[1]}`],
    ]);
    expect(input.videoMarks![0]!.caption).toBe(
      `動画署名 · 録画 2026-11-22 08:59 UTC · SHA-256 ${'1'.repeat(12)}… · 読み取って検証`,
    );
    expect(input.audit.videos).toEqual([
      {
        recipient: '山田 花子 (契約者 1)',
        recordedAt: '2026-11-22 08:59:40 UTC',
        sessionStartedAt: '2026-11-22 08:59:00 UTC',
        userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari',
        duration: '12.3 秒',
        size: '1,234,567 バイト',
        type: 'video/webm',
        sha256: VIDEO_SHA[0],
        challenge: '4820',
        token: expect.stringContaining('ブロックチェーン証明書'),
        timestamp: '2026-11-22 09:00:00 UTC・Test TSA・シリアル 1',
      },
      expect.objectContaining({ recipient: '김민수 (契約者 2)', sha256: VIDEO_SHA[1], challenge: '4821' }),
    ]);
    // Issue #30 item 4: each video's hash was timestamped once and the token recorded on its contractor.
    expect(s.timestamped.sort()).toEqual([VIDEO_SHA[0], VIDEO_SHA[1]].sort());
    const stamped = s.mem.recipients.get('doc1')!.find((r) => r.video?.sha256 === VIDEO_SHA[0])!;
    expect(stamped.videoTimestamp).toEqual({
      sha256: VIDEO_SHA[0],
      token: Buffer.from(VIDEO_SHA[0]!, 'hex').reverse().toString('base64'),
      genTime: '2026-11-22T09:00:00.000Z',
      authority: 'Test TSA',
      serialHex: '1',
    });
    // A video whose duration is not known has no duration row.
    expect(input.audit.videos![1]).not.toHaveProperty('duration');
    expect(s.seals.hashes.get(VIDEO_SHA[1]!)).toMatchObject({ docuId: 'doc1', recipientIndex: 1 });
  });

  describe('fields (issue #27)', () => {
    const FILE = new TextEncoder().encode('%PDF-1.7 attached identity document');
    const FILE_SHA = createHash('sha256').update(FILE).digest('hex');
    const withFields = (s: ReturnType<typeof setup>) => {
      const rows = s.mem.recipients.get('doc1')!;
      rows[0] = {
        ...rows[0]!,
        areas: [
          ...rows[0]!.areas!,
          { ...box, y: 300, type: 'initials', signed: true, signId: 's1' },
          {
            ...box,
            y: 400,
            type: 'text',
            signed: true,
            value: '東京都',
            filledAt: '2026-11-22T09:30:00.000Z',
          },
          { ...box, y: 450, type: 'checkbox', signed: false, value: '' },
          {
            ...box,
            y: 500,
            type: 'attachment',
            signed: true,
            label: 'ID',
            filledAt: '2026-11-22T09:31:00.000Z',
            attachment: {
              key: 'attachments/doc1/a1',
              fileName: 'id.pdf',
              contentType: 'application/pdf',
              sizeBytes: FILE.length,
              sha256: FILE_SHA,
            },
          },
        ],
      };
      s.storage.objects.set('attachments/doc1/a1', FILE);
    };

    it('stamps sign images only, draws the other fields, embeds checked attachments and lists every field', async () => {
      const s = setup();
      withFields(s);
      expect(await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog)).toBe('sealed');
      const input = s.sealCalls[0]!;
      // Two signatures and the initials of contractor 1, the signature of contractor 2: 4 stamps.
      expect(input.stamps).toHaveLength(4);
      expect(input.fields).toEqual([
        expect.objectContaining({ kind: 'text', text: '東京都', y: 400 }),
        expect.objectContaining({ kind: 'none', y: 450 }),
        expect.objectContaining({ kind: 'text', text: '添付: id.pdf', small: true, y: 500 }),
      ]);
      expect(input.attachments).toEqual([
        expect.objectContaining({ fileName: 'id.pdf', sha256: FILE_SHA, contentType: 'application/pdf' }),
      ]);
      expect(Buffer.from(input.attachments![0]!.bytes).equals(Buffer.from(FILE))).toBe(true);
      const groups = input.audit.fields!;
      expect(groups.map((g) => g.recipient)).toEqual(['山田 花子 (契約者 1)', '김민수 (契約者 2)']);
      expect(groups[0]!.fields.map((f) => f.type)).toEqual([
        '署名',
        '署名',
        'イニシャル',
        'テキスト',
        'チェックボックス',
        '添付ファイル',
      ]);
      expect(groups[0]!.fields[5]!.value).toContain(FILE_SHA);
      expect(groups[0]!.fields[3]).toMatchObject({
        filledBy: '山田 花子',
        filledAt: '2026-11-22 09:30:00 UTC',
      });
    });

    it('an attachment whose bytes no longer hash to its record is never sealed, with an alert', async () => {
      const s = setup();
      withFields(s);
      s.storage.objects.set('attachments/doc1/a1', new TextEncoder().encode('%PDF-1.7 another document!!'));
      const alert = await refusedWithAlert(s, 'documents.errors.originalChanged');
      expect(alert).toMatchObject({ level: 'error', alert: 'attachment-integrity', docuId: 'doc1' });
    });

    it('a document of sign areas only has no Fields section', async () => {
      const s = setup();
      await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
      expect(s.sealCalls[0]!.audit.fields).toBeUndefined();
      expect(s.sealCalls[0]!.fields).toBeUndefined();
      expect(s.sealCalls[0]!.attachments).toBeUndefined();
    });
  });

  it('video sign: a retried seal reuses the recorded video timestamps; a failing authority makes the job wait', async () => {
    const s = withVideos(setup());
    const failing = { ...s.sealDeps, sealPdf: () => Promise.reject(new Error('crash after the videos')) };
    await expect(sealDocument(failing, { docuId: 'doc1' }, silentLog)).rejects.toThrow('crash');
    expect(s.timestamped).toHaveLength(2);
    await expect(sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog)).resolves.toBe('sealed');
    expect(s.timestamped).toHaveLength(2); // not asked again
    const down = withVideos(setup());
    const noTsa = {
      ...down.sealDeps,
      trust: () => ({
        timestamp: () => Promise.reject(new Error('connect ECONNREFUSED')),
        revocation: () => Promise.reject(new Error('down')),
      }),
    };
    await expect(sealDocument(noTsa, { docuId: 'doc1' }, silentLog)).rejects.toMatchObject({
      code: 'errors.unavailable',
      status: 503,
    });
    expect(down.sealCalls).toHaveLength(0);
    expect(down.mem.docs.get('doc1')!.status).toBe('Generating');
  });

  it('e-sign: no video marks and no Videos section', async () => {
    const s = setup();
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    expect(s.sealCalls[0]!.videoMarks).toBeUndefined();
    expect(s.sealCalls[0]!.audit.videos).toBeUndefined();
  });

  it('a duplicated message re-queues the same follow-ups and seals nothing again', async () => {
    const s = setup();
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    const firstKeys = notifyJobs(s.queued).map((j) => j.idempotencyKey);
    await expect(sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog)).resolves.toBe('already-sealed');
    expect(s.sealCalls).toHaveLength(1);
    const keys = notifyJobs(s.queued).map((j) => j.idempotencyKey);
    expect(keys).toEqual([...firstKeys, ...firstKeys]);
    expect(s.mem.history.filter((h) => h.action === 'transfer_completion')).toHaveLength(1);
  });

  it('every completion message names its document, for the admin Jobs page (issue #36)', async () => {
    const s = setup();
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    const jobs = notifyJobs(s.queued);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.map((j) => j.docuId)).toEqual(jobs.map(() => 'doc1'));
  });

  it('two workers sealing at once keep one final PDF', async () => {
    const s = setup();
    const outcomes = await Promise.all([
      sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog),
      sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog),
    ]);
    expect(outcomes.sort()).toEqual(['already-sealed', 'sealed']);
    const finals = [...s.storage.objects.keys()].filter((k) => k.includes('/final-'));
    expect(finals).toEqual([s.mem.docs.get('doc1')!.finalKey]);
  });

  it('a sign image missing from storage fails the job and leaves the document Generating', async () => {
    const s = setup();
    s.storage.objects.delete('signs/o2.png');
    await expect(sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog)).rejects.toThrow(/NoSuchKey/);
    expect(s.mem.docs.get('doc1')!.status).toBe('Generating');
    expect(s.queued).toEqual([]);
  });

  it('an original whose bytes no longer hash to the accepted SHA-256 is never sealed, with an alert', async () => {
    const s = setup();
    s.storage.objects.set('documents/doc1/original.pdf', new TextEncoder().encode('%PDF-other terms'));
    const alert = await refusedWithAlert(s, 'documents.errors.originalChanged');
    expect(s.mem.docs.get('doc1')!.finalKey).toBeUndefined();
    expect(alert).toMatchObject({
      level: 'error',
      alert: 'original-integrity',
      docuId: 'doc1',
      reason: 'sha256',
    });
  });

  it.each([
    ['missing', (s: ReturnType<typeof setup>, key: string) => s.storage.heads.delete(key)],
    [
      'size',
      (s: ReturnType<typeof setup>, key: string) =>
        s.storage.heads.set(key, { size: 5, contentType: 'video/webm' }),
    ],
  ])(
    'a recorded video whose object is %s is never sealed, with an alert (issue #25)',
    async (reason, spoil) => {
      const s = withVideos(setup());
      spoil(s, s.mem.recipients.get('doc1')![1]!.video!.key);
      const alert = await refusedWithAlert(s, 'video.errors.videoChanged');
      expect(alert).toMatchObject({
        level: 'error',
        alert: 'video-integrity',
        docuId: 'doc1',
        recipientIndex: 1,
        reason,
      });
    },
  );

  it('a recorded video whose entity tag changed is never sealed', async () => {
    const s = withVideos(setup());
    const r = s.mem.recipients.get('doc1')![0]!;
    r.video = { ...r.video!, etag: '"a"' };
    s.storage.heads.set(r.video.key, { size: r.video.sizeBytes, contentType: 'video/webm', etag: '"b"' });
    await expect(sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog)).rejects.toMatchObject({
      code: 'video.errors.videoChanged',
    });
    expect(s.sealCalls).toHaveLength(0);
  });

  it('a sign missing from the table fails clearly', async () => {
    const s = setup();
    s.mem.signs.splice(0, 1);
    await expect(sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog)).rejects.toThrow(
      'Sign of contractor 1 is missing',
    );
  });

  it('a document that is gone or not Generating is skipped and its marker removed', async () => {
    const s = setup();
    s.mem.docs.set('doc1', { ...s.mem.docs.get('doc1')!, status: 'Reject' });
    await expect(sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog)).resolves.toBe('skipped');
    expect(s.seals.markers.has('seal#doc1')).toBe(false);
    await expect(sealDocument(s.sealDeps, { docuId: 'nope' }, silentLog)).resolves.toBe('skipped');
    expect(s.sealCalls).toHaveLength(0);
  });
});

describe('anchor job', () => {
  async function sealed(options: { wallet?: boolean } = {}) {
    const s = setup(options);
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    s.queued.length = 0;
    const hash = s.mem.docs.get('doc1')!.finalSha256!;
    return { ...s, hash };
  }

  it('mints to the owner’s wallet, records the token, writes hash_nft and e-mails the certificate', async () => {
    const s = await sealed();
    await expect(anchorDocument(s.anchorDeps, { docuId: 'doc1', hash: s.hash }, silentLog)).resolves.toBe(
      'anchored',
    );
    const doc = s.mem.docs.get('doc1')!;
    expect(doc).toMatchObject({ anchorTokenId: '1', anchorHolder: OWNER.walletAddress, anchorChainId: 1337 });
    const nft = s.mem.history.filter((h) => h.action === 'hash_nft');
    expect(nft).toHaveLength(1);
    expect(nft[0]!.transactionHash).toBe(doc.anchorTxHash);
    const mails = notifyJobs(s.queued);
    expect(mails).toHaveLength(4);
    const email = mails.find((m) => m.kind === 'email' && m.to[0] === 'hanako@example.com')!;
    expect(email.kind === 'email' && email.text).toContain(doc.anchorTxHash!);
    expect(email.kind === 'email' && email.attachments?.[0]?.key).toBe('documents/doc1/certificate-jp.pdf');
    expect(s.certificates.sort()).toEqual(['jp']);
    expect(s.seals.markers.has('anchor#doc1')).toBe(false);
  });

  it('mints to the service’s address when the owner has no wallet', async () => {
    const s = await sealed({ wallet: false });
    await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash: s.hash }, silentLog);
    expect(s.mem.docs.get('doc1')!.anchorHolder).toBe('0x' + '5'.repeat(40));
  });

  it('a retried message mints once and sends the same certificate messages', async () => {
    const s = await sealed();
    await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash: s.hash }, silentLog);
    const made = [...s.certificates];
    expect(made.length).toBeGreaterThan(0);
    await expect(anchorDocument(s.anchorDeps, { docuId: 'doc1', hash: s.hash }, silentLog)).resolves.toBe(
      'already-anchored',
    );
    expect(s.chain.mints).toBe(1);
    // The certificates made and recorded by the first run are mailed again as they are, not re-made.
    expect(s.certificates).toEqual(made);
    const keys = notifyJobs(s.queued).map((j) => j.idempotencyKey);
    expect(new Set(keys).size).toBe(4);
    expect(s.mem.history.filter((h) => h.action === 'hash_nft')).toHaveLength(1);
  });

  it('video sign: one token per video hash and the PDF’s, each recorded once, all on the certificate', async () => {
    const s = withVideos(setup());
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    const hash = s.mem.docs.get('doc1')!.finalSha256!;
    await expect(anchorDocument(s.anchorDeps, { docuId: 'doc1', hash }, silentLog)).resolves.toBe('anchored');
    expect([...s.chain.minted.keys()].sort()).toEqual([...VIDEO_SHA, hash].sort());
    expect(s.chain.mints).toBe(3);
    const rows = s.mem.recipients.get('doc1')!;
    expect(rows.map((r) => [r.videoAnchor?.sha256, r.videoAnchor?.tokenId])).toEqual([
      [VIDEO_SHA[0], s.chain.minted.get(VIDEO_SHA[0]!)!.tokenId],
      [VIDEO_SHA[1], s.chain.minted.get(VIDEO_SHA[1]!)!.tokenId],
    ]);
    // A retried message: nothing minted again.
    await expect(anchorDocument(s.anchorDeps, { docuId: 'doc1', hash }, silentLog)).resolves.toBe(
      'already-anchored',
    );
    expect(s.chain.mints).toBe(3);
    const mail = notifyJobs(s.queued).find(
      (m) => m.kind === 'email' && m.idempotencyKey === 'certificate#doc1#hanako@example.com',
    )!;
    expect(mail.kind === 'email' && mail.text).toContain(`山田 花子 の動画：SHA-256 ${VIDEO_SHA[0]}`);
    expect(mail.kind === 'email' && mail.text).toContain(`김민수 の動画：SHA-256 ${VIDEO_SHA[1]}`);
    expect(mail.kind === 'email' && mail.html).toContain('<br>');
  });

  it('video sign: a crash between two mints leaves each hash minted exactly once after the retry', async () => {
    const s = withVideos(setup());
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    const hash = s.mem.docs.get('doc1')!.finalSha256!;
    // The first video's token is minted, then the worker dies before recording it and before the next.
    const mint = s.chain.mint.bind(s.chain);
    let calls = 0;
    s.chain.mint = async (sha, holder) => {
      calls += 1;
      const record = await mint(sha, holder);
      if (calls === 1) throw new Error('worker killed after the first mint');
      return record;
    };
    await expect(anchorDocument(s.anchorDeps, { docuId: 'doc1', hash }, silentLog)).rejects.toThrow('killed');
    expect(s.chain.mints).toBe(1);
    expect(s.mem.docs.get('doc1')!.anchorTokenId).toBeUndefined();
    expect(s.seals.markers.has('anchor#doc1')).toBe(true);
    await expect(anchorDocument(s.anchorDeps, { docuId: 'doc1', hash }, silentLog)).resolves.toBe('anchored');
    expect(s.chain.mints).toBe(3);
    expect(s.mem.recipients.get('doc1')!.every((r) => r.videoAnchor)).toBe(true);
    expect(s.seals.markers.has('anchor#doc1')).toBe(false);
  });

  it('a chain that is down fails the job and leaves the document Completed, not anchored', async () => {
    const s = await sealed();
    s.chain.down = true;
    await expect(anchorDocument(s.anchorDeps, { docuId: 'doc1', hash: s.hash }, silentLog)).rejects.toThrow(
      'timed out',
    );
    const doc = s.mem.docs.get('doc1')!;
    expect(doc.status).toBe('Completed');
    expect(doc.anchorTokenId).toBeUndefined();
    expect(s.seals.markers.has('anchor#doc1')).toBe(true);
  });

  it('a stale hash is skipped', async () => {
    const s = await sealed();
    await expect(
      anchorDocument(s.anchorDeps, { docuId: 'doc1', hash: '0'.repeat(64) }, silentLog),
    ).resolves.toBe('skipped');
    expect(s.chain.mints).toBe(0);
  });

  describe('who receives the token (issue #32)', () => {
    const SERVICE = '0x' + '5'.repeat(40);

    it('a typed wallet never signed for receives nothing: minted to the service, held for the owner', async () => {
      const s = setup({ owner: { ...OWNER, walletVerifiedAt: undefined } });
      await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
      const hash = s.mem.docs.get('doc1')!.finalSha256!;
      await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash }, silentLog);
      expect(s.chain.minted.get(hash)!.holder).toBe(SERVICE);
      expect(s.mem.docs.get('doc1')).toMatchObject({ anchorHolder: SERVICE, anchorHeld: true });
    });

    it('an owner without a wallet: held by the service', async () => {
      const s = await sealed({ wallet: false });
      await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash: s.hash }, silentLog);
      expect(s.mem.docs.get('doc1')).toMatchObject({ anchorHolder: SERVICE, anchorHeld: true });
    });

    it('a verified wallet receives it: not held', async () => {
      const s = await sealed();
      await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash: s.hash }, silentLog);
      expect(s.chain.minted.get(s.hash)!.holder).toBe(OWNER.walletAddress);
      expect(s.mem.docs.get('doc1')).toMatchObject({ anchorHolder: OWNER.walletAddress, anchorHeld: false });
    });

    it('a retry that finds the hash minted to the service records it held, whatever the owner has now', async () => {
      const s = await sealed();
      // Minted to the service by an earlier attempt (the owner had no wallet then), not recorded.
      await s.chain.mint(s.hash, SERVICE);
      await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash: s.hash }, silentLog);
      expect(s.mem.docs.get('doc1')).toMatchObject({ anchorHolder: SERVICE, anchorHeld: true });
    });

    /** A contractor's account (hanako@example.com, contractor 0) with a verified wallet, and the link
     *  from the e-mail to it; `over` changes the account after it was linked. */
    function withContractorAccount(over: Partial<UserRecord> = {}) {
      const wallet = '0x' + 'b'.repeat(40);
      const hanako = {
        userId: 'hanako-1',
        email: 'hanako@example.com',
        name: '山田 花子',
        emailVerified: true,
        walletAddress: wallet,
        walletVerifiedAt: '2026-11-21T10:00:00.000Z',
        ...over,
      } as UserRecord;
      const s = withVideos(setup({ accounts: [hanako] }));
      const links = new Map([['hanako@example.com', { userId: 'hanako-1', address: wallet }]]);
      const lookups: string[] = [];
      const anchorDeps: AnchorDeps = {
        ...s.anchorDeps,
        links: {
          walletLinkOf: async (email: string) => {
            lookups.push(email);
            return links.get(email) ?? null;
          },
        },
      };
      return { ...s, anchorDeps, wallet, lookups };
    }

    async function anchorAll(s: ReturnType<typeof withContractorAccount>) {
      await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
      const hash = s.mem.docs.get('doc1')!.finalSha256!;
      await expect(anchorDocument(s.anchorDeps, { docuId: 'doc1', hash }, silentLog)).resolves.toBe(
        'anchored',
      );
      return hash;
    }

    it('video sign: a contractor with a verified wallet gets the token of their own video', async () => {
      const s = withContractorAccount();
      const hash = await anchorAll(s);
      expect(s.chain.minted.get(VIDEO_SHA[0]!)!.holder).toBe(s.wallet);
      // The phone contractor has no account: their video's token and the PDF's go to the owner.
      expect(s.chain.minted.get(VIDEO_SHA[1]!)!.holder).toBe(OWNER.walletAddress);
      expect(s.chain.minted.get(hash)!.holder).toBe(OWNER.walletAddress);
      const rows = s.mem.recipients.get('doc1')!;
      expect(rows[0]!.videoAnchor?.holder).toBe(s.wallet);
      expect(rows[1]!.videoAnchor?.holder).toBe(OWNER.walletAddress);
      expect(s.lookups).toEqual(['hanako@example.com']);
    });

    it.each([
      ['the e-mail is no longer verified', { emailVerified: false }],
      ['the wallet was typed, not signed for', { walletVerifiedAt: undefined }],
      ['another wallet was connected since', { walletAddress: '0x' + 'd'.repeat(40) }],
      ['the account’s e-mail changed', { email: 'hanako.new@example.com' }],
      ['the account is closed', { closed: true }],
    ])('video sign: a stale link is not followed when %s (the owner’s holder instead)', async (_w, over) => {
      const s = withContractorAccount(over as Partial<UserRecord>);
      await anchorAll(s);
      expect(s.chain.minted.get(VIDEO_SHA[0]!)!.holder).toBe(OWNER.walletAddress);
    });

    it('video sign: without the links store, every video token goes to the owner’s holder', async () => {
      const s = withContractorAccount();
      const { links: _links, ...withoutLinks } = s.anchorDeps;
      await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
      const hash = s.mem.docs.get('doc1')!.finalSha256!;
      await anchorDocument(withoutLinks, { docuId: 'doc1', hash }, silentLog);
      expect(s.chain.minted.get(VIDEO_SHA[0]!)!.holder).toBe(OWNER.walletAddress);
    });
  });
});

describe('the claim of a held token (issue #32)', () => {
  const SERVICE = '0x' + '5'.repeat(40);
  const WALLET = '0x' + 'b'.repeat(40);
  const ASKED = '2026-11-22T11:00:00.000Z';

  /** A contract anchored while its owner had no wallet (held by the service), then claimed to WALLET
   *  as claimToken records it; answers the claim's job. */
  async function claimed() {
    const s = setup({ wallet: false });
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    const hash = s.mem.docs.get('doc1')!.finalSha256!;
    await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash }, silentLog);
    expect(s.mem.docs.get('doc1')).toMatchObject({ anchorHolder: SERVICE, anchorHeld: true });
    expect(await s.seals.requestClaim('doc1', WALLET, ASKED)).toBe(true);
    s.queued.length = 0;
    const job = { docuId: 'doc1', hash, claim: true as const };
    const tokenId = s.mem.docs.get('doc1')!.anchorTokenId!;
    return { ...s, job, hash, tokenId };
  }

  const claimItems = (s: { mem: InMemoryDocuments }) =>
    s.mem.history.filter((h) => h.docuId === 'doc1' && h.action === 'token_claimed');
  /** History items are keyed by their id (a put of the same id replaces the item, as in the table). */
  const distinctIds = (items: { itemId: string }[]) => new Set(items.map((h) => h.itemId)).size;

  it('moves the token to the claimed wallet once, records it, and writes one token_claimed', async () => {
    const s = await claimed();

    await expect(anchorDocument(s.anchorDeps, s.job, silentLog)).resolves.toBe('anchored');

    expect(s.chain.transfers).toBe(1);
    expect(s.chain.owners.get(s.tokenId)).toBe(WALLET);
    const doc = s.mem.docs.get('doc1')!;
    expect(doc).toMatchObject({
      claimTo: WALLET,
      claimRequestedAt: ASKED,
      claimTxHash: '0x' + '1'.padStart(64, 'f'),
      claimedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      anchorHolder: WALLET,
    });
    expect(doc.claimError).toBeUndefined();
    expect(s.seals.markers.has('claim#doc1')).toBe(false);
    const items = claimItems(s);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      itemId: `${doc.claimedAt}#claim`,
      time: doc.claimedAt,
      transactionHash: doc.claimTxHash,
      actorName: 'SignSeal',
    });
    // Nothing minted again, no certificate sent again.
    expect(s.chain.mints).toBe(1);
    expect(s.queued).toEqual([]);
  });

  it('a retry after the move changes nothing: no second transfer, the same record and history item', async () => {
    const s = await claimed();
    await anchorDocument(s.anchorDeps, s.job, silentLog);
    const before = { ...s.mem.docs.get('doc1')! };

    await expect(anchorDocument(s.anchorDeps, s.job, silentLog)).resolves.toBe('anchored');
    await expect(anchorDocument(s.anchorDeps, s.job, silentLog)).resolves.toBe('anchored');

    expect(s.chain.transfers).toBe(1);
    expect(s.mem.docs.get('doc1')).toEqual(before);
    const items = claimItems(s);
    expect(distinctIds(items)).toBe(1);
    expect(new Set(items.map((h) => h.transactionHash))).toEqual(new Set([before.claimTxHash]));
  });

  it('a worker killed after sending: the retry finds the token moved and records it without moving it again', async () => {
    const s = await claimed();
    const transfer = s.chain.transferHeld.bind(s.chain);
    let calls = 0;
    s.chain.transferHeld = async (tokenId, to) => {
      calls += 1;
      const moved = await transfer(tokenId, to);
      if (calls === 1) throw new Error('worker killed after the transfer');
      return moved;
    };
    await expect(anchorDocument(s.anchorDeps, s.job, silentLog)).rejects.toThrow('killed');
    expect(s.mem.docs.get('doc1')!.claimedAt).toBeUndefined();
    expect(s.seals.markers.has('claim#doc1')).toBe(true);
    expect(claimItems(s)).toHaveLength(0);

    await expect(anchorDocument(s.anchorDeps, s.job, silentLog)).resolves.toBe('anchored');
    expect(s.chain.transfers).toBe(1);
    expect(s.mem.docs.get('doc1')).toMatchObject({ anchorHolder: WALLET, claimedAt: expect.any(String) });
    expect(s.seals.markers.has('claim#doc1')).toBe(false);
    expect(distinctIds(claimItems(s))).toBe(1);
  });

  it('two workers with the same job: one transfer, one record, one history item', async () => {
    const s = await claimed();
    // The chain takes one transaction at a time (as a node orders them): transfers do not overlap.
    const transfer = s.chain.transferHeld.bind(s.chain);
    let turn: Promise<unknown> = Promise.resolve();
    s.chain.transferHeld = (tokenId, to) => {
      const next = turn.then(() => transfer(tokenId, to));
      turn = next.catch(() => undefined);
      return next;
    };
    const results = await Promise.all([
      anchorDocument(s.anchorDeps, s.job, silentLog),
      anchorDocument(s.anchorDeps, s.job, silentLog),
    ]);
    expect(results).toEqual(['anchored', 'anchored']);
    expect(s.chain.transfers).toBe(1);
    const doc = s.mem.docs.get('doc1')!;
    const items = claimItems(s);
    expect(distinctIds(items)).toBe(1);
    expect(items.every((h) => h.itemId === `${doc.claimedAt}#claim`)).toBe(true);
    expect(items.every((h) => h.transactionHash === doc.claimTxHash)).toBe(true);
  });

  it('a token the service no longer holds: the claim fails as notHeld, its marker removed, nothing moved', async () => {
    const s = await claimed();
    s.chain.owners.set(s.tokenId, '0x' + 'd'.repeat(40));

    await expect(anchorDocument(s.anchorDeps, s.job, silentLog)).resolves.toBe('skipped');

    const doc = s.mem.docs.get('doc1')!;
    expect(doc.claimError).toBe('notHeld');
    expect(doc.claimedAt).toBeUndefined();
    expect(doc.anchorHolder).toBe(SERVICE);
    expect(s.chain.transfers).toBe(0);
    expect(s.seals.markers.has('claim#doc1')).toBe(false);
    expect(claimItems(s)).toHaveLength(0);
    // A failed claim is not tried again.
    await expect(anchorDocument(s.anchorDeps, s.job, silentLog)).resolves.toBe('skipped');
    expect(s.chain.transfers).toBe(0);
  });

  it('a claim job for a document without a claim does nothing and drops a stray marker', async () => {
    const s = setup({ wallet: false });
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    const hash = s.mem.docs.get('doc1')!.finalSha256!;
    await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash }, silentLog);
    s.seals.markers.set('claim#doc1', { queue: 'claim', docuId: 'doc1', since: ASKED, to: WALLET });
    await expect(
      anchorDocument(s.anchorDeps, { docuId: 'doc1', hash, claim: true }, silentLog),
    ).resolves.toBe('skipped');
    expect(s.chain.transfers).toBe(0);
    expect(s.seals.markers.has('claim#doc1')).toBe(false);
  });

  it('a stalled chain delays the move, never loses it: the marker stays, the sweep re-queues, then it moves once', async () => {
    const s = await claimed();
    s.chain.down = true;
    await expect(anchorDocument(s.anchorDeps, s.job, silentLog)).rejects.toThrow('timed out');
    expect(s.seals.markers.has('claim#doc1')).toBe(true);
    expect(s.mem.docs.get('doc1')!.claimedAt).toBeUndefined();

    const sweepDeps = {
      docs: s.mem,
      seals: s.seals,
      queue: s.sealDeps.queue,
      now: () => new Date(Date.parse(ASKED) + 3600_000),
    };
    const report = await sweep(sweepDeps, { minAgeSeconds: 300, maxPerRun: 10 }, silentLog);
    expect(report).toMatchObject({ claim: 1, cleaned: 0 });
    expect(s.queued).toEqual([{ queue: 'anchor', job: s.job }]);

    // Still down: the re-queued job fails again and the marker stays for the next sweep.
    await expect(anchorDocument(s.anchorDeps, s.queued[0]!.job as typeof s.job, silentLog)).rejects.toThrow();
    expect(s.seals.markers.has('claim#doc1')).toBe(true);

    s.chain.down = false;
    await expect(anchorDocument(s.anchorDeps, s.queued[0]!.job as typeof s.job, silentLog)).resolves.toBe(
      'anchored',
    );
    expect(s.chain.transfers).toBe(1);
    expect(s.seals.markers.has('claim#doc1')).toBe(false);
    s.queued.length = 0;
    expect(await sweep(sweepDeps, { minAgeSeconds: 300, maxPerRun: 10 }, silentLog)).toMatchObject({
      claim: 0,
      cleaned: 0,
    });
    expect(s.queued).toEqual([]);
  });

  it('the sweep leaves a young claim alone, keeps to its run limit, and cleans markers of claims done, failed or gone', async () => {
    const s = await claimed();
    const base = s.mem.docs.get('doc1')!;
    const now = new Date(Date.parse(ASKED) + 3600_000);
    const old = '2026-11-22T10:00:00.000Z';
    const put = (docuId: string, changes: Partial<DocumentRecord>, since = old) => {
      s.mem.docs.set(docuId, { ...base, docuId, ...changes } as DocumentRecord);
      s.seals.markers.set(`claim#${docuId}`, { queue: 'claim', docuId, since, to: WALLET });
    };
    put('young', {}, new Date(now.getTime() - 60_000).toISOString());
    put('done', { claimedAt: old, claimTxHash: '0x' + '9'.repeat(64) });
    put('failed', { claimError: 'notHeld' });
    put('unclaimed', { claimTo: undefined });
    s.seals.markers.set('claim#gone', { queue: 'claim', docuId: 'gone', since: old, to: WALLET });
    put('pending2', {});
    const deps = { docs: s.mem, seals: s.seals, queue: s.sealDeps.queue, now: () => now };

    const report = await sweep(deps, { minAgeSeconds: 300, maxPerRun: 10 }, silentLog);

    expect(report).toMatchObject({ claim: 2, cleaned: 4 });
    expect(s.queued.map((q) => [q.queue, (q.job as { docuId: string }).docuId]).sort()).toEqual([
      ['anchor', 'doc1'],
      ['anchor', 'pending2'],
    ]);
    for (const q of s.queued) expect(q.job).toMatchObject({ hash: s.hash, claim: true });
    expect([...s.seals.markers.keys()].filter((k) => k.startsWith('claim#')).sort()).toEqual([
      'claim#doc1',
      'claim#pending2',
      'claim#young',
    ]);

    s.queued.length = 0;
    expect(await sweep(deps, { minAgeSeconds: 300, maxPerRun: 1 }, silentLog)).toMatchObject({ claim: 1 });
    expect(s.queued).toHaveLength(1);
  });
});

describe('sweep', () => {
  it('re-queues overdue seals and anchors within its limits and cleans stale markers', async () => {
    const s = setup();
    const deps = {
      docs: s.mem,
      seals: s.seals,
      queue: s.sealDeps.queue,
      now: () => new Date('2026-11-22T10:00:00Z'),
    };
    s.seals.markers.set('seal#gone', { queue: 'seal', docuId: 'gone', since: '2026-11-22T08:00:00.000Z' });
    const first = await sweep(deps, { minAgeSeconds: 300, maxPerRun: 10 }, silentLog);
    expect(first).toEqual({
      seal: 1,
      anchor: 0,
      claim: 0,
      notify: 0,
      renew: 0,
      cleaned: 1,
      stuckGenerating: 1,
      postponed: 0,
    });
    expect(s.queued).toEqual([{ queue: 'seal', job: { docuId: 'doc1', reason: 'sweep' } }]);

    // Too recent: nothing.
    const young = await sweep(
      { ...deps, now: () => new Date('2026-11-22T09:01:00Z') },
      { minAgeSeconds: 300, maxPerRun: 10 },
      silentLog,
    );
    expect(young).toEqual({
      seal: 0,
      anchor: 0,
      claim: 0,
      notify: 0,
      renew: 0,
      cleaned: 0,
      stuckGenerating: 0,
      postponed: 0,
    });

    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    s.queued.length = 0;
    const later = { ...deps, now: () => new Date(Date.now() + 3600_000) };
    expect(await sweep(later, { minAgeSeconds: 300, maxPerRun: 10 }, silentLog)).toEqual({
      seal: 0,
      anchor: 1,
      claim: 0,
      notify: 0,
      renew: 0,
      cleaned: 0,
      stuckGenerating: 0,
      postponed: 0,
    });
    expect(s.queued[0]).toMatchObject({ queue: 'anchor', job: { docuId: 'doc1' } });
    expect(await sweep(later, { minAgeSeconds: 300, maxPerRun: 0 }, silentLog)).toEqual({
      seal: 0,
      anchor: 0,
      claim: 0,
      notify: 0,
      renew: 0,
      cleaned: 0,
      stuckGenerating: 0,
      postponed: 0,
    });
  });

  it('re-queues nothing into a queue with a backlog of at least a run’s limit, and resumes when it drains (issue #33)', async () => {
    const s = setup();
    const at = '2026-11-22T08:00:00.000Z';
    for (const id of ['g1', 'g2', 'g3']) {
      s.mem.docs.set(id, { ...s.mem.docs.get('doc1')!, docuId: id, status: 'Generating' });
      s.seals.markers.set(`seal#${id}`, { queue: 'seal', docuId: id, since: at });
    }
    const waiting = { seal: 2, anchor: 0 };
    const asked: string[] = [];
    const deps = {
      docs: s.mem,
      seals: s.seals,
      queue: s.sealDeps.queue,
      now: () => new Date('2026-11-22T10:00:00Z'),
      backlog: async (queue: 'seal' | 'anchor') => {
        asked.push(queue);
        return waiting[queue];
      },
    };
    // Two waiting, limit 2: a backlog — the four overdue seals (doc1 and three more) are most likely
    // still queued.
    const busy = await sweep(deps, { minAgeSeconds: 300, maxPerRun: 2 }, silentLog);
    expect(busy).toMatchObject({ seal: 0, postponed: 4, stuckGenerating: 4 });
    expect(s.queued).toEqual([]);
    expect(asked).toEqual(['seal']); // no anchor markers: the anchor queue is not asked
    // One waiting: below the limit, the sweep re-queues as before.
    waiting.seal = 1;
    expect(await sweep(deps, { minAgeSeconds: 300, maxPerRun: 2 }, silentLog)).toMatchObject({
      seal: 2,
      postponed: 0,
      stuckGenerating: 4,
    });
    expect(s.queued.map((q) => q.queue)).toEqual(['seal', 'seal']);
    // SQS cannot say: swept as before, a warning logged.
    s.queued.length = 0;
    const lines: string[] = [];
    const log = createLogger({}, 'info', (line) => lines.push(line));
    const unknown = { ...deps, backlog: async () => Promise.reject(new Error('AccessDenied')) };
    expect(await sweep(unknown, { minAgeSeconds: 300, maxPerRun: 2 }, log)).toMatchObject({ seal: 2 });
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'queue backlog unknown; sweeping as usual',
        queue: 'seal',
      }),
    );
  });

  it('queues the archive timestamp renewals that are due, and only those (issue #30 item 3)', async () => {
    const s = setup();
    s.seals.renewals.set('due1', '2026-11-22T09:00:00.000Z');
    s.seals.renewals.set('later', '2027-01-01T00:00:00.000Z');
    const report = await sweep(
      { docs: s.mem, seals: s.seals, queue: s.sealDeps.queue, now: () => new Date('2026-11-22T10:00:00Z') },
      { minAgeSeconds: 300, maxPerRun: 10 },
      silentLog,
    );
    expect(report.renew).toBe(1);
    expect(s.queued).toContainEqual({
      queue: 'seal',
      job: { docuId: 'due1', renew: true, dueAt: '2026-11-22T09:00:00.000Z', reason: 'renewal' },
    });
  });

  it('schedules a renewal before the authority certificate ends: 90 days, or halfway when shorter', () => {
    const genTime = new Date('2026-01-01T00:00:00Z');
    expect(renewalDue({ genTime, certificateNotAfter: new Date('2031-01-01T00:00:00Z') }, 90)).toEqual(
      new Date('2030-10-03T00:00:00Z'),
    );
    expect(renewalDue({ genTime, certificateNotAfter: new Date('2026-01-01T00:04:00Z') }, 90)).toEqual(
      new Date('2026-01-01T00:02:00Z'),
    );
  });

  it('counts every document stuck in Generating, also beyond the run limit of re-queues (issue #20)', async () => {
    const s = setup();
    const at = '2026-11-22T08:00:00.000Z';
    for (const id of ['g1', 'g2', 'g3']) {
      s.mem.docs.set(id, { ...s.mem.docs.get('doc1')!, docuId: id, status: 'Generating' });
      s.seals.markers.set(`seal#${id}`, { queue: 'seal', docuId: id, since: at });
    }
    const report = await sweep(
      { docs: s.mem, seals: s.seals, queue: s.sealDeps.queue, now: () => new Date('2026-11-22T10:00:00Z') },
      { minAgeSeconds: 300, maxPerRun: 2 },
      silentLog,
    );
    // doc1 of the set-up is Generating too: four documents stuck, two re-queued (the run's limit).
    expect(report).toMatchObject({ seal: 2, stuckGenerating: 4 });
    expect(s.queued.filter((q) => q.queue === 'seal')).toHaveLength(2);
  });
});

describe('verification', () => {
  it('answers by hash and by document id, with parties masked and the chain read live', async () => {
    const s = setup();
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    const hash = s.mem.docs.get('doc1')!.finalSha256!;
    const deps = verifyDepsOf(s);
    const pending = await verify(deps, { hash }, silentLog);
    expect(pending).toMatchObject({ known: true, hash, chain: { state: 'pending' } });
    expect(pending.document?.parties.map((p) => p.name)).toEqual(['O**** P*****', '山* 花*', '김**']);
    expect(JSON.stringify(pending)).not.toContain('hanako@example.com');

    await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash }, silentLog);
    const anchored = await verify(deps, { document: 'doc1' }, silentLog);
    expect(anchored).toMatchObject({
      known: true,
      hash,
      chain: { state: 'anchored', record: { sha256: hash, tokenId: '1' } },
    });

    const other = await verify(deps, { hash: '1'.repeat(64) }, silentLog);
    expect(other).toEqual({ hash: '1'.repeat(64), known: false, chain: { state: 'absent' } });

    s.chain.down = true;
    expect((await verify(deps, { hash }, silentLog)).chain).toEqual({ state: 'unavailable' });
    expect((await verify({ ...deps, chain: () => null }, { hash }, silentLog)).chain).toEqual({
      state: 'unavailable',
    });
  });

  it('answers by a renewed file’s hash with its document and the anchored hash’s token (issue #30)', async () => {
    const s = setup();
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    const anchoredHash = s.mem.docs.get('doc1')!.finalSha256!;
    await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash: anchoredHash }, silentLog);
    const renewed = 'c'.repeat(64);
    s.seals.hashes.set(renewed, {
      sha256: renewed,
      docuId: 'doc1',
      sealedAt: '2027-01-01T00:00:00.000Z',
      renewedAt: '2027-01-01T00:00:00.000Z',
    } as never);
    const answer = await verify(verifyDepsOf(s), { hash: renewed }, silentLog);
    expect(answer).toMatchObject({
      known: true,
      hash: anchoredHash,
      document: { finalSha256: anchoredHash },
      chain: { state: 'anchored', record: { sha256: anchoredHash } },
    });
    // A hash registered for no renewal and not the document's is still unknown.
    s.seals.hashes.set('d'.repeat(64), { sha256: 'd'.repeat(64), docuId: 'doc1', sealedAt: 'x' } as never);
    expect((await verify(verifyDepsOf(s), { hash: 'd'.repeat(64) }, silentLog)).known).toBe(false);
  });

  it('answers by an agreement video’s hash: whose video of which contract, with its own token', async () => {
    const s = withVideos(setup());
    const deps = verifyDepsOf(s);
    // Not sealed yet: the video is not a sealed contract's evidence.
    expect(await verify(deps, { hash: VIDEO_SHA[1]! }, silentLog)).toMatchObject({ known: false });
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    const hash = s.mem.docs.get('doc1')!.finalSha256!;
    const pending = await verify(deps, { hash: VIDEO_SHA[1]! }, silentLog);
    expect(pending).toMatchObject({
      known: true,
      hash: VIDEO_SHA[1],
      document: { title: '賃貸契約', shortNumber: 'AB12', finalSha256: hash },
      video: { recipientName: '김민수', recordedAt: '2026-11-22T08:59:40.000Z', contentType: 'video/webm' },
      chain: { state: 'pending' },
    });
    await anchorDocument(s.anchorDeps, { docuId: 'doc1', hash }, silentLog);
    const anchored = await verify(deps, { hash: VIDEO_SHA[1]! }, silentLog);
    expect(anchored.chain.record).toMatchObject({
      sha256: VIDEO_SHA[1],
      tokenId: s.mem.recipients.get('doc1')![1]!.videoAnchor!.tokenId,
    });
    // The PDF's own hash is still the document, with no video.
    expect((await verify(deps, { hash }, silentLog)).video).toBeUndefined();
  });

  it('masks names word by word', () => {
    expect(maskName('Alice Smith')).toBe('A**** S****');
    expect(maskName('山田 花子')).toBe('山* 花*');
    expect(maskName('A')).toBe('A*');
  });
});

/** The test document as a video contract (issue #16): no original; the owner is recipient 0 with a
 *  video of their own, the two contractors are rows 1 and 2; the second contractor's still is gone. */
function asVideoContract(s: ReturnType<typeof setup>) {
  withVideos(s);
  const { fileKey: _f, sha256: _s, pages: _p, ...doc } = s.mem.docs.get('doc1')!;
  s.mem.docs.set('doc1', { ...doc, kind: 'vcontract' });
  const contractors = s.mem.recipients.get('doc1')!.map((r) => ({ ...r, index: r.index + 1, areas: [] }));
  const owner: RecipientRecord = {
    docuId: 'doc1',
    index: 0,
    name: OWNER.name,
    contact: OWNER.email,
    method: 'email',
    isOwner: true,
    agreement: 1,
    video: { ...contractors[0]!.video!, sha256: OWNER_VIDEO_SHA, challenge: '1111', key: 'v/owner.webm' },
  };
  const rows = [owner, ...contractors];
  rows.forEach((r) => (r.video = { ...r.video!, thumbnailKey: `thumbs/${r.index}.jpg` }));
  s.mem.recipients.set('doc1', rows);
  s.storage.objects.set('thumbs/0.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0]));
  s.storage.objects.set('thumbs/1.jpg', new Uint8Array([0xff, 0xd8, 0xff, 1]));
  s.storage.objects.delete('documents/doc1/original.pdf');
  storeVideoObjects(s);
  return s;
}
const OWNER_VIDEO_SHA = '0'.repeat(64);

describe('video contract (issue #16)', () => {
  it('seals a contract record: every video with its still (a missing one left out), no original, no stamps', async () => {
    const s = asVideoContract(setup());
    await expect(sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog)).resolves.toBe('sealed');
    const input = s.sealCalls[0]!;
    expect(input.original).toBeUndefined();
    expect(input.stamps).toEqual([]);
    expect(input.videoMarks).toBeUndefined();
    const record = input.record!;
    expect(record).toMatchObject({ title: '賃貸契約', shortNumber: 'AB12', documentId: 'doc1' });
    expect(record.parties.map((p) => [p.name, p.role])).toEqual([
      ['Owner Person', '依頼者'],
      ['山田 花子', '契約者 1'],
      ['김민수', '契約者 2'],
    ]);
    expect(record.videos.map((v) => [v.recipient, v.sha256, v.challenge, v.thumbnail?.[3]])).toEqual([
      ['Owner Person (依頼者)', OWNER_VIDEO_SHA, '1111', 0],
      ['山田 花子 (契約者 1)', VIDEO_SHA[0], '4820', 1],
      ['김민수 (契約者 2)', VIDEO_SHA[1], '4821', undefined],
    ]);
    expect(record.videos[2]!.verifyUrl).toBe(`https://app.example.com/jp/verify?video=${VIDEO_SHA[1]}`);
    // The audit: the owner once (the requester), contractors numbered by index, no original rows.
    expect(input.audit.parties.map((p) => [p.role, p.result])).toEqual([
      ['依頼者', '同意'],
      ['契約者 1', '同意'],
      ['契約者 2', '同意'],
    ]);
    expect(input.audit).not.toHaveProperty('originalSha256');
    expect(input.audit).not.toHaveProperty('originalFileName');
    expect(input.audit).not.toHaveProperty('pageCount');
    expect(input.audit.videos!.map((v) => v.recipient)).toEqual(record.videos.map((v) => v.recipient));
    // Every video hash (the owner's too) is recorded for verification.
    for (const [i, sha] of [OWNER_VIDEO_SHA, ...VIDEO_SHA].entries()) {
      expect(s.seals.hashes.get(sha!)).toMatchObject({ docuId: 'doc1', recipientIndex: i });
    }
    const mails = notifyJobs(s.queued);
    const owner = mails.find((m) => m.idempotencyKey === 'completion#doc1#owner@example.com')!;
    expect(owner.kind === 'email' && owner.subject).toContain('動画契約');
    expect(owner.kind === 'email' && owner.text).toContain('契約記録');
    expect(owner.kind === 'email' && owner.attachments?.[0]?.key).toBe(s.mem.docs.get('doc1')!.finalKey);
    // The owner's own row shares the owner's address: one message each, not two.
    expect(mails.filter((m) => m.idempotencyKey.startsWith('completion#')).map((m) => m.to)).toEqual([
      ['owner@example.com'],
      ['hanako@example.com'],
      '+821012345678',
      ['copy@example.com'],
    ]);
  });

  it('mints one token per video (the owner’s too) and one for the record; the certificate names each party once', async () => {
    const s = asVideoContract(setup());
    const certificates: Parameters<AnchorDeps['certificatePdf']>[0][] = [];
    const deps: AnchorDeps = {
      ...s.anchorDeps,
      certificatePdf: async (input) => {
        certificates.push(input);
        return new TextEncoder().encode('%PDF-certificate');
      },
    };
    await sealDocument(s.sealDeps, { docuId: 'doc1' }, silentLog);
    const hash = s.mem.docs.get('doc1')!.finalSha256!;
    await expect(anchorDocument(deps, { docuId: 'doc1', hash }, silentLog)).resolves.toBe('anchored');
    await expect(anchorDocument(deps, { docuId: 'doc1', hash }, silentLog)).resolves.toBe('already-anchored');
    expect(s.chain.mints).toBe(4);
    expect([...s.chain.minted.keys()].sort()).toEqual([OWNER_VIDEO_SHA, ...VIDEO_SHA, hash].sort());
    const certificate = certificates[0]!;
    expect(certificate.parties.map((p) => p.name)).toEqual(['Owner Person', '山田 花子', '김민수']);
    expect(certificate).not.toHaveProperty('originalSha256');
    expect(certificate.videos?.map((v) => v.sha256)).toEqual([OWNER_VIDEO_SHA, ...VIDEO_SHA]);

    const verifyDeps = verifyDepsOf(s);
    const byRecord = await verify(verifyDeps, { hash }, silentLog);
    expect(byRecord).toMatchObject({ known: true, chain: { state: 'anchored' } });
    expect(byRecord.document!.parties).toHaveLength(3);
    const byOwnerVideo = await verify(verifyDeps, { hash: OWNER_VIDEO_SHA }, silentLog);
    expect(byOwnerVideo).toMatchObject({
      known: true,
      video: { recipientName: 'Owner Person' },
      chain: { state: 'anchored', record: { sha256: OWNER_VIDEO_SHA } },
    });
  });
});
