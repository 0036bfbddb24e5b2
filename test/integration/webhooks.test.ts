// Issue #31 item 3 (and item 5's "at least once with a stable id"): webhooks on the running local
// cloud — the real handlers, the webhook queue with its worker and retries, the seal and anchor jobs,
// the local chain. A local receiver (an HTTP server on a free loopback port, which only the local
// cloud's WEBHOOK_ALLOW_LOOPBACK lets an endpoint name) gets every event of a contract's life and
// checks each signature with the Standard Webhooks algorithm written here on its own (not the
// product's module).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { HttpWebhookSender } from '../../lambdas/adapters/webhook-sender';
import { api, eventually } from '../support/cloud-client';
import {
  createDocument,
  newOwner,
  sendDocument,
  signerLinkTo,
  uploadPdf,
  type Owner,
} from '../support/documents';
import { makePng } from '../support/png';

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  at: number;
}

/** A receiver: records every request; `answer` picks each one's status (default 200). */
async function receiver(answer: (r: Received, n: number) => number = () => 200) {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const h: IncomingHttpHeaders = req.headers;
      const r: Received = {
        id: String(h['webhook-id'] ?? ''),
        timestamp: String(h['webhook-timestamp'] ?? ''),
        signature: String(h['webhook-signature'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      got.push(r);
      res.statusCode = answer(r, got.length);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks, independently: HMAC-SHA256 over `id.timestamp.body` with the base64-decoded
 *  bytes after `whsec_`; the header lists `v1,<base64>` signatures separated by spaces. */
function signedBy(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${r.id}.${r.timestamp}.${r.body}`).digest();
  return r.signature.split(' ').some((part) => {
    const [version, sig] = part.split(',');
    const given = Buffer.from(sig ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const ALL_EVENTS = [
  'document.sent',
  'recipient.viewed',
  'recipient.signed',
  'recipient.denied',
  'document.completed',
  'document.anchored',
  'document.expired',
  'video.recorded',
  'document.voided',
];

async function addEndpoint(owner: Owner, url: string, events = ALL_EVENTS) {
  const res = await api('/api/me/webhooks', { method: 'POST', token: owner.token, body: { url, events } });
  expect(res.status).toBe(201);
  return res.body as { endpoint: { endpointId: string }; secret: string };
}

const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type;

/** A contract to two e-mail contractors, sent. */
async function sendToTwo(owner: Owner) {
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const contacts = [`wh-a-${randomUUID()}@example.com`, `wh-b-${randomUUID()}@example.com`];
  const put = (path: string, body: unknown) => api(path, { method: 'PUT', token: owner.token, body });
  const recipients = contacts.map((contact, i) => ({ name: `Hook Signer ${i + 1}`, contact }));
  expect(
    (await put(`/api/documents/${docuId}/recipients`, { recipients, finalRecipients: [], lang: 'en' }))
      .status,
  ).toBe(200);
  const box = { pageIndex: 0, x: 50, width: 120, height: 40 };
  const areas = [
    { recipientIndex: 0, ...box, y: 60 },
    { recipientIndex: 1, ...box, y: 200 },
  ];
  expect((await put(`/api/documents/${docuId}/areas`, { areas })).status).toBe(200);
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title: 'Webhook agreement', privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  expect((await sendDocument(owner, docuId)).status).toBe(200);
  return { docuId, contacts };
}

async function signAndAgree(docuId: string, contact: string, areaIndex: number) {
  const { token } = await signerLinkTo(contact);
  const base = `/api/sign/${docuId}/${token}`;
  expect((await api(base)).status).toBe(200); // the first view
  const sign = await api(`${base}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const applied = await api(`${base}/areas`, {
    method: 'PUT',
    body: { signs: [{ areaIndex, signId: sign.body.signId }] },
  });
  expect(applied.status).toBe(200);
  expect((await api(`${base}/agree`, { method: 'POST', body: { lang: 'en' } })).status).toBe(200);
  return token;
}

const deliveriesOf = async (owner: Owner, endpointId: string) => {
  const res = await api(`/api/me/webhooks/${endpointId}/deliveries`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.deliveries as {
    deliveryId: string;
    msgId: string;
    eventType: string;
    status: string;
    attempts: number;
    statusCode: number | null;
    latencyMs: number | null;
  }[];
};

describe('webhooks on the local cloud', () => {
  it("delivers every event of a contract's life, each signed (Standard Webhooks) under a stable id", async () => {
    const hook = await receiver();
    try {
      const owner = await newOwner();
      const { endpoint, secret } = await addEndpoint(owner, hook.url);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const { docuId, contacts } = await sendToTwo(owner);
      await signAndAgree(docuId, contacts[0]!, 0);
      await signAndAgree(docuId, contacts[1]!, 1);
      const wanted = [
        'document.sent',
        'recipient.viewed',
        'recipient.viewed',
        'recipient.signed',
        'recipient.signed',
        'document.completed',
        'document.anchored',
      ];
      await eventually(
        async () =>
          wanted.every(
            (t) => hook.got.filter((r) => typeOf(r) === t).length >= wanted.filter((w) => w === t).length,
          ),
        180_000,
        'every event of the contract',
      );
      for (const r of hook.got) {
        expect(signedBy(secret, r)).toBe(true);
        expect(r.id).toMatch(/^msg_[0-9a-f]{32}$/);
        expect(Math.abs(Number(r.timestamp) - r.at / 1000)).toBeLessThan(60);
        const body = JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> };
        expect(body.data.docuId).toBe(docuId);
        expect(Date.parse(body.timestamp)).not.toBeNaN();
        // Ids and facts only: no contact, name or image in any event.
        expect(r.body).not.toMatch(/@example\.com|Hook Signer|data:image|base64/);
      }
      const signed = hook.got.filter((r) => typeOf(r) === 'recipient.signed');
      expect(
        new Set(
          signed.map((r) => (JSON.parse(r.body) as { data: { recipientIndex: number } }).data.recipientIndex),
        ),
      ).toEqual(new Set([0, 1]));
      // One id per fact: the two signers' events differ; nothing else shares an id.
      const distinct = new Set(hook.got.map((r) => `${typeOf(r)}|${r.id}`));
      expect(new Set(hook.got.map((r) => r.id)).size).toBe(distinct.size);
      const anchored = JSON.parse(hook.got.find((r) => typeOf(r) === 'document.anchored')!.body) as {
        data: { tokenId: string; sha256: string };
      };
      expect(anchored.data.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(anchored.data.tokenId).toBeTruthy();

      // The delivery log lists each with its status, HTTP code, latency and attempts.
      const log = await eventually(
        async () => {
          const d = await deliveriesOf(owner, endpoint.endpointId);
          return d.length >= wanted.length && d.every((x) => x.status === 'delivered') ? d : undefined;
        },
        30_000,
        'the delivery log',
      );
      for (const d of log) {
        expect(d).toMatchObject({ status: 'delivered', statusCode: 200, attempts: 1 });
        expect(d.latencyMs).toBeGreaterThanOrEqual(0);
      }
    } finally {
      await hook.close();
    }
  }, 240_000);

  it('tells a denial and a void, without the reason anyone wrote', async () => {
    const hook = await receiver();
    try {
      const owner = await newOwner();
      const { secret } = await addEndpoint(owner, hook.url, ['recipient.denied', 'document.voided']);
      const denied = await sendToTwo(owner);
      const { token } = await signerLinkTo(denied.contacts[1]!);
      const deny = await api(`/api/sign/${denied.docuId}/${token}/deny`, {
        method: 'POST',
        body: { reason: 'Secret reason of the signer', lang: 'en' },
      });
      expect(deny.status).toBe(200);
      const voided = await sendToTwo(owner);
      const voiding = await api(`/api/documents/${voided.docuId}/void`, {
        method: 'POST',
        token: owner.token,
        body: { reason: 'Private reason of the owner', lang: 'en' },
      });
      expect(voiding.status).toBe(200);
      await eventually(async () => hook.got.length >= 2, 60_000, 'the denial and the void');
      const bodies = hook.got.map(
        (r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> },
      );
      expect(bodies.find((b) => b.type === 'recipient.denied')?.data).toEqual({
        docuId: denied.docuId,
        recipientIndex: 1,
        refusal: 'denied',
      });
      expect(bodies.find((b) => b.type === 'document.voided')?.data).toEqual({ docuId: voided.docuId });
      for (const r of hook.got) {
        expect(signedBy(secret, r)).toBe(true);
        expect(r.body).not.toMatch(/reason of/i);
      }
      // Only the subscribed events: the sends, views and signatures of these contracts are not here.
      expect(new Set(bodies.map((b) => b.type))).toEqual(new Set(['recipient.denied', 'document.voided']));
    } finally {
      await hook.close();
    }
  });

  it('retries a receiver that answers 500 three times: the event arrives later with the same webhook-id', async () => {
    const hook = await receiver((_r, n) => (n <= 3 ? 500 : 204));
    try {
      const owner = await newOwner();
      const { endpoint, secret } = await addEndpoint(owner, hook.url);
      const test = await api(`/api/me/webhooks/${endpoint.endpointId}/test`, {
        method: 'POST',
        token: owner.token,
      });
      expect(test.status).toBe(202);
      await eventually(async () => hook.got.length >= 4, 90_000, 'the fourth attempt');
      expect(new Set(hook.got.map((r) => r.id))).toEqual(new Set([test.body.msgId]));
      expect(new Set(hook.got.map((r) => r.body)).size).toBe(1);
      for (const r of hook.got) expect(signedBy(secret, r)).toBe(true);
      // Backoff: each retry waited longer than the one before (1 s, 2 s, 6 s on the local clock).
      const gaps = hook.got.slice(1).map((r, i) => r.at - hook.got[i]!.at);
      expect(gaps[0]).toBeGreaterThanOrEqual(900);
      expect(gaps[2]!).toBeGreaterThan(gaps[0]!);
      const log = await eventually(
        async () => {
          const [d] = await deliveriesOf(owner, endpoint.endpointId);
          return d?.status === 'delivered' ? d : undefined;
        },
        20_000,
        'the delivered entry',
      );
      expect(log).toMatchObject({
        msgId: test.body.msgId,
        attempts: 4,
        statusCode: 204,
        eventType: 'webhook.test',
      });
    } finally {
      await hook.close();
    }
  });

  it('replays a delivery with the same id and body, and refuses a stranger’s replay', async () => {
    const hook = await receiver();
    try {
      const owner = await newOwner();
      const { endpoint, secret } = await addEndpoint(owner, hook.url);
      const test = await api(`/api/me/webhooks/${endpoint.endpointId}/test`, {
        method: 'POST',
        token: owner.token,
      });
      await eventually(async () => hook.got.length >= 1, 30_000, 'the test event');
      const replay = await api(
        `/api/me/webhooks/${endpoint.endpointId}/deliveries/${test.body.deliveryId}/replay`,
        { method: 'POST', token: owner.token },
      );
      expect(replay.status).toBe(202);
      expect(replay.body).toEqual({ deliveryId: test.body.deliveryId, msgId: test.body.msgId });
      await eventually(async () => hook.got.length >= 2, 30_000, 'the replay');
      expect(hook.got[1]!.id).toBe(hook.got[0]!.id);
      expect(hook.got[1]!.body).toBe(hook.got[0]!.body);
      expect(signedBy(secret, hook.got[1]!)).toBe(true);
      const d = await eventually(
        async () => {
          const [x] = await deliveriesOf(owner, endpoint.endpointId);
          return x && x.attempts === 2 && x.status === 'delivered' ? x : undefined;
        },
        20_000,
        'two attempts logged',
      );
      expect(d.msgId).toBe(test.body.msgId);

      const stranger = await newOwner();
      const path = `/api/me/webhooks/${endpoint.endpointId}`;
      for (const [method, suffix] of [
        ['POST', `/deliveries/${test.body.deliveryId}/replay`],
        ['GET', '/deliveries'],
        ['GET', '/secret'],
        ['POST', '/test'],
        ['POST', '/rotate'],
        ['DELETE', ''],
      ] as const) {
        const res = await api(path + suffix, { method, token: stranger.token });
        expect({ suffix, status: res.status, code: res.body.error?.code }).toEqual({
          suffix,
          status: 404,
          code: 'webhooks.errors.notFound',
        });
      }
      const unknown = await api(`${path}/deliveries/0000000000000-msg_0123456789abcdef/replay`, {
        method: 'POST',
        token: owner.token,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('webhooks.errors.deliveryNotFound');
    } finally {
      await hook.close();
    }
  });

  it('signs with both secrets during a rotation overlap, and with the new one only after it', async () => {
    const hook = await receiver();
    try {
      const owner = await newOwner();
      const { endpoint, secret: first } = await addEndpoint(owner, hook.url);
      const rotated = await api(`/api/me/webhooks/${endpoint.endpointId}/rotate`, {
        method: 'POST',
        token: owner.token,
        body: {},
      });
      expect(rotated.status).toBe(200);
      const second = rotated.body.secret as string;
      expect(second).not.toBe(first);
      const until = Date.parse(rotated.body.endpoint.previousSecretUntil);
      expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
      expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
      const revealed = await api(`/api/me/webhooks/${endpoint.endpointId}/secret`, { token: owner.token });
      expect(revealed.body.secret).toBe(second);

      await api(`/api/me/webhooks/${endpoint.endpointId}/test`, { method: 'POST', token: owner.token });
      await eventually(async () => hook.got.length >= 1, 30_000, 'the event in the overlap');
      const during = hook.got[0]!;
      expect(during.signature.split(' ')).toHaveLength(2);
      expect(during.signature.split(' ')[0]).toMatch(/^v1,/);
      expect(signedBy(second, during)).toBe(true);
      expect(signedBy(first, during)).toBe(true);

      // An overlap of 0 hours ends the old secret at once.
      const third = await api(`/api/me/webhooks/${endpoint.endpointId}/rotate`, {
        method: 'POST',
        token: owner.token,
        body: { overlapHours: 0 },
      });
      expect(third.status).toBe(200);
      expect(third.body.endpoint.previousSecretUntil).toBeNull();
      await api(`/api/me/webhooks/${endpoint.endpointId}/test`, { method: 'POST', token: owner.token });
      await eventually(async () => hook.got.length >= 2, 30_000, 'the event after the overlap');
      const after = hook.got[1]!;
      expect(after.signature.split(' ')).toHaveLength(1);
      expect(signedBy(third.body.secret as string, after)).toBe(true);
      expect(signedBy(second, after)).toBe(false);
    } finally {
      await hook.close();
    }
  });

  it('refuses private addresses, bad URLs and bad input with translated 400s, and caps endpoints at 10', async () => {
    const owner = await newOwner();
    const post = (body: unknown) => api('/api/me/webhooks', { method: 'POST', token: owner.token, body });
    for (const url of [
      'http://10.0.0.8/h',
      'https://192.168.1.20/h',
      'https://172.16.5.4/h',
      'http://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/h',
      'https://[fd00::1]/h',
      'https://[fe80::1]/h',
      'https://[::ffff:10.0.0.1]/h',
      'https://user:pass@127.0.0.1/h',
    ]) {
      const res = await post({ url, events: ['document.sent'] });
      expect({ url, status: res.status, code: res.body.error?.code }).toEqual({
        url,
        status: 400,
        code: 'webhooks.errors.urlRefused',
      });
    }
    for (const body of [
      { url: 'ftp://example.com/h', events: ['document.sent'] },
      { url: 'not a url', events: ['document.sent'] },
      { url: 'https://example.com/h', events: [] },
      { url: 'https://example.com/h', events: ['document.signed'] },
      { url: 'https://example.com/h', events: ['document.sent', 'document.sent'] },
      { url: 'https://example.com/h', events: ['document.sent'], extra: 1 },
      { events: ['document.sent'] },
    ]) {
      const res = await post(body);
      expect({ body, status: res.status, code: res.body.error?.code }).toEqual({
        body,
        status: 400,
        code: 'errors.validation',
      });
    }
    const unresolvable = await post({ url: 'https://no-such-host.invalid/h', events: ['document.sent'] });
    expect(unresolvable.status).toBe(400);
    expect(unresolvable.body.error.code).toBe('webhooks.errors.urlUnresolvable');

    // Ten endpoints at most.
    for (let i = 0; i < 10; i++) await addEndpoint(owner, `http://127.0.0.1:9/h${i}`, ['document.sent']);
    const eleventh = await post({ url: 'http://127.0.0.1:9/h10', events: ['document.sent'] });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.code).toBe('webhooks.errors.tooMany');
    const list = await api('/api/me/webhooks', { token: owner.token });
    expect(list.body).toMatchObject({ allowed: true, max: 10 });
    expect(list.body.endpoints).toHaveLength(10);
    expect(JSON.stringify(list.body)).not.toMatch(/whsec_[A-Za-z0-9+/]{20}/);

    // Update, disable and delete.
    const id = list.body.endpoints[0].endpointId as string;
    const patch = (body: unknown) =>
      api(`/api/me/webhooks/${id}`, { method: 'PATCH', token: owner.token, body });
    expect((await patch({})).status).toBe(400);
    expect((await patch({ url: 'http://10.1.1.1/x' })).body.error.code).toBe('webhooks.errors.urlRefused');
    const changed = await patch({ events: ['recipient.signed', 'document.completed'], enabled: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      enabled: false,
      events: ['recipient.signed', 'document.completed'],
    });
    const test = await api(`/api/me/webhooks/${id}/test`, { method: 'POST', token: owner.token });
    expect(test.status).toBe(409);
    expect(test.body.error.code).toBe('webhooks.errors.disabled');
    expect((await api(`/api/me/webhooks/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await api(`/api/me/webhooks/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
    expect((await api('/api/me/webhooks', { token: owner.token })).body.endpoints).toHaveLength(9);
    expect((await api('/api/me/webhooks')).status).toBe(401);
  });

  it('at delivery, refuses a host that resolves to a non-public address unless loopback is allowed', async () => {
    const hook = await receiver();
    try {
      const port = new URL(hook.url).port;
      const deployed = new HttpWebhookSender({ allowLoopback: false }, 5000);
      // A literal loopback address, and a host name the resolver answers with this machine's (never a
      // public) address: both refused before any connection, so the receiver hears nothing.
      const literal = await deployed.post(`https://127.0.0.1:${port}/hooks`, {}, '{}');
      expect(literal).toMatchObject({ status: 0, error: 'blocked' });
      const named = await deployed.post(`https://${hostname()}:${port}/hooks`, {}, '{}');
      expect(named.status).toBe(0);
      expect(['blocked', 'network']).toContain(named.error);
      const metadata = await deployed.post('http://169.254.169.254/latest/meta-data/', {}, '{}');
      expect(metadata).toMatchObject({ status: 0, error: 'blocked' });
      await expect(deployed.checkUrl(`https://127.0.0.1:${port}/hooks`)).rejects.toMatchObject({
        code: 'webhooks.errors.urlRefused',
      });
      expect(hook.got).toHaveLength(0);
      // The local cloud's configuration: loopback allowed, and the receiver gets it.
      const local = new HttpWebhookSender({ allowLoopback: true }, 5000);
      expect(await local.post(hook.url, { 'webhook-id': 'msg_x' }, '{}')).toMatchObject({ status: 200 });
      expect(hook.got).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
});
