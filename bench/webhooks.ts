// Webhook delivery latency (issue #31 item 3) on the local cloud: a local receiver on a loopback
// port is an account's endpoint for `recipient.signed`; contractors of ready contracts agree one after
// the other, and each figure is the time from the agreement's request to the receiver getting its
// event (agree handler → emission → webhook queue → worker → signed POST). Target p95 ≤ 2 s
// (issue #31's check). The poller's long poll (1 s) and the worker run in the cloud's process, as
// every worker does locally.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from '../test/support/cloud-client';
import {
  createDocument,
  newOwner,
  sendDocument,
  signerLinkTo,
  uploadPdf,
  type Owner,
} from '../test/support/documents';
import { makePng } from '../test/support/png';
import { benchCloud } from './cloud';
import type { BenchContext } from './context';
import { percentile, row, type Row } from './stats';

/** Agreements timed per run. */
const SAMPLES = 12;
const TARGET_P95_MS = 2000;

/** A one-contractor contract, sent, its sign applied: ready for the contractor to agree. */
async function readyToAgree(owner: Owner): Promise<string> {
  const docuId = await createDocument(owner);
  await uploadPdf(owner, docuId);
  const contact = `bench-hook-${randomUUID()}@example.com`;
  const put = (path: string, body: unknown) => api(path, { method: 'PUT', token: owner.token, body });
  await put(`/api/documents/${docuId}/recipients`, {
    recipients: [{ name: 'Bench Signer', contact }],
    finalRecipients: [],
    lang: 'en',
  });
  await put(`/api/documents/${docuId}/areas`, {
    areas: [{ recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 }],
  });
  await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title: 'Bench webhook', privateinfoAgree: true },
  });
  const sent = await sendDocument(owner, docuId);
  if (sent.status !== 200) throw new Error(`bench setup: send answered ${sent.status}`);
  const { token } = await signerLinkTo(contact);
  const base = `/api/sign/${docuId}/${token}`;
  await api(base);
  const sign = await api(`${base}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
  });
  await api(`${base}/areas`, {
    method: 'PUT',
    body: { signs: [{ areaIndex: 0, signId: sign.body.signId }] },
  });
  return base;
}

export async function runWebhooks(ctx: BenchContext): Promise<Row[]> {
  await benchCloud(ctx.log);
  const waiting = new Map<string, (at: number) => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        data: { docuId: string };
      };
      res.statusCode = 204;
      res.end();
      if (event.type === 'recipient.signed') waiting.get(event.data.docuId)?.(at);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`;
  try {
    const owner = await newOwner('en', 'Bench Hooks');
    const created = await api('/api/me/webhooks', {
      method: 'POST',
      token: owner.token,
      body: { url, events: ['recipient.signed'] },
    });
    if (created.status !== 201) throw new Error(`bench setup: endpoint answered ${created.status}`);
    const p50s: number[] = [];
    const p95s: number[] = [];
    const all: number[] = [];
    for (let run = 0; run < ctx.runs; run++) {
      const bases: string[] = [];
      for (let i = 0; i < SAMPLES; i++) bases.push(await readyToAgree(owner));
      const latencies: number[] = [];
      for (const base of bases) {
        const docuId = base.split('/')[3]!;
        const got = new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no webhook within 30 s')), 30_000);
          waiting.set(docuId, (at) => {
            clearTimeout(timer);
            resolve(at);
          });
        });
        const started = performance.now();
        const agreed = await api(`${base}/agree`, { method: 'POST', body: { lang: 'en' } });
        if (agreed.status !== 200) throw new Error(`bench: agree answered ${agreed.status}`);
        latencies.push((await got) - started);
        waiting.delete(docuId);
      }
      p50s.push(percentile(latencies, 50));
      p95s.push(percentile(latencies, 95));
      all.push(...latencies);
      ctx.log(
        `webhooks run ${run + 1}: agree → receiver p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms (${SAMPLES} agreements)`,
      );
    }
    const note = `local cloud, ${SAMPLES} agreements a run, from the agree request to the receiver`;
    return [
      row('webhooks', 'agree → webhook received: p50', 'ms', p50s, { note }),
      row('webhooks', 'agree → webhook received: p95', 'ms', p95s, { note, target: TARGET_P95_MS }),
      row('webhooks', 'agree → webhook received: max', 'ms', [Math.max(...all)], { note, spread: 'none' }),
    ];
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
}
