// Issue #13, defects 7 and 8: list cursors that are forged or belong to another owner answer 400
// (never 500, never another owner's page); names and titles with control, bidi-override characters
// or lone surrogates are refused; every API answer says nosniff and the SPA is served under the
// same Content-Security-Policy CloudFront sends in AWS.
import { api, env } from '../support/cloud-client';
import { createDocument, newOwner, type Owner } from '../support/documents';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function list(owner: Owner, query: string) {
  return api(`/api/documents?${query}`, { token: owner.token });
}

describe('list cursors', () => {
  let alice: Owner;
  let bob: Owner;
  let aliceCursor: string;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([newOwner(), newOwner()]);
    for (const owner of [alice, bob]) {
      await createDocument(owner);
      await createDocument(owner);
    }
    const first = await list(alice, 'tab=draft&limit=1');
    expect(first.status).toBe(200);
    aliceCursor = first.body.nextCursor as string;
    expect(aliceCursor).toEqual(expect.any(String));
  });

  it("follows an owner's own cursor to the next page", async () => {
    const next = await list(alice, `tab=draft&limit=1&cursor=${encodeURIComponent(aliceCursor)}`);
    expect(next.status).toBe(200);
    expect(next.body.items).toHaveLength(1);
  });

  it("refuses another owner's cursor with 400 errors.badCursor, showing nothing of theirs", async () => {
    const res = await list(bob, `tab=draft&limit=1&cursor=${encodeURIComponent(aliceCursor)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('errors.badCursor');
    expect(res.body.items).toBeUndefined();
  });

  it("refuses a cursor of the other tab, and one whose inner key is forged or another owner's", async () => {
    const inner = JSON.parse(Buffer.from(aliceCursor, 'base64url').toString()) as { k: string; c: string };
    const key = JSON.parse(Buffer.from(inner.c, 'base64url').toString()) as Record<string, string>;
    const forged = [
      // ElectroDB could not parse this: it answered 500 before (issue #13).
      b64({ k: 'owner', c: 'not-a-cursor!' }),
      b64({ k: 'owner', c: b64('plain string') }),
      b64({ k: 'owner', c: b64([1, 2]) }),
      b64({ k: 'owner', c: b64({}) }),
      b64({ k: 'owner', c: b64({ ...key, gsi3sk: '' }) }),
      b64({ k: 'owner', c: b64({ ...key, gsi3pk: 123 }) }),
      b64({ k: 'owner', c: b64({ ...key, extra: 'x' }) }),
      b64({ k: 'owner', c: b64({ ...key, gsi3sk: '$other_1#x' }) }),
      b64({ k: 'owner', c: b64({ ...key, pk: ['x'] }) }),
      // Another owner's partition: DynamoDB refused this starting key (500 before).
      b64({
        k: 'owner',
        c: b64({ ...key, gsi3pk: key.gsi3pk!.replace(/ownerid_[^#]+/, 'ownerid_someone') }),
      }),
      b64({ k: 'contractor', o: 1 }),
      b64({ k: 'owner', c: 5 }),
      'e30',
      '%%',
    ];
    for (const cursor of forged) {
      const res = await list(alice, `tab=draft&limit=1&cursor=${encodeURIComponent(cursor)}`);
      expect({ cursor, status: res.status, code: res.body.error?.code }).toEqual({
        cursor,
        status: 400,
        code: 'errors.badCursor',
      });
    }
    const otherTab = await list(alice, `tab=signed&limit=1&cursor=${encodeURIComponent(aliceCursor)}`);
    expect(otherTab.status).toBe(400);
    const asContractor = await list(
      alice,
      `tab=pending&role=contractor&cursor=${encodeURIComponent(aliceCursor)}`,
    );
    expect(asContractor.status).toBe(400);
  });
});

describe('names and titles', () => {
  let owner: Owner;
  let docuId: string;

  beforeAll(async () => {
    owner = await newOwner();
    docuId = await createDocument(owner);
  });

  it.each([
    ['U+202E (right-to-left override)', 'Invoice \u202efdp.exe'],
    ['NUL', 'Invoice\u0000'],
    ['a lone surrogate', 'Invoice \ud800'],
    ['U+2066 (left-to-right isolate)', '\u2066Invoice'],
    ['a line break', 'Invoice\nsecond line'],
  ])('refuses a title with %s with a translated validation message', async (_what, title) => {
    const res = await api(`/api/documents/${docuId}`, {
      method: 'PATCH',
      token: owner.token,
      // JSON.stringify keeps a lone surrogate as the escape \ud800, as an attacker's client would send.
      body: { title },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('errors.validation');
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ path: 'body.title', message: 'errors.unsafeText' }),
    ]);
  });

  it('stores a clean title trimmed and in NFC', async () => {
    const res = await api(`/api/documents/${docuId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { title: '  Cafe\u0301 契約  ' },
    });
    expect(res.status).toBe(200);
    const doc = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(doc.body.title).toBe('Caf\u00e9 契約');
  });

  it('refuses the same characters in a profile name and a contractor name', async () => {
    const me = await api('/api/me', { method: 'PATCH', token: owner.token, body: { name: 'Eve\u202e' } });
    expect(me.status).toBe(400);
    expect(me.body.error.details[0].message).toBe('errors.unsafeText');
    const rcpt = await api(`/api/documents/${docuId}/recipients`, {
      method: 'PUT',
      token: owner.token,
      body: {
        recipients: [{ name: 'Mallory\u0000', contact: 'm@example.com' }],
        finalRecipients: [],
        lang: 'en',
      },
    });
    expect(rcpt.status).toBe(400);
    expect(rcpt.body.error.details[0]).toMatchObject({
      path: 'body.recipients.0.name',
      message: 'errors.unsafeText',
    });
  });
});

describe('security headers', () => {
  it('sends nosniff with every API answer: success, refusal and unknown route', async () => {
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/me', 401],
      ['/api/verify?hash=zz', 400],
      ['/api/nope', 404],
    ] as const) {
      const res = await api(path);
      expect({ path, status: res.status, nosniff: res.headers.get('x-content-type-options') }).toEqual({
        path,
        status,
        nosniff: 'nosniff',
      });
    }
  });

  it('serves the SPA with the CSP, nosniff, referrer policy and frame-ancestors of the CloudFront policy', async () => {
    const page = await fetch(env('TEST_APP_URL') + '/en/home');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['worker-src']).toEqual(["'self'", 'blob:']);
    expect(directives['connect-src']).toEqual(
      expect.arrayContaining(["'self'", new URL(env('TEST_COGNITO_ENDPOINT')).origin]),
    );
    // The documents bucket (presigned uploads and PDFs).
    const storage = new URL(env('AWS_ENDPOINT_URL_S3')).origin;
    for (const d of ['connect-src', 'img-src', 'frame-src']) expect(directives[d]).toContain(storage);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // API answers carry the same policy, as CloudFront's behaviour for /api/* does.
    expect((await api('/api/health')).headers.get('content-security-policy')).toBe(csp);
  });
});
