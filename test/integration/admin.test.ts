// The operators' console (issue #20) on the running local cloud: the admin routes refuse anonymous
// callers (401) and every signed-in non-admin (403); the seeded demo admin sees each queue's counts
// and a dead-lettered job (what failed, no personal data), redrives it, seals a stuck document again
// (twice: one final PDF, one token, one completion mail), reads the safe settings (no secrets), and
// finds each action in the audit trail.
import { randomUUID } from 'node:crypto';
import type { DocumentRecord } from '../../lambdas/adapters/dynamo/documents';
import { documentDeps } from '../../lambdas/deps';
import { ROUTES } from '../../shared/api/routes';
import { api, env, eventually, mailbox, signIn } from '../support/cloud-client';
import {
  createDocument,
  mailsTo,
  newOwner,
  sendTwoContractorDocument,
  type Owner,
} from '../support/documents';
import { makePng } from '../support/png';

const ADMIN_ROUTES = ROUTES.filter((r) => r.path.startsWith('/api/admin/'));
const pathOf = (path: string) => path.replace('{queue}', 'notify').replace('{docuId}', 'no-such-document');

let admin: string;
let owner: Owner;

beforeAll(async () => {
  [admin, owner] = await Promise.all([
    signIn(env('TEST_ADMIN_EMAIL'), env('TEST_ADMIN_PASSWORD')).then((t) => t.idToken),
    newOwner('en', 'Not Admin'),
  ]);
}, 120_000);

describe('authorization', () => {
  it('declares the five admin routes', () => {
    expect(ADMIN_ROUTES.map((r) => r.id).sort()).toEqual(
      ['AdminAudit', 'AdminJobs', 'AdminRedrive', 'AdminReseal', 'AdminSettings'].sort(),
    );
  });

  it.each(ADMIN_ROUTES.map((r) => [r.id, r] as const))(
    '%s answers 401 signed out and 403 to an owner who is not an admin',
    async (_id, route) => {
      const anonymous = await api(pathOf(route.path), {
        method: route.method,
        body: route.method === 'GET' ? undefined : {},
      });
      expect(anonymous.status).toBe(401);
      const refused = await api(pathOf(route.path), {
        method: route.method,
        token: owner.token,
        body: route.method === 'GET' ? undefined : {},
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('errors.forbidden');
    },
  );

  it('tells the SPA who is an admin (GET /api/me)', async () => {
    expect((await api('/api/me', { token: admin })).body.isAdmin).toBe(true);
    expect((await api('/api/me', { token: owner.token })).body.isAdmin).toBe(false);
  });
});

describe('jobs, redrive and the audit trail', () => {
  it('shows every queue, then a dead-lettered job without personal data, and redrives it', async () => {
    const first = await api('/api/admin/jobs', { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.queues.map((q: { name: string }) => q.name)).toEqual([
      'seal',
      'anchor',
      'notify',
      'bulk',
      'schedule',
      'webhook',
    ]);
    for (const q of first.body.queues) {
      expect(q.queue).toEqual({
        waiting: expect.any(Number),
        inFlight: expect.any(Number),
        delayed: expect.any(Number),
      });
    }

    // Two notify jobs that can never succeed: an unknown kind, and an e-mail whose attachment does not
    // exist (a well-formed job whose worker fails); both carry an address.
    const { queue } = documentDeps();
    const invalid = await queue.enqueue('notify', {
      kind: 'fax',
      idempotencyKey: randomUUID(),
      to: 'private-person@example.com',
    });
    const failing = await queue.enqueue('notify', {
      kind: 'email',
      idempotencyKey: randomUUID(),
      to: ['private-person@example.com'],
      subject: 'Private subject',
      text: 'Private text',
      attachments: [
        { filename: 'a.pdf', contentType: 'application/pdf', key: `documents/${randomUUID()}/missing.pdf` },
      ],
    });
    type DeadLetter = { messageId: string; errorCode: string; attempts: number; kind?: string };
    const withDead = await eventually(
      async () => {
        const res = await api('/api/admin/jobs', { token: admin });
        const notify = res.body.queues.find((q: { name: string }) => q.name === 'notify');
        const ids = (notify.deadLetters as DeadLetter[]).map((d) => d.messageId);
        return ids.includes(invalid.messageId) && ids.includes(failing.messageId) ? res : undefined;
      },
      90_000,
      'the two dead-lettered notify jobs on the Jobs page',
    );
    const notify = withDead.body.queues.find((q: { name: string }) => q.name === 'notify');
    // Approximate counts; a message just peeked (visibility 0) may count as in flight for a moment.
    expect(notify.deadLetter.waiting + notify.deadLetter.inFlight).toBeGreaterThanOrEqual(2);
    const dead = new Map((notify.deadLetters as DeadLetter[]).map((d) => [d.messageId, d]));
    expect(dead.get(invalid.messageId)).toMatchObject({ errorCode: 'jobInvalid' });
    // The code the worker recorded at its last try (the S3 error's name), not a guess.
    const failed = dead.get(failing.messageId)!;
    expect(failed.kind).toBe('email');
    expect(failed.errorCode).toMatch(/^[A-Za-z.]+$/);
    expect(['jobFailed', 'jobInvalid', 'jobNotJson']).not.toContain(failed.errorCode);
    expect(failed.attempts).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(withDead.body)).not.toMatch(/private-person@example\.com|Private/);

    const redriven = await api('/api/admin/jobs/notify/redrive', { method: 'POST', token: admin });
    expect(redriven.status).toBe(200);
    expect(redriven.body.moved).toBeGreaterThanOrEqual(2);

    const trail = await api('/api/admin/audit', { token: admin });
    expect(trail.status).toBe(200);
    expect(trail.body.items[0]).toMatchObject({
      action: 'redrive',
      target: 'notify',
      email: env('TEST_ADMIN_EMAIL'),
      result: `moved ${redriven.body.moved}`,
    });
    expect(Date.now() - Date.parse(trail.body.items[0].at)).toBeLessThan(120_000);
  }, 120_000);

  it('refuses an unknown queue with 400 and a missing document with 404', async () => {
    const badQueue = await api('/api/admin/jobs/fax/redrive', { method: 'POST', token: admin });
    expect(badQueue.status).toBe(400);
    expect(badQueue.body.error.code).toBe('errors.validation');
    const missing = await api('/api/admin/documents/no-such-document/reseal', {
      method: 'POST',
      token: admin,
    });
    expect(missing.status).toBe(404);
  });

  it('refuses to seal again a draft, which owes nothing (409)', async () => {
    const draft = await createDocument(owner);
    const res = await api(`/api/admin/documents/${draft}/reseal`, { method: 'POST', token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('admin.errors.notStuck');
  });
});

describe('seal again', () => {
  const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

  async function signAreas(docuId: string, token: string, areaIndexes: number[]) {
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
  }

  it('queues the seal of a document stuck in Generating; asked twice, it seals, mints and mails once', async () => {
    const s = await sendTwoContractorDocument({ title: 'Stuck' });
    await signAreas(s.docuId, s.mailToken, [0, 1]);
    expect(
      (await api(signPath(s.docuId, s.mailToken, '/agree'), { method: 'POST', body: { lang: 'en' } })).status,
    ).toBe(200);
    await signAreas(s.docuId, s.smsToken, [2]);
    // The last agreement written straight to the table (Generating, as the API does) with no seal
    // message: what a lost message leaves.
    const { docs } = documentDeps();
    const before = (await docs.getDocument(s.docuId))!;
    const second = (await docs.listRecipients(s.docuId)).find((r) => r.index === 1)!;
    await docs.changeStatus(
      s.docuId,
      { status: before.status, version: before.version },
      'Generating',
      {},
      { putRecipients: [{ ...second, agreement: 1, decidedAt: new Date().toISOString() }] },
    );

    const [one, two] = await Promise.all([
      api(`/api/admin/documents/${s.docuId}/reseal`, { method: 'POST', token: admin }),
      api(`/api/admin/documents/${s.docuId}/reseal`, { method: 'POST', token: admin }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.queued).toBe('seal');

    const done: DocumentRecord = await eventually(
      async () => {
        const d = await docs.getDocument(s.docuId);
        return d?.status === 'Completed' && d.anchorTokenId ? d : undefined;
      },
      90_000,
      'the stuck document sealed and anchored',
    );
    // Nothing owed any more: a third request is refused and queues nothing.
    const third = await api(`/api/admin/documents/${s.docuId}/reseal`, { method: 'POST', token: admin });
    expect(third.status).toBe(409);

    await new Promise((r) => setTimeout(r, 4000));
    const after = (await docs.getDocument(s.docuId))!;
    expect(after).toMatchObject({ finalKey: done.finalKey, anchorTokenId: done.anchorTokenId });
    const history = await docs.listHistory(s.docuId);
    expect(history.filter((h) => h.action === 'hash_nft')).toHaveLength(1);
    const number = done.id4.toUpperCase();
    const signedMails = mailsTo(await mailbox(), s.email).filter((m) =>
      m.attachments.some((a) => a.filename === `Stuck-${number}-signed.pdf`),
    );
    expect(signedMails).toHaveLength(1);

    const trail = await api('/api/admin/audit', { token: admin });
    const reseals = trail.body.items.filter(
      (i: { action: string; target: string }) => i.action === 'reseal' && i.target === s.docuId,
    );
    expect(reseals).toHaveLength(2);
  }, 240_000);
});

describe('settings', () => {
  it('shows the limits, chain, sender and flags, and no secret', async () => {
    const res = await api('/api/admin/settings', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.limits.maxUploadBytes).toBeGreaterThan(0);
    expect(res.body.limits.rates.emailsPerOwner).toEqual({ limit: expect.any(Number), windowSeconds: 3600 });
    expect(res.body.chain).toEqual({
      name: expect.any(String),
      chainId: Number(env('TEST_CHAIN_ID')),
      contractAddress: env('TEST_CHAIN_CONTRACT'),
    });
    expect(res.body.mail.from).toBe(env('MAIL_FROM'));
    expect(res.body.flags).toMatchObject({ anchoring: true, smsMode: 'mailbox' });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(env('TEST_CHAIN_RPC_URL'));
    for (const secret of ['CHAIN_MINTER_KEY', 'SEAL_SIGNER_FILE']) {
      if (process.env[secret]) expect(text).not.toContain(process.env[secret]!);
    }
  });
});
