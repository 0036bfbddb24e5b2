// A mail outage longer than the notify queue's tries (issue #36), on a local cloud of its own started
// with the fault switch (LOCAL_FAULTS=1, local/faults.ts): the mail path is taken down while a
// contract is completed (completion mails with the signed PDF, certificates, to every party, by
// e-mail and SMS) and while another is sent (signature requests). Every one of those jobs fails its
// tries and dead-letters — the admin Jobs page shows them with their document — then the mailbox
// comes back, the sweep re-queues them with their idempotency keys, and every party gets each
// message exactly once, with nothing left in the queue or its dead-letter queue.
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { resetConfigCache } from '../../lambdas/config';
import { documentDeps, setDeps } from '../../lambdas/deps';
import { api, env, eventually, mailbox, signIn, type StoredMail } from '../support/cloud-client';
import {
  createDocument,
  mailsTo,
  newOwner,
  sendTwoContractorDocument,
  uploadPdf,
  type Owner,
  type SentDocument,
} from '../support/documents';
import { makePng } from '../support/png';
import { ROOT, startCloudProcess, stopCloudProcess, type CloudInfo } from '../support/spawn-cloud.mjs';

/** This cloud's clock: a notify try every 2 s (60 s × 0.02, 5 tries), a sweep every 2 s that
 *  re-queues a dead letter 20 s after it was sent (twice SWEEP_MIN_AGE_SECONDS), then 40 s. */
const CLOUD_ENV = {
  LOCAL_BUILD: 'never',
  LOCAL_FAULTS: '1',
  LOCAL_JOB_TIME_SCALE: '0.02',
  LOCAL_SWEEP_SECONDS: '2',
  SWEEP_MIN_AGE_SECONDS: '10',
  TRIAL_CONTRACTS: '1000',
};

let child: ChildProcess | undefined;
let info: CloudInfo;
const savedEnv = { ...process.env };

beforeAll(async () => {
  const runDir = path.join(env('TEST_RUN_DIR'), `mail-outage-${process.pid}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const started = await startCloudProcess({
    dataDir: path.relative(ROOT, path.join(runDir, 'data')),
    logFile: path.join(runDir, 'local-cloud.log'),
    env: CLOUD_ENV,
  });
  child = started.child;
  info = started.info;
  // This file's helpers and in-process adapters talk to this cloud, not to the shared one.
  Object.assign(process.env, info.handlerEnv, {
    TEST_APP_URL: info.appUrl,
    TEST_MAILBOX_URL: info.mailboxUrl,
    TEST_COGNITO_ENDPOINT: info.endpoints.cognito,
  });
  resetConfigCache();
  setDeps(undefined);
}, 300_000);

afterAll(async () => {
  if (child) await stopCloudProcess(child);
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  resetConfigCache();
  setDeps(undefined);
}, 60_000);

async function mailPath(state: 'down' | 'up'): Promise<void> {
  const res = await fetch(`${info.faultsUrl}/mailbox/${state}`, { method: 'POST' });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ mailbox: state });
}

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

async function signAndAgree(docuId: string, token: string, areaIndexes: number[]): Promise<string> {
  const sign = await api(signPath(docuId, token, '/signs'), {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const applied = await api(signPath(docuId, token, '/areas'), {
    method: 'PUT',
    body: { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
  });
  expect(applied.status).toBe(200);
  const agreed = await api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } });
  expect(agreed.status).toBe(200);
  return agreed.body.status as string;
}

/** A contract ready to send (PDF, two contractors, their areas, a title), not sent. */
async function draftFor(owner: Owner) {
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const email = `outage-${docuId}@example.com`;
  const digits = `80${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const put = await api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: {
      recipients: [
        { name: 'Mail Signer', contact: email },
        { name: 'Phone Signer', contact: `+81 ${digits}` },
      ],
      finalRecipients: [],
      lang: 'en',
    },
  });
  expect(put.status).toBe(200);
  const box = { pageIndex: 0, x: 50, y: 60, width: 120, height: 40 };
  const areas = [
    { recipientIndex: 0, ...box },
    { recipientIndex: 1, ...box, y: 300 },
  ];
  expect(
    (await api(`/api/documents/${docuId}/areas`, { method: 'PUT', token: owner.token, body: { areas } }))
      .status,
  ).toBe(200);
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title: 'Outage agreement', privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  return { docuId, email, sms: `+81${digits}@sms.local` };
}

type NotifyRow = {
  queue: { waiting: number; inFlight: number; delayed: number };
  deadLetter: { waiting: number; inFlight: number; delayed: number };
  deadLetters: { messageId: string; docuId?: string; kind?: string; attempts: number; errorCode: string }[];
};

async function notifyRow(admin: string): Promise<NotifyRow> {
  const res = await api('/api/admin/jobs', { token: admin });
  expect(res.status).toBe(200);
  return res.body.queues.find((q: { name: string }) => q.name === 'notify') as NotifyRow;
}

const withAttachment = (mails: StoredMail[], address: string, fileName: string) =>
  mailsTo(mails, address).filter((m) => m.attachments.some((a) => a.filename === fileName));

it('re-sends every owed mail once the mailbox is back, exactly once per party', async () => {
  const admin = (
    await signIn(
      info.demoAccounts.find((a) => a.admin)!.email,
      info.demoAccounts.find((a) => a.admin)!.password,
    )
  ).idToken;
  // With the mailbox up: contract A reaches its contractors; contract B is ready to send.
  const a: SentDocument = await sendTwoContractorDocument({
    areas: [
      { recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 },
      { recipientIndex: 1, pageIndex: 0, x: 50, y: 300, width: 120, height: 40 },
    ],
  });
  const ownerB = await newOwner('en', 'Bea Owner');
  const b = await draftFor(ownerB);

  await mailPath('down');
  const downAt = (await mailbox()).length;
  // Contract A is completed (seal, anchor: completion and certificate messages to its three parties);
  // contract B is sent (a signature request to each contractor).
  expect(await signAndAgree(a.docuId, a.mailToken, [0])).not.toBe('Completed');
  await signAndAgree(a.docuId, a.smsToken, [1]);
  const sent = await api(`/api/documents/${b.docuId}/send`, {
    method: 'POST',
    token: ownerB.token,
    body: { lang: 'en' },
  });
  expect(sent.status).toBe(200);
  const docA = await eventually(
    async () => {
      const d = await documentDeps().docs.getDocument(a.docuId);
      return d?.anchorTokenId ? d : undefined;
    },
    120_000,
    'contract A sealed and anchored (the chain does not need the mailbox)',
  );

  // Every one of the eight messages dead-letters (5 tries each); the Jobs page names their documents.
  const seen = new Set<string>();
  await eventually(
    async () => {
      const row = await notifyRow(admin);
      for (const d of row.deadLetters) {
        if (d.docuId && d.attempts >= 5) seen.add(d.docuId);
      }
      const held = row.deadLetter.waiting + row.deadLetter.inFlight;
      return held >= 8 && seen.has(a.docuId) && seen.has(b.docuId);
    },
    180_000,
    'the eight owed messages in the notify dead-letter queue, with their documents',
  );
  expect((await mailbox()).slice(downAt)).toEqual([]);

  await mailPath('up');
  const number = docA.id4.toUpperCase();
  const signedPdf = `Service agreement-${number}-signed.pdf`;
  const certificatePdf = `${number}-certificate.pdf`;
  // Everything arrives once the sweep re-queues it; then nothing is left in flight or dead-lettered.
  await eventually(
    async () => {
      const mails = (await mailbox()).slice(downAt);
      const arrived =
        withAttachment(mails, a.email, signedPdf).length > 0 &&
        withAttachment(mails, a.email, certificatePdf).length > 0 &&
        withAttachment(mails, a.owner.email, signedPdf).length > 0 &&
        withAttachment(mails, a.owner.email, certificatePdf).length > 0 &&
        mailsTo(mails, `${a.e164}@sms.local`).length >= 2 &&
        mailsTo(mails, b.email).length > 0 &&
        mailsTo(mails, b.sms).length > 0;
      if (!arrived) return false;
      const row = await notifyRow(admin);
      const busy = [row.queue, row.deadLetter].reduce((n, c) => n + c.waiting + c.inFlight + c.delayed, 0);
      return busy === 0;
    },
    240_000,
    'every owed message delivered and the notify queue and its DLQ empty',
  );

  const mails = (await mailbox()).slice(downAt);
  for (const party of [a.email, a.owner.email]) {
    expect(withAttachment(mails, party, signedPdf)).toHaveLength(1);
    expect(withAttachment(mails, party, certificatePdf)).toHaveLength(1);
    expect(mailsTo(mails, party)).toHaveLength(2);
  }
  // By SMS: the completion and the certificate, once each.
  const smsA = mailsTo(mails, `${a.e164}@sms.local`).map((m) => m.body.text ?? '');
  expect(smsA).toHaveLength(2);
  expect(smsA.every((t) => t.includes(`No. ${number}`))).toBe(true);
  // Contract B: one signature request per contractor.
  expect(mailsTo(mails, b.sms)).toHaveLength(1);
  const request = mailsTo(mails, b.email);
  expect(request).toHaveLength(1);
  expect(request[0]!.body.text).toContain(`/outsign/${b.docuId}/`);
}, 600_000);
