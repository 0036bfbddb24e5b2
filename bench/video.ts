// An agreement video's completion (issue #15): the server streams the uploaded file from storage,
// checks its header and size and hashes it (SHA-256), then records it on the contractor. Each run is a
// contractor of a new video-sign contract on the local cloud who opens a recording session and posts
// a 50 MB webm (the largest accepted, VIDEO_MAX_BYTES) to its presigned form, as the recorder does.
//   - "through the API": the completion call through the local gateway (what the recorder waits for).
//   - the same use case in a process of its own (bench/video-child.ts), for its time and the process's
//     peak memory: the file is never held in memory, so the peak stays far under the function's 256 MB.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { benchCloud } from './cloud';
import { ROOT, type BenchContext } from './context';
import { row, type Row } from './stats';

export const VIDEO_COMPLETION_TARGET_MS = 1000;
export const VIDEO_COMPLETION_MEMORY_TARGET_MB = 256;
const VIDEO_BYTES = 50_000_000;

/** A webm as the server's checks read it: the EBML header, then (random) bytes. */
function webm(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);
  return bytes;
}

interface Uploaded {
  docuId: string;
  token: string;
  sessionId: string;
}

/** A new video-sign contract; its first contractor opens a session and uploads `bytes`. */
async function uploaded(bytes: Uint8Array): Promise<Uploaded> {
  const { sendTwoContractorDocument } = await import('../test/support/documents');
  const { api } = await import('../test/support/cloud-client');
  const { documentClient } = await import('../lambdas/adapters/aws');
  const { createEntities } = await import('../lambdas/adapters/dynamo/entities');
  const { getConfig } = await import('../lambdas/config');
  const sent = await sendTwoContractorDocument({ title: 'Bench video' });
  await createEntities(documentClient(), getConfig().TABLE_NAME)
    .document.patch({ docuId: sent.docuId })
    .set({ kind: 'vsign' })
    .go();
  const session = await api(`/api/sign/${sent.docuId}/${sent.mailToken}/video-session`, {
    method: 'POST',
    body: { contentType: 'video/webm;codecs=vp8,opus' },
  });
  if (session.status !== 201) throw new Error(`video session: ${session.status}`);
  const { upload, sessionId, contentType } = session.body as {
    upload: { url: string; fields: Record<string, string> };
    sessionId: string;
    contentType: string;
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([bytes as BlobPart], { type: contentType }), 'recording');
  const posted = await fetch(upload.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`video upload: ${posted.status}`);
  return { docuId: sent.docuId, token: sent.mailToken, sessionId };
}

export async function runVideo(ctx: BenchContext): Promise<Row[]> {
  await benchCloud(ctx.log);
  const { api } = await import('../test/support/cloud-client');
  const bytes = webm(VIDEO_BYTES);
  const viaApi: number[] = [];
  const inChild: number[] = [];
  const peak: number[] = [];
  const added: number[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const one = await uploaded(bytes);
    const started = performance.now();
    const done = await api(`/api/sign/${one.docuId}/${one.token}/video-session/${one.sessionId}/complete`, {
      method: 'POST',
    });
    viaApi.push(performance.now() - started);
    if (done.status !== 200) throw new Error(`completion: ${done.status} ${JSON.stringify(done.body)}`);

    const other = await uploaded(bytes);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'bench/video-child.ts'),
        other.docuId,
        other.token,
        other.sessionId,
      ],
      { cwd: ROOT, env: process.env, maxBuffer: 1 << 20 },
    );
    const child = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      ms: number;
      before: number;
      after: number;
      sizeBytes: number;
    };
    if (child.sizeBytes !== VIDEO_BYTES) throw new Error(`child stored ${child.sizeBytes} bytes`);
    inChild.push(child.ms);
    peak.push(child.after);
    added.push(child.after - child.before);
    ctx.log(
      `video: run ${i + 1}/${ctx.runs}: API ${viaApi.at(-1)!.toFixed(0)} ms, use case ${child.ms.toFixed(0)} ms, peak ${child.after.toFixed(0)} MB (+${(child.after - child.before).toFixed(0)} MB)`,
    );
  }
  const note = '50 MB webm, SHA-256 streamed';
  return [
    row('video', 'completion of a 50 MB video, through the API', 'ms', viaApi, {
      target: VIDEO_COMPLETION_TARGET_MS,
      note,
    }),
    row('video', 'completion of a 50 MB video, the use case alone', 'ms', inChild, {
      target: VIDEO_COMPLETION_TARGET_MS,
      note: 'own process',
    }),
    row('video', 'completion: peak memory of its process', 'MB', peak, {
      target: VIDEO_COMPLETION_MEMORY_TARGET_MB,
      note: 'VmHWM, code loaded through tsx',
    }),
    row('video', 'completion: memory it adds', 'MB', added, { note: 'peak after − peak before the call' }),
  ];
}
