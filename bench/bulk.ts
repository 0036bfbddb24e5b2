// Bulk send (issue #27 item 6) on the local cloud: a 10,000-row CSV (two roles, a title and a value
// each row) checked whole (`send: false`), then accepted (`send: true`: checked again, the bulk
// recorded and 10,000 messages queued), each through the real gateway and handler; then the bulk
// worker's throughput, rows sent per second over a window (each row a contract made from the
// template, sent, its two requests queued). Targets: accepted and validated ≤ 10 s (issue #27).
import { randomUUID } from 'node:crypto';
import { getDeps } from '../lambdas/deps';
import { api } from '../test/support/cloud-client';
import { newOwner } from '../test/support/documents';
import { benchCloud } from './cloud';
import type { BenchContext } from './context';
import { row, type Row } from './stats';
import { buyerSellerTemplate } from '../test/support/templates';

export const BULK_ACCEPT_TARGET_S = 10;
const ROWS = 10_000;
/** How long the worker's throughput is watched, seconds. */
const WATCH_SECONDS = 30;

const RENT_AREAS = [
  { recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 },
  { recipientIndex: 0, pageIndex: 0, x: 50, y: 200, width: 120, height: 24, type: 'number', label: 'Rent' },
  { recipientIndex: 1, pageIndex: 0, x: 300, y: 60, width: 120, height: 40 },
];

function csvOf(tag: string): string {
  const lines = ['Buyer name,Buyer contact,Seller name,Seller contact,title,Rent'];
  for (let i = 1; i <= ROWS; i++) {
    lines.push(
      `Buyer ${i},b-${tag}-${i}@example.com,Seller ${i},s-${tag}-${i}@example.com,Lease ${i},${1000 + (i % 500)}`,
    );
  }
  return lines.join('\n');
}

export async function runBulk(ctx: BenchContext): Promise<Row[]> {
  await benchCloud(ctx.log);
  const checks: number[] = [];
  const accepts: number[] = [];
  const rates: number[] = [];
  for (let run = 0; run < ctx.runs; run++) {
    const owner = await newOwner('en', 'Bench Bulk');
    const templateId = await buyerSellerTemplate(owner, 'Lease', RENT_AREAS);
    const userId = (await api('/api/me', { token: owner.token })).body.userId as string;
    const now = new Date().toISOString();
    await getDeps().repo.update(userId, {
      ticketLots: [{ source: 'onetime', count: ROWS, addedAt: now }],
      availableTickets: ROWS,
    });
    const csv = csvOf(randomUUID().slice(0, 8));
    const post = (send: boolean) =>
      api(`/api/templates/${templateId}/bulk`, {
        method: 'POST',
        token: owner.token,
        body: { csv, send, lang: 'en' },
      });

    let t = performance.now();
    const checked = await post(false);
    checks.push((performance.now() - t) / 1000);
    if (checked.status !== 200 || checked.body.check.accepted !== ROWS) {
      throw new Error(
        `check: ${checked.status} ${JSON.stringify(checked.body.check ?? checked.body).slice(0, 300)}`,
      );
    }
    t = performance.now();
    const sent = await post(true);
    accepts.push((performance.now() - t) / 1000);
    if (sent.status !== 202) throw new Error(`send: ${sent.status}`);
    const bulkId = sent.body.progress.bulkId as string;

    const progress = async () =>
      (await api(`/api/templates/${templateId}/bulk/${bulkId}`, { token: owner.token })).body as {
        sent: number;
        failed: number;
      };
    const start = await progress();
    const from = performance.now();
    await new Promise((resolve) => setTimeout(resolve, WATCH_SECONDS * 1000));
    const end = await progress();
    const seconds = (performance.now() - from) / 1000;
    const rate = (end.sent + end.failed - start.sent - start.failed) / seconds;
    rates.push(rate);
    ctx.log(
      `bulk run ${run + 1}: check ${checks.at(-1)!.toFixed(2)} s, accept ${accepts.at(-1)!.toFixed(2)} s, ` +
        `${rate.toFixed(1)} rows/s (${end.failed} failed)`,
    );
  }
  return [
    row('bulk', `check ${ROWS.toLocaleString('en')} rows (send: false)`, 's', checks, {
      target: BULK_ACCEPT_TARGET_S,
    }),
    row('bulk', `accept ${ROWS.toLocaleString('en')} rows: checked, recorded, queued`, 's', accepts, {
      target: BULK_ACCEPT_TARGET_S,
    }),
    row('bulk', `worker throughput over ${WATCH_SECONDS} s (rows made and sent)`, 'req/s', rates, {
      note: 'local cloud, one poller per queue',
    }),
  ];
}
