// REST v1 (issue #31 items 2 and 5) against the local cloud, with only HTTP, as a customer's system
// would use it: a documents:write key creates a contract from an upload, sets its contractors and
// fields, sends it; the contractors sign through their links from the mailbox; the key follows the
// status and history, then downloads the sealed PDF and the certificate. A read-only key is refused
// writes, a revoked key at once; an Idempotency-Key retry gives the same document; the list pages with
// a cursor; bad input is a 400 in the v1 error shape; the OpenAPI document lists every route.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { V1_ROUTES } from '../../shared/api/v1/routes';
import { documentClient } from '../../lambdas/adapters/aws';
import { DynamoIdempotencyStore } from '../../lambdas/adapters/dynamo/idempotency';
import { getConfig } from '../../lambdas/config';
import { api, eventually } from '../support/cloud-client';
import { makePdf, mailsTo, newOwner, postFile, signerLinkTo, type Owner } from '../support/documents';
import { mailbox } from '../support/cloud-client';
import { makePng } from '../support/png';

jest.setTimeout(240000);

type Scope = 'documents:read' | 'documents:write' | 'templates:read';

async function makeKey(
  owner: Owner,
  scopes: Scope[],
  name = 'CRM',
): Promise<{ keyId: string; secret: string }> {
  const res = await api('/api/account/api-keys', {
    method: 'POST',
    token: owner.token,
    body: { name, scopes },
  });
  expect(res.status).toBe(201);
  return { keyId: res.body.key.keyId as string, secret: res.body.secret as string };
}

/** A v1 call with an API key (never the owner's sign-in). */
const v1 = (
  key: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
) => api(`/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

async function signAndAgree(docuId: string, token: string, areaIndexes: number[]) {
  const sign = await api(signPath(docuId, token, '/signs'), {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const placed = await api(signPath(docuId, token, '/areas'), {
    method: 'PUT',
    body: { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
  });
  expect(placed.status).toBe(200);
  const agreed = await api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } });
  expect(agreed.status).toBe(200);
}

/** create → presigned upload → complete, with the key only; answers the document id. */
async function createWithPdf(key: string, title: string, idempotencyKey?: string): Promise<string> {
  const created = await v1(key, '/documents', {
    method: 'POST',
    body: { title },
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
  expect(created.status).toBe(201);
  const docuId = created.body.docuId as string;
  const pdf = await makePdf();
  const form = await v1(key, `/documents/${docuId}/upload`, {
    method: 'POST',
    body: { fileName: 'contract.pdf', contentType: 'application/pdf', sizeBytes: pdf.length },
  });
  expect(form.status).toBe(200);
  expect((await postFile(form.body, pdf, 'contract.pdf')).status).toBeLessThan(300);
  const done = await v1(key, `/documents/${docuId}/upload/complete`, {
    method: 'POST',
    body: { key: form.body.key },
  });
  expect(done.status).toBe(200);
  expect(done.body.status).toBe('Upload');
  return docuId;
}

describe('REST v1 with an API key', () => {
  let owner: Owner;
  let writer: { keyId: string; secret: string };

  beforeAll(async () => {
    owner = await newOwner('en', 'Api Owner');
    writer = await makeKey(owner, ['documents:read', 'documents:write', 'templates:read']);
  });

  it('creates, sends, follows and downloads a contract end to end with only HTTP', async () => {
    const docuId = await createWithPdf(writer.secret, 'API agreement');
    const first = `first-${randomUUID()}@example.com`;
    const second = `second-${randomUUID()}@example.com`;
    const rcpt = await v1(writer.secret, `/documents/${docuId}/recipients`, {
      method: 'PUT',
      body: {
        recipients: [
          { name: 'First Signer', contact: first, role: 'signer', group: 1 },
          { name: 'Second Signer', contact: second, role: 'signer', group: 2 },
        ],
        finalRecipients: [],
        lang: 'en',
        routing: { order: 'sequential', reminders: null, expiresAt: null, allowDelegation: false },
      },
    });
    expect(rcpt.status).toBe(200);
    expect(rcpt.body.recipients.map((r: { group: number }) => r.group)).toEqual([1, 2]);
    const box = { pageIndex: 0, x: 50, width: 120, height: 40 };
    const fields = await v1(writer.secret, `/documents/${docuId}/fields`, {
      method: 'PUT',
      body: {
        areas: [
          { recipientIndex: 0, y: 60, ...box },
          { recipientIndex: 1, y: 200, ...box },
        ],
      },
    });
    expect(fields.status).toBe(200);
    expect(fields.body.status).toBe('SetPos');
    // Send refuses until the terms are accepted: the SPA's rule, the same code.
    const early = await v1(writer.secret, `/documents/${docuId}/send`, {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(early.status).toBe(400);
    expect(early.body.error.code).toBe('documents.send.termsRequired');
    expect(early.body.error.requestId).toBeTruthy();
    expect(
      (await v1(writer.secret, `/documents/${docuId}`, { method: 'PATCH', body: { privateinfoAgree: true } }))
        .status,
    ).toBe(200);
    const sendKey = `send-${docuId}`;
    const sent = await v1(writer.secret, `/documents/${docuId}/send`, {
      method: 'POST',
      body: { lang: 'en' },
      headers: { 'idempotency-key': sendKey },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('Agree');
    // A retried send is the first answer, and sends nothing twice.
    const resent = await v1(writer.secret, `/documents/${docuId}/send`, {
      method: 'POST',
      body: { lang: 'en' },
      headers: { 'idempotency-key': sendKey },
    });
    expect(resent.status).toBe(200);
    expect(resent.headers.get('idempotency-replayed')).toBe('true');
    expect(resent.body).toEqual(sent.body);

    // In order: the first signer, then the second.
    const a = await signerLinkTo(first);
    await signAndAgree(docuId, a.token, [0]);
    const b = await signerLinkTo(second);
    await signAndAgree(docuId, b.token, [1]);
    expect(mailsTo(await mailbox(), first).length).toBeGreaterThan(0);

    const completed = await eventually(
      async () => {
        const got = await v1(writer.secret, `/documents/${docuId}`);
        return got.body.status === 'Completed' ? got : null;
      },
      120000,
      'the contract to complete',
    );
    expect(completed.status).toBe(200);
    const history = await v1(writer.secret, `/documents/${docuId}/history`);
    expect(history.status).toBe(200);
    expect(history.body.status).toBe('Completed');
    const actions = history.body.history.map((h: { action: string }) => h.action);
    expect(actions).toEqual(expect.arrayContaining(['transfer', 'agree']));

    const download = await v1(writer.secret, `/documents/${docuId}/download`);
    expect(download.status).toBe(200);
    expect(download.body.final).toBe(true);
    const sealed = Buffer.from(await (await fetch(download.body.url)).arrayBuffer());
    expect(sealed.subarray(0, 5).toString()).toBe('%PDF-');

    // The certificate comes after the anchor: 409 until then, then a presigned URL.
    const certificate = await eventually(
      async () => {
        const got = await v1(writer.secret, `/documents/${docuId}/certificate`);
        if (got.status === 409) {
          expect(got.body.error.code).toBe('apiV1.errors.certificateNotReady');
          return null;
        }
        return got;
      },
      120000,
      'the certificate',
    );
    expect(certificate.status).toBe(200);
    expect(certificate.body.lang).toBe('en');
    const cert = Buffer.from(await (await fetch(certificate.body.url)).arrayBuffer());
    expect(cert.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives the same document to a retried create with the same Idempotency-Key, never two', async () => {
    const key = `create-${randomUUID()}`;
    const title = `Idempotent ${randomUUID()}`;
    const post = () =>
      v1(writer.secret, '/documents', {
        method: 'POST',
        body: { title },
        headers: { 'idempotency-key': key },
      });
    const [first, second] = [await post(), await post()];
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.docuId).toBe(first.body.docuId);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    const drafts = await v1(writer.secret, '/documents?status=draft&limit=50');
    expect(drafts.body.items.filter((d: { title: string }) => d.title === title)).toHaveLength(1);
    // The key with another body: 422, translated.
    const other = await v1(writer.secret, '/documents', {
      method: 'POST',
      body: { title: 'Something else' },
      headers: { 'idempotency-key': key, 'accept-language': 'ja' },
    });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('apiV1.errors.idempotencyMismatch');
    expect(other.body.error.message).toMatch(/[\u3040-\u30ff]/);
  });

  it('answers one of two concurrent identical creates, the other 409 or the same document', async () => {
    const key = `race-${randomUUID()}`;
    const post = () =>
      v1(writer.secret, '/documents', {
        method: 'POST',
        body: { title: 'Race' },
        headers: { 'idempotency-key': key },
      });
    const answers = await Promise.all([post(), post()]);
    const ok = answers.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.docuId)).size).toBe(1);
    for (const r of answers.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('apiV1.errors.idempotencyInFlight');
    }
  });

  it('lists documents page by page with a cursor, and filters by updatedSince', async () => {
    const lister = await newOwner('en', 'List Owner');
    const key = await makeKey(lister, ['documents:read', 'documents:write']);
    for (let i = 0; i < 3; i++) {
      expect(
        (await v1(key.secret, '/documents', { method: 'POST', body: { title: `Draft ${i}` } })).status,
      ).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof v1>> = await v1(
        key.secret,
        `/documents?status=draft&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((d: { docuId: string }) => d.docuId));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const none = await v1(key.secret, `/documents?status=draft&updatedSince=${encodeURIComponent(future)}`);
    expect(none.body.items).toEqual([]);
    // Another owner's key never sees them.
    const other = await v1(writer.secret, `/documents/${seen[0]}`);
    expect(other.status).toBe(404);
  });

  it('refuses writes to a read-only key (403) and lets it read', async () => {
    const reader = await makeKey(owner, ['documents:read'], 'Reader');
    const write = await v1(reader.secret, '/documents', { method: 'POST', body: {} });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('apiKeys.errors.scope');
    const templates = await v1(reader.secret, '/templates');
    expect(templates.status).toBe(403);
    const read = await v1(reader.secret, '/documents?status=draft');
    expect(read.status).toBe(200);
  });

  it('refuses a revoked key at once, and requests without a key', async () => {
    const doomed = await makeKey(owner, ['documents:read'], 'Doomed');
    expect((await v1(doomed.secret, '/documents?status=draft')).status).toBe(200);
    const revoked = await api(`/api/account/api-keys/${doomed.keyId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(revoked.status).toBe(200);
    const after = await v1(doomed.secret, '/documents?status=draft');
    expect(after.status).toBe(401);
    expect(after.body.error.requestId).toBeTruthy();
    const none = await api('/api/v1/documents?status=draft');
    expect(none.status).toBe(401);
    // The owner's sign-in token is not an API key.
    const jwt = await api('/api/v1/documents?status=draft', { token: owner.token });
    expect(jwt.status).toBe(401);
  });

  it.each([
    [
      'an unknown body field',
      'POST',
      '/documents',
      { kind: 'esign', color: 'red' },
      400,
      'errors.validation',
    ],
    ['a bad kind', 'POST', '/documents', { kind: 'fax' }, 400, 'errors.validation'],
    ['a bad list status', 'GET', '/documents?status=lost', undefined, 400, 'errors.validation'],
    ['a bad limit', 'GET', '/documents?status=draft&limit=500', undefined, 400, 'errors.validation'],
    [
      'a bad updatedSince',
      'GET',
      '/documents?status=draft&updatedSince=yesterday',
      undefined,
      400,
      'errors.validation',
    ],
    ['a forged cursor', 'GET', '/documents?status=draft&cursor=bm9wZQ', undefined, 400, null],
    [
      'recipients that are not a list',
      'PUT',
      '/documents/x1/recipients',
      { recipients: 'all' },
      400,
      'errors.validation',
    ],
    ['an unknown route', 'GET', '/nothing-here', undefined, 404, 'errors.routeNotFound'],
    ['a wrong method', 'DELETE', '/documents', undefined, 405, 'errors.methodNotAllowed'],
    ['a missing document', 'GET', '/documents/nope-404', undefined, 404, null],
  ] as const)('answers %s in the v1 error shape', async (_what, method, path, body, status, code) => {
    const res = await v1(writer.secret, path, { method, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(status);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(typeof res.body.error.code).toBe('string');
    expect(typeof res.body.error.message).toBe('string');
    expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
    if (code) expect(res.body.error.code).toBe(code);
  });

  it('refuses a body that is not JSON (400) and a bad Idempotency-Key (400)', async () => {
    const bad = await v1(writer.secret, '/documents', {
      method: 'POST',
      rawBody: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('errors.badRequest');
    const key = await v1(writer.secret, '/documents', {
      method: 'POST',
      body: {},
      headers: { 'idempotency-key': 'has spaces in it' },
    });
    expect(key.status).toBe(400);
    expect(key.body.error.code).toBe('apiV1.errors.idempotencyKeyInvalid');
  });

  it('serves the OpenAPI document without a key, listing every route', async () => {
    const res = await api('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const r of V1_ROUTES) expect(res.body.paths[r.path][r.method.toLowerCase()].operationId).toBe(r.id);
  });
});

describe('Idempotency-Key records in DynamoDB Local', () => {
  const store = () => new DynamoIdempotencyStore(documentClient(), getConfig().TABLE_NAME);
  const nowS = Math.floor(Date.now() / 1000);

  it('claims a key once; a second claim fails until the record expires', async () => {
    const s = store();
    const id = `it#${randomUUID()}`;
    expect(await s.claim(id, { fingerprint: 'fp', lockedUntil: 1000, ttl: nowS + 60 }, nowS)).toBe(true);
    expect(await s.claim(id, { fingerprint: 'fp', lockedUntil: 2000, ttl: nowS + 60 }, nowS)).toBe(false);
    expect(await s.get(id)).toMatchObject({ fingerprint: 'fp', state: 'pending', lockedUntil: 1000 });
    // Past its TTL (DynamoDB removes it later): claimable again.
    expect(await s.claim(id, { fingerprint: 'fp2', lockedUntil: 3000, ttl: nowS + 60 }, nowS + 61)).toBe(
      true,
    );
    expect((await s.get(id))?.fingerprint).toBe('fp2');
  });

  it('completes, reclaims and releases only while the caller holds the lock', async () => {
    const s = store();
    const id = `it#${randomUUID()}`;
    await s.claim(id, { fingerprint: 'fp', lockedUntil: 1000, ttl: nowS + 60 }, nowS);
    expect(await s.reclaim(id, 999, 5000)).toBe(false);
    expect(await s.reclaim(id, 1000, 5000)).toBe(true);
    // The first holder's late answer and release change nothing.
    await s.complete(id, 1000, 201, '{"late":true}');
    await s.release(id, 1000);
    expect(await s.get(id)).toMatchObject({ state: 'pending', lockedUntil: 5000 });
    await s.complete(id, 5000, 201, '{"docuId":"d1"}');
    expect(await s.get(id)).toMatchObject({ state: 'done', status: 201, body: '{"docuId":"d1"}' });
    // A done record is never released or taken over.
    await s.release(id, 5000);
    expect(await s.reclaim(id, 5000, 9000)).toBe(false);
    expect((await s.get(id))?.state).toBe('done');
  });
});
