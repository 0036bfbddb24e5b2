// Bulk send from a template (issue #27 item 6) through the local gateway, the bulk queue and its
// worker, against the emulators: the whole file is checked before anything is sent (each bad row
// with its line and reason; a bad file refused outright); the good rows within the owner's remaining
// contracts are sent, each exactly once (one request mail per contact, one entitlement per row);
// rows past the allowance and rows that lost the race for the last contract are reported, never half
// sent, and a retry sends the failed rows alone; another owner's bulk is the one 404.
import { randomUUID } from 'node:crypto';
import { getDeps } from '../../lambdas/deps';
import { api, eventually, mailbox } from '../support/cloud-client';
import { newOwner, type Owner } from '../support/documents';
import { buyerSellerTemplate } from '../support/templates';

type Res = Awaited<ReturnType<typeof api>>;
const call = (owner: Owner, method: string, path: string, body?: unknown) =>
  api(path, { method, token: owner.token, ...(body === undefined ? {} : { body }) });
const errorOf = (res: Res) => ({
  status: res.status,
  code: res.body.error?.code,
  details: res.body.error?.details,
});

/** A signature each, and a number field "Rent" for the Buyer. */
const RENT_AREAS = [
  { recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 },
  { recipientIndex: 0, pageIndex: 0, x: 50, y: 200, width: 120, height: 24, type: 'number', label: 'Rent' },
  { recipientIndex: 1, pageIndex: 0, x: 300, y: 60, width: 120, height: 40 },
];

/** The owner may send exactly `count` more contracts (a trial without its own lots, plus bought). */
async function allowContracts(owner: Owner, count: number): Promise<void> {
  const me = await call(owner, 'GET', '/api/me');
  const now = new Date().toISOString();
  await getDeps().repo.update(me.body.userId as string, {
    plan: 'trial',
    ticketLots: count > 0 ? [{ source: 'onetime', count, addedAt: now }] : [],
    availableTickets: count,
  });
}

const HEADER = 'Buyer name,Buyer contact,Seller name,Seller contact,title,Rent';
const row = (tag: string, i: number, rent = '1200') =>
  `Buyer ${i},buyer-${tag}-${i}@example.com,Seller ${i},seller-${tag}-${i}@example.com,Lease ${i},${rent}`;

async function progressUntilDone(owner: Owner, templateId: string, bulkId: string) {
  return eventually(
    async () => {
      const res = await call(owner, 'GET', `/api/templates/${templateId}/bulk/${bulkId}`);
      expect(res.status).toBe(200);
      return res.body.status === 'done' ? res.body : undefined;
    },
    90_000,
    'the bulk to finish',
  );
}

async function requestsTo(address: string): Promise<number> {
  return (await mailbox()).filter((m) => m.destination.to.includes(address)).length;
}

describe('bulk send', () => {
  it('checks the whole file first: each bad row with its line and reason, a bad file refused', async () => {
    const owner = await newOwner();
    const templateId = await buyerSellerTemplate(owner, 'Lease', RENT_AREAS);
    await allowContracts(owner, 2);
    const csv = [
      HEADER,
      row('c', 1),
      'Buyer 2,not-an-address,Seller 2,seller-c-2@example.com,Lease 2,1200',
      row('c', 3, 'twelve'),
      'Buyer 4,buyer-c-4@example.com,Seller 4',
      row('c', 5),
      row('c', 6),
    ].join('\n');
    const checked = await call(owner, 'POST', `/api/templates/${templateId}/bulk`, {
      csv,
      send: false,
      lang: 'en',
    });
    expect(checked.status).toBe(200);
    expect(checked.body.progress).toBeNull();
    expect(checked.body.check).toMatchObject({
      rows: 6,
      accepted: 2,
      errorCount: 3,
      remaining: 2,
      pastAllowance: 1,
      columns: ['Buyer name', 'Buyer contact', 'Seller name', 'Seller contact', 'title', 'Rent'],
    });
    expect(checked.body.check.errors).toEqual([
      {
        line: 3,
        error: 'contractors.errors.unknownContactType',
        values: expect.objectContaining({ role: 'Buyer' }),
      },
      { line: 4, error: 'fields.errors.notANumber', values: { label: 'Rent' } },
      { line: 5, error: 'bulk.errors.cellCount', values: { expected: 6, got: 3 } },
      { line: 7, error: 'bulk.errors.pastAllowance' },
    ]);

    const refused = async (text: string) =>
      errorOf(
        await call(owner, 'POST', `/api/templates/${templateId}/bulk`, {
          csv: text,
          send: false,
          lang: 'en',
        }),
      );
    expect(await refused(`${HEADER},Pets\n${row('c', 1)},no`)).toMatchObject({
      status: 400,
      code: 'bulk.errors.unknownColumn',
      details: { column: 'Pets' },
    });
    expect(await refused('Buyer name,Buyer contact,Seller name\nA,a@example.com,B')).toMatchObject({
      status: 400,
      code: 'bulk.errors.missingColumn',
      details: { column: 'Seller contact' },
    });
    expect(await refused(`${HEADER}\n`)).toMatchObject({ status: 400, code: 'bulk.errors.empty' });
    expect(await refused(`${HEADER}\n"Buyer 1,unclosed`)).toMatchObject({
      status: 400,
      code: 'bulk.errors.badCsv',
    });
    // Checking stored nothing: no contract was made, none was consumed.
    expect((await call(owner, 'GET', '/api/me')).body.remaining.total).toBe(2);
  });

  it('sends each good row once, reports what lost the last contract, retries the failed rows alone', async () => {
    const owner = await newOwner();
    const templateId = await buyerSellerTemplate(owner, 'Lease', RENT_AREAS);
    await allowContracts(owner, 3);
    const tag = randomUUID().slice(0, 8);
    // Two bulks at once, each checked against the same three contracts: five rows race for three.
    const first = [HEADER, row(tag, 1), row(tag, 2), row(tag, 3)].join('\n');
    const second = [HEADER, row(tag, 4), row(tag, 5)].join('\n');
    const [a, b] = await Promise.all(
      [first, second].map((csv) =>
        call(owner, 'POST', `/api/templates/${templateId}/bulk`, { csv, send: true, lang: 'en' }),
      ),
    );
    expect(a!.status).toBe(202);
    expect(b!.status).toBe(202);
    expect(a!.body.progress).toMatchObject({ total: 3, sent: 0, failed: 0, refused: 0 });
    const ids = [a!.body.progress.bulkId as string, b!.body.progress.bulkId as string];

    const done = await Promise.all(ids.map((id) => progressUntilDone(owner, templateId, id)));
    expect(done[0]!.sent + done[1]!.sent).toBe(3);
    expect(done[0]!.failed + done[1]!.failed).toBe(2);
    const failedRows = done.flatMap((d) => d.failedRows as { line: number; error: string }[]);
    expect(failedRows).toHaveLength(2);
    for (const f of failedRows) expect(f.error).toBe('billing.errors.noneLeft');
    expect((await call(owner, 'GET', '/api/me')).body.remaining.total).toBe(0);

    // Two more contracts, and a retry of each bulk's failed rows: everyone has exactly one request.
    await allowContracts(owner, 2);
    for (const id of ids) {
      const retried = await call(owner, 'POST', `/api/templates/${templateId}/bulk/${id}/retry`);
      expect(retried.status).toBe(200);
    }
    const after = await Promise.all(ids.map((id) => progressUntilDone(owner, templateId, id)));
    expect(after.map((p) => [p.sent, p.failed])).toEqual([
      [3, 0],
      [2, 0],
    ]);
    for (let i = 1; i <= 5; i++) {
      for (const who of ['buyer', 'seller']) {
        const address = `${who}-${tag}-${i}@example.com`;
        await eventually(async () => (await requestsTo(address)) >= 1, 60_000, `the request to ${address}`);
        expect(await requestsTo(address)).toBe(1);
      }
    }
    expect((await call(owner, 'GET', '/api/me')).body.remaining.total).toBe(0);
    // A retry with nothing failed queues nothing.
    const again = await call(owner, 'POST', `/api/templates/${templateId}/bulk/${ids[0]}/retry`);
    expect(again.body).toMatchObject({ status: 'done', sent: 3, failed: 0 });

    // Another owner: the one 404 on the bulk, and the template is not theirs to bulk send.
    const other = await newOwner();
    expect(errorOf(await call(other, 'GET', `/api/templates/${templateId}/bulk/${ids[0]}`))).toMatchObject({
      status: 404,
    });
    expect(
      errorOf(
        await call(other, 'POST', `/api/templates/${templateId}/bulk`, {
          csv: first,
          send: false,
          lang: 'en',
        }),
      ),
    ).toMatchObject({ status: 404, code: 'templates.errors.notFound' });
  });
});
