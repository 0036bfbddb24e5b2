// End to end (architecture §12): for each of 20 documents, the last signature (the last contractor's
// agreement through the API) → the completion e-mail in the local mailbox: the one with the signed PDF
// (seal worker → notify worker → SES) and the one with the certificate (→ anchor worker on the local
// chain → notify). p50 and p95 of each; the target (≤ 5 s p95) is for the whole chain.
import { benchCloud } from './cloud';
import type { BenchContext } from './context';
import { percentile, row, type Row } from './stats';

export const E2E_DOCUMENTS = 20;
export const E2E_P95_TARGET_S = 5;

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

export async function runE2e(ctx: BenchContext): Promise<Row[]> {
  await benchCloud(ctx.log);
  const { api } = await import('../test/support/cloud-client');
  const { sendTwoContractorDocument } = await import('../test/support/documents');
  const { makePng } = await import('../test/support/png');

  async function sign(docuId: string, token: string, areas: number[]) {
    const sign = await api(signPath(docuId, token, '/signs'), {
      method: 'POST',
      body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
    });
    if (sign.status !== 201) throw new Error(`sign upload: ${sign.status}`);
    const applied = await api(signPath(docuId, token, '/areas'), {
      method: 'PUT',
      body: { signs: areas.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
    });
    if (applied.status !== 200) throw new Error(`apply signs: ${applied.status}`);
  }
  const agree = async (docuId: string, token: string) => {
    const res = await api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } });
    if (res.status !== 200) throw new Error(`agree: ${res.status} ${JSON.stringify(res.body)}`);
  };

  const completion: number[] = [];
  const certificate: number[] = [];
  for (let i = 0; i < E2E_DOCUMENTS; i += 1) {
    const s = await sendTwoContractorDocument({ title: `Bench e2e ${i + 1}` });
    const detail = await api(`/api/documents/${s.docuId}`, { token: s.owner.token });
    const number = String(detail.body.id4).toUpperCase();
    await sign(s.docuId, s.mailToken, [0, 1]);
    await agree(s.docuId, s.mailToken);
    await sign(s.docuId, s.smsToken, [2]);
    const t = performance.now();
    await agree(s.docuId, s.smsToken); // the last signature
    const { signedAt, certifiedAt } = await completionMails(s.email, number, s.docuId);
    completion.push((signedAt - t) / 1000);
    certificate.push((certifiedAt - t) / 1000);
    ctx.log(
      `e2e: document ${i + 1}/${E2E_DOCUMENTS}: signed PDF ${completion.at(-1)!.toFixed(2)} s, certificate ${certificate.at(-1)!.toFixed(2)} s`,
    );
  }
  const rows: Row[] = [];
  for (const [what, samples] of [
    ['completion e-mail (signed PDF: seal + notify)', completion],
    ['certificate e-mail (+ anchor on the chain)', certificate],
  ] as const) {
    rows.push(
      row('e2e', `last signature → ${what}, p50`, 's', samples, {
        note: `${samples.length} documents, one at a time`,
      }),
      row('e2e', `last signature → ${what}, p95`, 's', [percentile(samples, 95)], {
        target: E2E_P95_TARGET_S,
      }),
    );
  }
  return rows;
}

/** When (performance.now()) the signed PDF and the certificate, named by the contract's number,
 *  reached `email`'s mailbox; polled every 50 ms for up to 60 s. */
export async function completionMails(
  email: string,
  number: string,
  docuId: string,
): Promise<{ signedAt: number; certifiedAt: number }> {
  const { mailbox } = await import('../test/support/cloud-client');
  const { mailsTo } = await import('../test/support/documents');
  const deadline = Date.now() + 60_000;
  let signedAt: number | undefined;
  let certifiedAt: number | undefined;
  while (signedAt === undefined || certifiedAt === undefined) {
    const files = mailsTo(await mailbox(), email).flatMap((m) => m.attachments.map((a) => a.filename));
    const now = performance.now();
    if (signedAt === undefined && files.some((f) => f?.endsWith(`${number}-signed.pdf`))) signedAt = now;
    if (certifiedAt === undefined && files.includes(`${number}-certificate.pdf`)) certifiedAt = now;
    if (Date.now() > deadline) throw new Error(`no completion e-mails for ${docuId} within 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { signedAt, certifiedAt };
}
