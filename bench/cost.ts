// Cost per contract (issue #33 item 5): `npm run bench -- cost` runs one E-Sign contract and one Video
// Sign contract at a time through the local cloud with LOCAL_METER=1 (local/meter.ts), from the owner's
// upload to the certificate e-mail — each party opens the signing page (the view and the PDF's
// presigned download, as the browser does), signs and agrees; for Video Sign each records a
// 30-second-sized video and every party confirms the others' — and prices what was counted
// (bench/cost-model.ts): Lambda invocations and time, DynamoDB capacity units, S3 requests and bytes,
// SQS messages, the mailbox's e-mails and text messages, and the gas of the blocks mined meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import type { MeterSnapshot } from '../local/meter';
import { benchCloud } from './cloud';
import { BENCH_DIR, type BenchContext } from './context';
import { contractCost, lambdaGbSeconds, total, type ContractUsage, type CostLine } from './cost-model';
import { completionMails } from './e2e';
import { median, row, type Row } from './stats';
import { VIDEO_30S_BYTES } from './vconfirm';

/** Pages of the bench's contract: a typical agreement (test/unit/sealing/fixtures.ts makeOriginal). */
export const COST_CONTRACT_PAGES = 10;
/** Assumed gas price and coin price (an Ethereum L2 / Polygon-like chain): COST_GAS_GWEI, COST_COIN_USD. */
const DEFAULT_GAS_GWEI = 30;
const DEFAULT_COIN_USD = 0.25;
/** Quiet time after the certificate e-mail before the meter is read: trailing writes (history, markers). */
const SETTLE_MS = 2000;

type Kind = 'esign' | 'video';

async function jsonRpc<T>(method: string, params: unknown[]): Promise<T> {
  const url = process.env.CHAIN_RPC_URL;
  if (!url) throw new Error('bench cost: CHAIN_RPC_URL is not set by the local cloud');
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Gas used by every transaction in blocks (from, to]: the bench is the chain's only user meanwhile. */
async function gasSince(fromBlock: number): Promise<{ gas: number; transactions: number }> {
  const latest = Number(await jsonRpc<string>('eth_blockNumber', []));
  let gas = 0;
  let transactions = 0;
  for (let n = fromBlock + 1; n <= latest; n++) {
    const block = await jsonRpc<{ transactions: string[] }>('eth_getBlockByNumber', [
      `0x${n.toString(16)}`,
      false,
    ]);
    for (const hash of block.transactions) {
      const receipt = await jsonRpc<{ gasUsed: string }>('eth_getTransactionReceipt', [hash]);
      gas += Number(receipt.gasUsed);
      transactions += 1;
    }
  }
  return { gas, transactions };
}

export async function runCost(ctx: BenchContext): Promise<Row[]> {
  const cloud = await benchCloud(ctx.log);
  const { api, mailbox } = await import('../test/support/cloud-client');
  const { newOwner, sendTwoContractorDocument } = await import('../test/support/documents');
  const { makePng } = await import('../test/support/png');
  const { confirmTokenTo, recordVideo, signRecordAgree, switchToVideoSign, webm } =
    await import('../test/support/video');
  const { makeOriginal } = await import('../test/unit/sealing/fixtures');
  const meterUrl = `${cloud.info.appUrl}/local/meter`;
  const pdf = await makeOriginal(COST_CONTRACT_PAGES);
  const gasPriceGwei = Number(process.env.COST_GAS_GWEI ?? DEFAULT_GAS_GWEI);
  const nativeUsd = Number(process.env.COST_COIN_USD ?? DEFAULT_COIN_USD);

  const must = (ok: boolean, what: string, body?: unknown) => {
    if (!ok) throw new Error(`bench cost: ${what}${body === undefined ? '' : `: ${JSON.stringify(body)}`}`);
  };
  const readMeter = async (): Promise<MeterSnapshot> => {
    const res = await fetch(meterUrl);
    must(res.ok, `GET /local/meter answered ${res.status} (is LOCAL_METER=1 set for the bench cloud?)`);
    return (await res.json()) as MeterSnapshot;
  };
  /** The signing page as a phone opens it: the view, then the PDF from its presigned URL. */
  const openSigningPage = async (docuId: string, token: string) => {
    const view = await api(`/api/sign/${docuId}/${token}`);
    must(view.status === 200, 'signer view', view.body);
    const fileUrl = (view.body as { fileUrl?: string | null }).fileUrl;
    must(typeof fileUrl === 'string', 'the signer view has no fileUrl');
    const file = await fetch(fileUrl!);
    must(file.ok, `PDF download ${file.status}`);
    await file.arrayBuffer();
  };
  const signAndAgree = async (docuId: string, token: string, areas: number[]) => {
    const sign = await api(`/api/sign/${docuId}/${token}/signs`, {
      method: 'POST',
      body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
    });
    must(sign.status === 201, 'sign upload', sign.body);
    const applied = await api(`/api/sign/${docuId}/${token}/areas`, {
      method: 'PUT',
      body: { signs: areas.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
    });
    must(applied.status === 200, 'apply signs', applied.body);
    const agreed = await api(`/api/sign/${docuId}/${token}/agree`, { method: 'POST', body: { lang: 'en' } });
    must(agreed.status === 200, 'agree', agreed.body);
  };
  const signVideoAgree = async (docuId: string, token: string, areas: number[]) => {
    const agreed = await signRecordAgree(docuId, token, areas, (d, t) =>
      recordVideo(d, t, { bytes: webm(VIDEO_30S_BYTES) }),
    );
    must(agreed.status === 200, 'video agree', agreed.body);
  };

  async function oneContract(kind: Kind, i: number): Promise<ContractUsage> {
    const owner = await newOwner('en', `Cost Owner ${i}`);
    const before = new Set((await mailbox()).map((m) => m.messageId));
    const fromBlock = Number(await jsonRpc<string>('eth_blockNumber', []));
    must((await fetch(`${meterUrl}/reset`, { method: 'POST' })).ok, 'meter reset');

    const s = await sendTwoContractorDocument({ owner, title: `Cost ${kind} ${i}`, pdf });
    const detail = await api(`/api/documents/${s.docuId}`, { token: owner.token });
    const number = String(detail.body.id4).toUpperCase();
    if (kind === 'esign') {
      await openSigningPage(s.docuId, s.mailToken);
      await signAndAgree(s.docuId, s.mailToken, [0, 1]);
      await openSigningPage(s.docuId, s.smsToken);
      await signAndAgree(s.docuId, s.smsToken, [2]);
    } else {
      await switchToVideoSign(s.docuId);
      await openSigningPage(s.docuId, s.mailToken);
      await signVideoAgree(s.docuId, s.mailToken, [0, 1]);
      await openSigningPage(s.docuId, s.smsToken);
      await signVideoAgree(s.docuId, s.smsToken, [2]);
      const tokens = await Promise.all([
        confirmTokenTo(s.email),
        confirmTokenTo(`${s.e164}@sms.local`),
        confirmTokenTo(owner.email),
      ]);
      for (const token of tokens) {
        const res = await api(`/api/video-confirm/${s.docuId}/${token}/confirm`, {
          method: 'POST',
          body: { allChecked: true, lang: 'en' },
        });
        must(res.status === 200, 'video confirm', res.body);
      }
    }
    await completionMails(s.email, number, s.docuId);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const meter = await readMeter();
    const mails = (await mailbox()).filter((m) => !before.has(m.messageId));
    const sms = mails.filter((m) => m.destination.to.some((to) => to.endsWith('@sms.local')));
    const emails = mails.filter((m) => !sms.includes(m));
    const { gas, transactions } = await gasSince(fromBlock);
    ctx.log(
      `cost: ${kind} ${i}: ${emails.length} e-mails, ${sms.length} SMS, ${transactions} transactions (${gas} gas)`,
    );
    return {
      meter,
      emails: emails.length,
      emailAttachmentBytes: emails.reduce(
        (sum, m) => sum + m.attachments.reduce((a, f) => a + (f.size ?? 0), 0),
        0,
      ),
      sms: sms.length,
      chain: { gas, gasPriceGwei, nativeUsd },
    };
  }

  const runs = Math.max(1, Math.min(ctx.runs, 3));
  const rows: Row[] = [];
  const report: Record<string, { usage: ContractUsage; lines: CostLine[]; total: number }[]> = {};
  for (const kind of ['esign', 'video'] as const) {
    const samples: { usage: ContractUsage; lines: CostLine[]; total: number }[] = [];
    for (let i = 1; i <= runs; i++) {
      const usage = await oneContract(kind, i);
      const lines = contractCost(usage);
      samples.push({ usage, lines, total: total(lines) });
    }
    report[kind] = samples;
    const mid = [...samples].sort((a, b) => a.total - b.total)[samples.length >> 1]!;
    const label = kind === 'esign' ? 'E-Sign (2 contractors)' : 'Video Sign (2 contractors, 30 s videos)';
    ctx.log(`cost: ${label}, the median contract's bill:`);
    for (const l of mid.lines)
      ctx.log(`  ${l.what.padEnd(30)} ${l.quantity.padEnd(44)} $${l.usd.toFixed(6)}`);
    rows.push(
      row(
        'cost',
        `${label}: AWS + gas per contract`,
        'usd',
        samples.map((s) => s.total),
        {
          note: `${COST_CONTRACT_PAGES}-page PDF; gas at ${gasPriceGwei} gwei, coin $${nativeUsd}`,
        },
      ),
      row(
        'cost',
        `${label}: Lambda GB-seconds`,
        'count',
        [median(samples.map((s) => lambdaGbSeconds(s.usage.meter)))],
        {
          note: 'wall-clock time on this machine × the deployed memory',
        },
      ),
    );
  }
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  fs.writeFileSync(path.join(BENCH_DIR, 'cost.json'), JSON.stringify(report, null, 2));
  ctx.log(
    `cost: every counted figure is in ${path.relative(process.cwd(), path.join(BENCH_DIR, 'cost.json'))}`,
  );
  return rows;
}
