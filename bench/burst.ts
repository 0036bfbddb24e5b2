// Burst (issue #33 part 3): N contracts (default 1,000, `--contracts N`), each with two contractors,
// prepared through the API with the first contractor's agreement done; then every LAST agreement is
// sent through the signer API within 60 s, evenly spread, and the bench waits until each contract's
// certificate e-mail has reached every party. Measured: last agreement → certificate in the local
// mailbox (p50/p95/p99), the total time, contracts per second per worker process, and where the
// time goes (each job's queue wait and run time, from the workers' timings). Then it CHECKS
// exactly-once (bench/burst-check.ts): one completion and one certificate mail per party (the local
// mailbox), one Anchored event per hash (eth_getLogs on the local chain), one sealed PDF kept per
// document (the bucket's `final-*.pdf` objects) and one 'hash_nft' history item.
//
// The queue workers run as `--workers N` (default 2) separate processes (local/worker-process.ts)
// against a local cloud started with LOCAL_POLLERS=off. The burst runs twice: all workers up, then
// with worker 0 SIGKILLed halfway through the sending window (its in-flight messages come back after
// their visibility timeout, scaled by LOCAL_JOB_TIME_SCALE). Progress on stderr; the whole run is
// kept in .bench/burst-<pid>/ (the workers' logs and timings) until the bench ends.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { id as keccakId } from 'ethers';
import { childEnv, ROOT } from '../test/support/spawn-cloud.mjs';
import { exactlyOnceFailures, type AnchoredEvent, type BurstMail } from './burst-check';
import { launchBenchCloud, stopBenchCloud, type BenchCloud } from './cloud';
import type { BenchContext } from './context';
import { percentile, row, type Row } from './stats';

export const BURST_CONTRACTS = 1000;
export const BURST_WORKERS = 2;
/** The last agreements are sent within this window, evenly spread. */
export const BURST_WINDOW_S = 60;
/** Contracts prepared at once. */
const PREP_CONCURRENCY = 8;
/** How long the burst may take to finish after its window before the bench gives up. */
const FINISH_TIMEOUT_S = 1800;
const MAILBOX_POLL_MS = 500;
/** Give up waiting when nothing is queued and no contract completed for this long. */
const STALL_MS = 20_000;

const SIGNER_LINK = /\/(?:en|jp|ko)\/outsign\/([0-9a-z]+)\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
const VERIFY_LINK = /verify\?document=([0-9a-z]+)/;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface SeenMail {
  to: string[];
  kind: 'completion' | 'certificate' | 'invite' | 'other';
  docuId?: string;
  token?: string;
  /** Date.now() when the bench first saw it in the mailbox. */
  seenAt: number;
}

/** The local mailbox, read every 500 ms from a second before the last read (the store's `since` is
 *  in whole seconds), so that every message is seen and timed within a poll of its arrival. */
class MailWatch {
  readonly mails = new Map<string, SeenMail>();
  private since = Math.floor(Date.now() / 1000) - 1;
  private running = true;
  private loop: Promise<void>;
  private waiters: (() => void)[] = [];

  constructor(private readonly url: string) {
    this.loop = this.run();
  }

  private async run() {
    while (this.running) {
      const started = Math.floor(Date.now() / 1000);
      try {
        const res = await fetch(`${this.url}/store?since=${this.since}`);
        const { emails } = (await res.json()) as {
          emails: {
            messageId: string;
            subject: string;
            destination: { to: string[] };
            body: { text?: string };
            attachments: { filename?: string }[];
          }[];
        };
        const now = Date.now();
        for (const e of emails) {
          if (this.mails.has(e.messageId)) continue;
          const text = e.body.text ?? '';
          const files = e.attachments.map((a) => a.filename ?? '');
          const link = SIGNER_LINK.exec(text);
          const verify = VERIFY_LINK.exec(text);
          const kind = files.some((f) => f.endsWith('-certificate.pdf'))
            ? 'certificate'
            : files.some((f) => f.endsWith('-signed.pdf'))
              ? 'completion'
              : link
                ? 'invite'
                : 'other';
          this.mails.set(e.messageId, {
            to: e.destination.to.map((t) => t.toLowerCase()),
            kind,
            ...(link ? { docuId: link[1]!, token: link[2]! } : verify ? { docuId: verify[1]! } : {}),
            seenAt: now,
          });
        }
        this.since = started - 1;
        for (const w of this.waiters.splice(0)) w();
      } catch {
        // the mailbox is busy: the next poll reads from the same second
      }
      await sleep(MAILBOX_POLL_MS);
    }
  }

  /** Resolves after the next complete poll. */
  next(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = probe();
      if (v !== undefined) return v;
      if (Date.now() > deadline) throw new Error(`burst: no ${what} within ${timeoutMs / 1000} s`);
      await this.next();
    }
  }

  async stop() {
    this.running = false;
    await this.loop;
  }
}

interface Worker {
  child: ChildProcess;
  pid: number;
}

async function startWorker(cloud: BenchCloud, dir: string, index: number): Promise<Worker> {
  const log = fs.createWriteStream(path.join(dir, `worker-${index}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/worker-process.ts'], {
    cwd: ROOT,
    env: childEnv({
      ...cloud.info.handlerEnv,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      LOG_LEVEL: 'warn',
      WORKER_TIMINGS_FILE: path.join(dir, 'timings.jsonl'),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.pipe(log);
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      buffer += chunk.toString();
      if (buffer.includes('WORKER_READY')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker ${index} exited (${code}) before it was ready`)));
  });
  return { child, pid: child.pid! };
}

async function stopWorker(w: Worker): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => w.child.once('exit', () => resolve()));
  w.child.kill('SIGTERM');
  const timer = setTimeout(() => w.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

interface Prepared {
  docuId: string;
  ownerEmail: string;
  contractors: [string, string];
  lastToken: string;
}

async function prepare(count: number, watch: MailWatch, log: (l: string) => void): Promise<Prepared[]> {
  const { api } = await import('../test/support/cloud-client');
  const { newOwner, uploadPdf, makePdf } = await import('../test/support/documents');
  const { makePng } = await import('../test/support/png');
  const pdf = await makePdf();
  const png = Buffer.from(makePng(120, 48)).toString('base64');
  const owners: Awaited<ReturnType<typeof newOwner>>[] = [];
  for (let i = 0; i < Math.ceil(count / 100); i++) owners.push(await newOwner('en', `Burst Owner ${i + 1}`));
  // Preparation is not measured: on a busy machine a dependency may not answer within the SDK's
  // bounds (503, Retry-After), so a refused step is tried again after a pause.
  const stepMs = new Map<string, number>();
  const must = async (what: string, call: () => ReturnType<typeof api>, status = 200) => {
    const from = Date.now();
    try {
      return await tryStep(what, call, status);
    } finally {
      stepMs.set(what, (stepMs.get(what) ?? 0) + Date.now() - from);
    }
  };
  const tryStep = async (what: string, call: () => ReturnType<typeof api>, status: number) => {
    for (let attempt = 1; ; attempt++) {
      let res: Awaited<ReturnType<typeof api>>;
      try {
        res = await call();
      } catch (err) {
        // a fixture's own check (uploadPdf's presign) or a dropped connection
        if (attempt >= 5) throw err;
        await sleep(1000 * attempt);
        continue;
      }
      if (res.status === status) return res;
      // A step that timed out after it took effect (a 503 on a busy machine) is refused when tried
      // again as already done: the document moved on.
      if (attempt > 1 && res.status === 409) return res;
      if (attempt >= 5 || ![429, 503].includes(res.status))
        throw new Error(`burst prep: ${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      await sleep(1000 * attempt);
    }
  };
  const sign = async (docuId: string, token: string, areaIndex: number) => {
    const base = `/api/sign/${docuId}/${token}`;
    const s = await must('sign', () => api(`${base}/signs`, { method: 'POST', body: { image: png } }), 201);
    await must('apply sign', () =>
      api(`${base}/areas`, {
        method: 'PUT',
        body: { signs: [{ areaIndex, signId: s.body.signId }] },
      }),
    );
  };
  const tokenFor = (docuId: string, address: string) =>
    watch.waitFor(
      () => {
        for (const m of watch.mails.values())
          if (m.kind === 'invite' && m.docuId === docuId && m.to.includes(address)) return m.token;
        return undefined;
      },
      120_000,
      `signer link for ${docuId}`,
    );

  const out: Prepared[] = [];
  let next = 0;
  const started = Date.now();
  const one = async (i: number): Promise<Prepared> => {
    const owner = owners[i % owners.length]!;
    const created = await must(
      'create',
      () => api('/api/documents', { method: 'POST', token: owner.token, body: { kind: 'esign' } }),
      201,
    );
    const docuId = created.body.docuId as string;
    await must('upload', () => uploadPdf(owner, docuId, pdf));
    const tag = randomUUID().slice(0, 8);
    const contractors: [string, string] = [`burst-a-${tag}@example.com`, `burst-b-${tag}@example.com`];
    const auth = { token: owner.token };
    await must('recipients', () =>
      api(`/api/documents/${docuId}/recipients`, {
        method: 'PUT',
        ...auth,
        body: {
          recipients: [
            { name: 'First Signer', contact: contractors[0] },
            { name: 'Last Signer', contact: contractors[1] },
          ],
          finalRecipients: [],
          lang: 'en',
        },
      }),
    );
    const box = { pageIndex: 0, x: 50, width: 120, height: 40 };
    await must('areas', () =>
      api(`/api/documents/${docuId}/areas`, {
        method: 'PUT',
        ...auth,
        body: {
          areas: [
            { recipientIndex: 0, y: 60, ...box },
            { recipientIndex: 1, y: 200, ...box },
          ],
        },
      }),
    );
    await must('title', () =>
      api(`/api/documents/${docuId}`, {
        method: 'PATCH',
        ...auth,
        body: { title: `Burst ${i + 1}`, privateinfoAgree: true },
      }),
    );
    await must('send', () =>
      api(`/api/documents/${docuId}/send`, { method: 'POST', ...auth, body: { lang: 'en' } }),
    );
    const linksFrom = Date.now();
    const [first, last] = await Promise.all([
      tokenFor(docuId, contractors[0]),
      tokenFor(docuId, contractors[1]),
    ]);
    stepMs.set('signer links', (stepMs.get('signer links') ?? 0) + Date.now() - linksFrom);
    await sign(docuId, first, 0);
    await must('first agreement', () =>
      api(`/api/sign/${docuId}/${first}/agree`, { method: 'POST', body: { lang: 'en' } }),
    );
    await sign(docuId, last, 1);
    return { docuId, ownerEmail: owner.email.toLowerCase(), contractors, lastToken: last };
  };
  await Promise.all(
    Array.from({ length: Math.min(PREP_CONCURRENCY, count) }, async () => {
      while (next < count) {
        const i = next++;
        out.push(await one(i));
        if (out.length % 100 === 0 || out.length === count)
          log(`burst: prepared ${out.length}/${count} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      }
    }),
  );
  log(
    `burst: preparation time by step (summed over contracts): ${[...stepMs]
      .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(0)} s`)
      .join(', ')}`,
  );
  return out;
}

interface Timing {
  pid: number;
  queue: string;
  docuId?: string;
  kind?: string;
  attempt: number;
  sentAt: number;
  receivedAt: number;
  doneAt: number;
  batchSize: number;
  failed: boolean;
}

function readTimings(file: string): Timing[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Timing];
      } catch {
        return []; // a line cut by the SIGKILL
      }
    });
}

async function queuesEmpty(sqs: SQSClient, urls: string[]): Promise<boolean> {
  for (const QueueUrl of urls) {
    const a = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    const n =
      Number(a.Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(a.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
    if (n > 0) return false;
  }
  return true;
}

async function anchoredEvents(rpcUrl: string, contract: string): Promise<AnchoredEvent[]> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getLogs',
      params: [
        {
          address: contract,
          fromBlock: '0x0',
          toBlock: 'latest',
          topics: [keccakId('Anchored(bytes32,uint256,address)')],
        },
      ],
    }),
  });
  const body = (await res.json()) as {
    result?: { topics: string[]; transactionHash: string }[];
    error?: unknown;
  };
  if (!body.result) throw new Error(`eth_getLogs: ${JSON.stringify(body.error)}`);
  return body.result.map((l) => ({
    sha256: l.topics[1]!,
    tokenId: BigInt(l.topics[2]!).toString(),
    transactionHash: l.transactionHash,
  }));
}

/** Each document's sealed PDFs in the bucket (`documents/{id}/final-*.pdf`), listed a document at a
 *  time, a few at once: s3rver walks the directories under the asked prefix, and one listing of the
 *  whole `documents/` prefix (10,000+ objects at 1,000 contracts) failed with its InternalError. */
async function finalObjects(docuIds: readonly string[]): Promise<Map<string, string[]>> {
  const s3 = new S3Client({ forcePathStyle: true });
  const out = new Map<string, string[]>();
  const list = async (docuId: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const keys: string[] = [];
        let token: string | undefined;
        do {
          const page = await s3.send(
            new ListObjectsV2Command({
              Bucket: process.env.DOCUMENTS_BUCKET!,
              Prefix: `documents/${docuId}/final-`,
              ContinuationToken: token,
            }),
          );
          for (const o of page.Contents ?? []) if (/\.pdf$/.test(o.Key ?? '')) keys.push(o.Key!);
          token = page.NextContinuationToken;
        } while (token);
        if (keys.length) out.set(docuId, keys);
        return;
      } catch (err) {
        if (attempt >= 3) throw err;
        await sleep(500 * attempt);
      }
    }
  };
  await inTurns(docuIds, list);
  return out;
}

/** `work` for each item, eight at a time; the answers in the items' order. */
async function inTurns<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i]!);
    }),
  );
  return out;
}

const seconds = (ms: readonly number[]) => ms.map((m) => m / 1000);

interface PhaseResult {
  rows: Row[];
  failures: string[];
}

async function runPhase(
  ctx: BenchContext,
  cloud: BenchCloud,
  dir: string,
  label: string,
  kill: boolean,
): Promise<PhaseResult> {
  const count = ctx.contracts ?? BURST_CONTRACTS;
  const workerCount = ctx.workers ?? BURST_WORKERS;
  const { api } = await import('../test/support/cloud-client');
  const { documentDeps } = await import('../lambdas/deps');
  const phaseDir = path.join(dir, label.replace(/\W+/g, '-'));
  fs.mkdirSync(phaseDir, { recursive: true });
  const workers: Worker[] = [];
  for (let i = 0; i < workerCount; i++) workers.push(await startWorker(cloud, phaseDir, i));
  const watch = new MailWatch(cloud.info.mailboxUrl);
  const sqs = new SQSClient({ endpoint: cloud.info.endpoints.sqs, useQueueUrlAsEndpoint: false });
  const env = cloud.info.handlerEnv;
  try {
    ctx.log(`burst ${label}: preparing ${count} contracts (${workerCount} worker processes)…`);
    const docs = await prepare(count, watch, ctx.log);
    const byId = new Map(docs.map((d) => [d.docuId, d]));
    // Quiet before the burst: the preparation's messages are all handled.
    for (let i = 0; i < 600 && !(await queuesEmpty(sqs, [env.SEAL_QUEUE_URL!, env.NOTIFY_QUEUE_URL!])); i++)
      await sleep(500);

    ctx.log(`burst ${label}: sending ${count} last agreements within ${BURST_WINDOW_S} s…`);
    const windowMs = BURST_WINDOW_S * 1000;
    const t0 = Date.now() + 200;
    const agreedAt = new Map<string, number>();
    const agreeFailures: string[] = [];
    let killedAt: number | undefined;
    const killer = kill
      ? (async () => {
          await sleep(t0 + windowMs / 2 - Date.now());
          workers[0]!.child.kill('SIGKILL');
          killedAt = Date.now();
          ctx.log(`burst ${label}: worker 0 (pid ${workers[0]!.pid}) SIGKILLed`);
        })()
      : Promise.resolve();
    await Promise.all(
      docs.map(async (d, i) => {
        await sleep(t0 + (i * windowMs) / count - Date.now());
        const at = Date.now();
        const res = await api(`/api/sign/${d.docuId}/${d.lastToken}/agree`, {
          method: 'POST',
          body: { lang: 'en' },
        }).catch((err: unknown) => ({ status: 0, body: String(err) }));
        if (res.status === 200) agreedAt.set(d.docuId, at);
        else agreeFailures.push(`${d.docuId}: last agreement ${res.status} ${JSON.stringify(res.body)}`);
      }),
    );
    await killer;
    const sentIn = (Date.now() - t0) / 1000;
    ctx.log(`burst ${label}: ${agreedAt.size} agreements sent in ${sentIn.toFixed(1)} s; waiting…`);
    if (agreeFailures.length) {
      // What the refused agreements were answered, by status, at once (the check lists each later).
      const byStatus = new Map<string, number>();
      for (const f of agreeFailures) {
        const said = (f.split(': last agreement ')[1] ?? f).slice(0, 160);
        byStatus.set(said, (byStatus.get(said) ?? 0) + 1);
      }
      for (const [said, n] of [...byStatus].slice(0, 10))
        ctx.log(`burst ${label}: ${n} × last agreement ${said}`);
    }

    // Done: every party of every contract has its certificate.
    const certifiedAt = (d: Prepared): number | undefined => {
      const parties = [d.ownerEmail, ...d.contractors];
      let latest = 0;
      for (const p of parties) {
        let first: number | undefined;
        for (const m of watch.mails.values())
          if (m.kind === 'certificate' && m.docuId === d.docuId && m.to.includes(p))
            first = Math.min(first ?? Infinity, m.seenAt);
        if (first === undefined) return undefined;
        latest = Math.max(latest, first);
      }
      return latest;
    };
    const deadline = Date.now() + FINISH_TIMEOUT_S * 1000;
    let lastReport = Date.now();
    const done = new Map<string, number>();
    const queues = [env.SEAL_QUEUE_URL!, env.ANCHOR_QUEUE_URL!, env.NOTIFY_QUEUE_URL!];
    let progressAt = Date.now();
    while (done.size < agreedAt.size && Date.now() < deadline) {
      await watch.next();
      const before = done.size;
      for (const d of docs) {
        if (done.has(d.docuId) || !agreedAt.has(d.docuId)) continue;
        const at = certifiedAt(d);
        if (at !== undefined) done.set(d.docuId, at);
      }
      if (done.size > before) progressAt = Date.now();
      // Nothing queued or in flight (a dead worker's messages count until SQS hands them out again)
      // and nothing new for a while: what is missing will not come.
      else if (Date.now() - progressAt > STALL_MS && (await queuesEmpty(sqs, queues))) {
        ctx.log(`burst ${label}: stalled with ${done.size}/${agreedAt.size} certified; checking`);
        break;
      }
      if (Date.now() - lastReport > 15_000) {
        lastReport = Date.now();
        ctx.log(`burst ${label}: ${done.size}/${agreedAt.size} certified`);
      }
    }
    const finishedAt = Math.max(...done.values());
    // Exactly-once needs the queues drained: a retried job would mail or mint after this.
    while (Date.now() < deadline && !(await queuesEmpty(sqs, queues))) await sleep(1000);
    await sleep(3000);
    await watch.next();
    await watch.next();

    // The check.
    const repo = documentDeps().docs;
    // A few reads at once: 1,000 at a time made DynamoDB Local miss the SDK's connection timeout.
    const stored = await inTurns(docs, (d) => repo.getDocument(d.docuId));
    const histories = await inTurns(docs, (d) => repo.listHistory(d.docuId));
    const mails: BurstMail[] = [];
    for (const m of watch.mails.values())
      if ((m.kind === 'certificate' || m.kind === 'completion') && m.docuId && byId.has(m.docuId))
        mails.push({ docuId: m.docuId, kind: m.kind, to: m.to });
    const failures = [
      ...agreeFailures,
      ...exactlyOnceFailures({
        documents: docs.map((d, i) => ({
          docuId: d.docuId,
          parties: [d.ownerEmail, ...d.contractors],
          status: stored[i]?.status,
          finalSha256: stored[i]?.finalSha256,
          finalKey: stored[i]?.finalKey,
          anchorTokenId: stored[i]?.anchorTokenId,
        })),
        mails,
        anchored: await anchoredEvents(env.CHAIN_RPC_URL!, env.CHAIN_CONTRACT_ADDRESS!),
        finalObjects: await finalObjects(docs.map((d) => d.docuId)),
        anchorHistory: new Map(
          docs.map((d, i) => [d.docuId, histories[i]!.filter((h) => h.action === 'hash_nft').length]),
        ),
      }),
    ];
    if (failures.length) {
      ctx.log(`burst ${label}: EXACTLY-ONCE FAILED — ${failures.length} finding(s):`);
      for (const f of failures.slice(0, 50)) ctx.log(`  ✗ ${f}`);
    } else {
      ctx.log(
        `burst ${label}: exactly-once holds for ${count} contracts (mails, Anchored events, sealed PDFs, history)`,
      );
    }

    // The figures.
    const latencies = [...done].map(([id, at]) => at - agreedAt.get(id)!);
    const totalS = (finishedAt - t0) / 1000;
    const alive = kill ? workerCount - 1 : workerCount;
    const perWorker = done.size / totalS / workerCount;
    const timings = readTimings(path.join(phaseDir, 'timings.jsonl')).filter(
      (t) => t.docuId && byId.has(t.docuId) && t.receivedAt >= t0,
    );
    const stage = (queue: string, kind?: string) => {
      const lines = timings.filter((t) => t.queue === queue && (!kind || t.kind === kind) && !t.failed);
      return {
        wait: lines.map((t) => t.receivedAt - t.sentAt),
        run: lines.map((t) => t.doneAt - t.receivedAt),
        lines,
      };
    };
    const seal = stage('seal');
    const anchor = stage('anchor');
    const cert = stage('notify', 'certificate');
    const completion = stage('notify', 'completion');
    const enqueue = seal.lines.filter((t) => t.attempt === 1).map((t) => t.sentAt - agreedAt.get(t.docuId!)!);
    const retried = timings.filter((t) => t.attempt > 1 || t.failed);
    // Busy time per queue: each batch once (its lines share pid and times).
    const busy = new Map<string, number>();
    const batches = new Set<string>();
    for (const t of readTimings(path.join(phaseDir, 'timings.jsonl')).filter(
      (x) => x.receivedAt >= t0 && x.doneAt <= finishedAt,
    )) {
      const key = `${t.pid}/${t.queue}/${t.receivedAt}`;
      if (batches.has(key)) continue;
      batches.add(key);
      busy.set(t.queue, (busy.get(t.queue) ?? 0) + (t.doneAt - t.receivedAt));
    }
    const busyText = [...busy].map(([q, ms]) => `${q} ${(ms / 1000).toFixed(0)} s`).join(', ');
    // Jobs run per queue against the documents they were for: more runs than documents are retries
    // and duplicates (a sweep that re-queued work still waiting in a backlog, issue #33).
    const runsText = ['seal', 'anchor']
      .map((q) => {
        const lines = timings.filter((t) => t.queue === q);
        return `${q} ${lines.length} runs for ${new Set(lines.map((t) => t.docuId)).size} documents`;
      })
      .join(', ');
    ctx.log(`burst ${label}: ${runsText}`);
    ctx.log(
      `burst ${label}: p50 ${(percentile(latencies, 50) / 1000).toFixed(2)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(2)} s, ` +
        `p99 ${(percentile(latencies, 99) / 1000).toFixed(2)} s, max ${(Math.max(...latencies) / 1000).toFixed(2)} s; ` +
        `total ${totalS.toFixed(1)} s; ${perWorker.toFixed(2)} contracts/s per worker; handler time ${busyText}; ` +
        `${retried.length} retried or failed job runs${killedAt ? `; killed at +${((killedAt - t0) / 1000).toFixed(1)} s` : ''}`,
    );
    const p = (ms: readonly number[], q: number) => [percentile(seconds(ms), q)];
    const part = 'burst';
    const name = (what: string) => `${label}: ${what}`;
    const note = `${done.size}/${count} contracts, ${workerCount} worker processes${kill ? `, 1 killed (${alive} left)` : ''}`;
    const rows: Row[] = [
      row(part, name('last agreement → certificate mail, p50'), 's', p(latencies, 50), { note }),
      row(part, name('last agreement → certificate mail, p95'), 's', p(latencies, 95)),
      row(part, name('last agreement → certificate mail, p99'), 's', p(latencies, 99)),
      row(part, name('total: first agreement → last certificate'), 's', [totalS]),
      row(part, name('throughput per worker process'), '/s', [perWorker], {
        note: `contracts/s ÷ ${workerCount} workers`,
      }),
      row(part, name('exactly-once findings'), 'count', [failures.length], {
        target: 0,
        note: 'mails per party, Anchored events, sealed PDFs, hash_nft',
      }),
      row(part, name('agreement → seal queued, p95'), 's', p(enqueue, 95)),
      row(part, name('seal: queue wait p50 / p95'), 's', p(seal.wait, 50), {
        note: `p95 ${percentile(seconds(seal.wait), 95).toFixed(2)} s`,
      }),
      row(part, name('seal: run p50 / p95'), 's', p(seal.run, 50), {
        note: `p95 ${percentile(seconds(seal.run), 95).toFixed(2)} s`,
      }),
      row(part, name('anchor: queue wait p50 / p95'), 's', p(anchor.wait, 50), {
        note: `p95 ${percentile(seconds(anchor.wait), 95).toFixed(2)} s`,
      }),
      row(part, name('anchor: run p50 / p95 (mint + certificate PDF)'), 's', p(anchor.run, 50), {
        note: `p95 ${percentile(seconds(anchor.run), 95).toFixed(2)} s`,
      }),
      row(part, name('notify (certificate): queue wait p50 / p95'), 's', p(cert.wait, 50), {
        note: `p95 ${percentile(seconds(cert.wait), 95).toFixed(2)} s`,
      }),
      row(part, name('notify (certificate): batch run p50 / p95'), 's', p(cert.run, 50), {
        note: `p95 ${percentile(seconds(cert.run), 95).toFixed(2)} s; completion mails' batches p50 ${percentile(seconds(completion.run), 50).toFixed(2)} s`,
      }),
    ];
    return { rows, failures };
  } finally {
    await watch.stop();
    for (const w of workers) await stopWorker(w);
    // The phase's mails are checked: the local mailbox answers its whole store as one JSON text, which
    // at two phases of 1,000 contracts (12,000 mails with their PDFs) passes V8's longest string.
    await fetch(`${cloud.info.mailboxUrl}/clear-store`, { method: 'POST' }).catch(() => undefined);
  }
}

export async function runBurst(ctx: BenchContext): Promise<Row[]> {
  // A cloud of its own, without in-process pollers: the shared one (if a part started it) goes.
  await stopBenchCloud();
  const cloud = await launchBenchCloud(
    ctx.log,
    {
      LOCAL_POLLERS: 'off',
      TRIAL_CONTRACTS: '1000000',
      RATE_LIMITS: 'emailsPerOwner=1000000/3600,uploadFormsPerOwner=1000000/3600',
    },
    `burst-${process.pid}`,
  );
  try {
    const dir = cloud.runDir;
    const rows: Row[] = [];
    const failures: string[] = [];
    const phases = [
      ['all workers', false],
      ['one worker killed', true],
    ] as const;
    const chosen = ctx.noKill ? phases.slice(0, 1) : ctx.killOnly ? phases.slice(1) : phases;
    for (const [label, kill] of chosen) {
      const phase = await runPhase(ctx, cloud, dir, label, kill);
      rows.push(...phase.rows);
      failures.push(...phase.failures);
    }
    if (failures.length) process.exitCode = 1;
    return rows;
  } finally {
    await cloud.stop();
  }
}
