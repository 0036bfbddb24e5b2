// Video Sign end to end (issue #15, performance): for each of 10 video-sign contracts whose two
// contractors each uploaded a ~30-second recording (synthesised webm bytes of a 30 s Chromium
// recording's size: 2.5 Mbit/s × 30 s ≈ 9.4 MB, through the real presigned POST and completion
// check), the last party's video confirmation (through the API) → the completion e-mail with the
// signed PDF in the local mailbox (seal worker: captions and QR codes under the signs, the Videos
// audit section → notify → SES), and → the certificate e-mail (anchor worker: one token per video and
// the PDF's on the local chain → notify). p50 and p95; the target (≤ 5 s p95) is the completion e-mail.
import { randomBytes } from 'node:crypto';
import { benchCloud } from './cloud';
import type { BenchContext } from './context';
import { percentile, row, type Row } from './stats';

export const VCONFIRM_DOCUMENTS = 10;
export const VCONFIRM_P95_TARGET_S = 5;
/** A 30-second recording at Chromium's default 2.5 Mbit/s. */
export const VIDEO_30S_BYTES = Math.round((2_500_000 / 8) * 30);

const CONFIRM_LINK = /\/(en|jp|ko)\/video_confirm\/([0-9a-z]+)\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

function webm(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]); // EBML header
  return bytes;
}

export async function runVconfirm(ctx: BenchContext): Promise<Row[]> {
  await benchCloud(ctx.log);
  const { api, mailbox } = await import('../test/support/cloud-client');
  const { mailsTo, resolveShortLink, sendTwoContractorDocument, SHORT_LINK } =
    await import('../test/support/documents');
  const { makePng } = await import('../test/support/png');
  const { documentClient } = await import('../lambdas/adapters/aws');
  const { createEntities } = await import('../lambdas/adapters/dynamo/entities');
  const { getConfig } = await import('../lambdas/config');

  const must = (ok: boolean, what: string, body?: unknown) => {
    if (!ok) throw new Error(`${what}${body === undefined ? '' : `: ${JSON.stringify(body)}`}`);
  };

  async function signRecordAgree(docuId: string, token: string, areas: number[]) {
    const sign = await api(signPath(docuId, token, '/signs'), {
      method: 'POST',
      body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
    });
    must(sign.status === 201, 'sign upload', sign.body);
    const applied = await api(signPath(docuId, token, '/areas'), {
      method: 'PUT',
      body: { signs: areas.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
    });
    must(applied.status === 200, 'apply signs', applied.body);
    const session = await api(signPath(docuId, token, '/video-session'), {
      method: 'POST',
      body: { contentType: 'video/webm' },
    });
    must(session.status === 201, 'video session', session.body);
    const form = new FormData();
    for (const [k, v] of Object.entries(session.body.upload.fields as Record<string, string>))
      form.append(k, v);
    form.append('file', new Blob([webm(VIDEO_30S_BYTES) as BlobPart], { type: 'video/webm' }), 'rec');
    const posted = await fetch(session.body.upload.url, { method: 'POST', body: form });
    must(posted.status < 300, `video upload ${posted.status}`);
    const done = await api(signPath(docuId, token, `/video-session/${session.body.sessionId}/complete`), {
      method: 'POST',
    });
    must(done.status === 200, 'video completion', done.body);
    const agreed = await api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } });
    must(agreed.status === 200, 'agree', agreed.body);
  }

  async function confirmToken(address: string): Promise<string> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      for (const m of mailsTo(await mailbox(), address)) {
        const text = m.body.text ?? '';
        const direct = CONFIRM_LINK.exec(text);
        if (direct) return direct[3]!;
        const short = SHORT_LINK.exec(text);
        if (!short) continue;
        const { location } = await resolveShortLink(short[0]);
        const found = location ? CONFIRM_LINK.exec(location) : null;
        if (found) return found[3]!;
      }
      if (Date.now() > deadline) throw new Error(`no video confirmation link to ${address}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const confirm = async (docuId: string, token: string) => {
    const res = await api(`/api/video-confirm/${docuId}/${token}/confirm`, {
      method: 'POST',
      body: { allChecked: true, lang: 'en' },
    });
    must(res.status === 200, 'confirm', res.body);
  };

  const completion: number[] = [];
  const certificate: number[] = [];
  for (let i = 0; i < VCONFIRM_DOCUMENTS; i += 1) {
    const s = await sendTwoContractorDocument({ title: `Bench video ${i + 1}` });
    await createEntities(documentClient(), getConfig().TABLE_NAME)
      .document.patch({ docuId: s.docuId })
      .set({ kind: 'vsign' })
      .go();
    const detail = await api(`/api/documents/${s.docuId}`, { token: s.owner.token });
    const number = String(detail.body.id4).toUpperCase();
    await signRecordAgree(s.docuId, s.mailToken, [0, 1]);
    await signRecordAgree(s.docuId, s.smsToken, [2]);
    const [mail, sms, owner] = await Promise.all([
      confirmToken(s.email),
      confirmToken(`${s.e164}@sms.local`),
      confirmToken(s.owner.email),
    ]);
    await confirm(s.docuId, mail);
    await confirm(s.docuId, sms);
    const t = performance.now();
    await confirm(s.docuId, owner); // the last confirmation
    const deadline = Date.now() + 60_000;
    let signedAt: number | undefined;
    let certifiedAt: number | undefined;
    while (signedAt === undefined || certifiedAt === undefined) {
      const files = mailsTo(await mailbox(), s.email).flatMap((m) => m.attachments.map((a) => a.filename));
      const now = performance.now();
      if (signedAt === undefined && files.some((f) => f?.endsWith(`${number}-signed.pdf`))) signedAt = now;
      if (certifiedAt === undefined && files.includes(`${number}-certificate.pdf`)) certifiedAt = now;
      if (Date.now() > deadline) throw new Error(`no completion e-mails for ${s.docuId} within 60 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    completion.push((signedAt - t) / 1000);
    certificate.push((certifiedAt - t) / 1000);
    ctx.log(
      `vconfirm: contract ${i + 1}/${VCONFIRM_DOCUMENTS}: signed PDF ${completion.at(-1)!.toFixed(2)} s, certificate (3 tokens) ${certificate.at(-1)!.toFixed(2)} s`,
    );
  }
  const rows: Row[] = [];
  const note = `${VCONFIRM_DOCUMENTS} video contracts, two ${(VIDEO_30S_BYTES / 1e6).toFixed(1)} MB videos each`;
  for (const [what, samples, target] of [
    ['completion e-mail (signed PDF)', completion, VCONFIRM_P95_TARGET_S],
    ['certificate e-mail (PDF + 2 video tokens)', certificate, undefined],
  ] as const) {
    rows.push(
      row('vconfirm', `last video confirmation → ${what}, p50`, 's', samples, { note }),
      row('vconfirm', `last video confirmation → ${what}, p95`, 's', [percentile(samples, 95)], {
        ...(target === undefined ? {} : { target }),
      }),
    );
  }
  return rows;
}
