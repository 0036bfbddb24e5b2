// Embedded signing (issue #31 item 4) on the running local cloud: the owner's allowed origins
// (validated, normalised), a session for one contractor of a sent contract (404 for another owner, 400
// for an origin the account does not allow), the embed page's headers (the account's frame-ancestors,
// no X-Frame-Options) while every other page keeps frame-ancestors 'none', the session accepted by the
// signer API, and an expired session refused.
import { embedDeps } from '../../lambdas/deps';
import { hashSignerToken } from '../../lambdas/usecases/signer-tokens';
import { createEmbeddedSession } from '../../lambdas/usecases/embedded-signing';
import { api, env } from '../support/cloud-client';
import { newOwner, readyToSend, sendDocument, userIdOf, type Owner } from '../support/documents';

const SHOP = 'https://shop.example.com';
const LOCAL_PARENT = 'http://127.0.0.1:4100';

const errorOf = (res: { status: number; body: { error?: { code: string } } }) => ({
  status: res.status,
  code: res.body.error?.code,
});
const frameAncestors = (headers: Headers) =>
  /frame-ancestors ([^;]+)/.exec(headers.get('content-security-policy') ?? '')?.[1];
const putOrigins = (owner: Owner, origins: unknown) =>
  api('/api/account/embed-origins', { method: 'PUT', token: owner.token, body: { origins } });
const newSession = (owner: Owner, docuId: string, index: number, body: unknown) =>
  api(`/api/documents/${docuId}/recipients/${index}/embedded-session`, {
    method: 'POST',
    token: owner.token,
    body,
  });
/** The embed page as a browser asks for it (a path of the app, not of /api). */
const getPage = (url: string) => fetch(url, { redirect: 'manual' });

describe('embedded signing', () => {
  let owner: Owner;
  let stranger: Owner;
  let docuId: string;

  beforeAll(async () => {
    owner = await newOwner('en', 'Embed Owner Inc');
    stranger = await newOwner('en', 'Someone Else');
    ({ docuId } = await readyToSend(owner, { title: 'Embedded lease', contactPrefix: 'embed-signer' }));
    expect((await sendDocument(owner, docuId)).status).toBe(200);
  }, 120_000);

  it('keeps the allowed origins: validated, normalised, at most ten', async () => {
    const empty = await api('/api/account/embed-origins', { token: owner.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      role: 'owner',
      allowed: true,
      origins: [],
      max: 10,
      allowLoopback: true,
    });

    const saved = await putOrigins(owner, ['https://Shop.Example.com/', LOCAL_PARENT, SHOP]);
    expect(saved.status).toBe(200);
    expect(saved.body.origins).toEqual([SHOP, LOCAL_PARENT]);
    expect((await api('/api/account/embed-origins', { token: owner.token })).body.origins).toEqual([
      SHOP,
      LOCAL_PARENT,
    ]);

    expect(errorOf(await putOrigins(owner, ['https://shop.example.com/path']))).toEqual({
      status: 400,
      code: 'embed.errors.notOrigin',
    });
    expect(errorOf(await putOrigins(owner, ['http://shop.example.com']))).toEqual({
      status: 400,
      code: 'embed.errors.notHttps',
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`);
    expect(errorOf(await putOrigins(owner, eleven))).toEqual({ status: 400, code: 'embed.errors.tooMany' });
    expect(errorOf(await putOrigins(owner, 'https://a.example'))).toEqual({
      status: 400,
      code: 'errors.validation',
    });
    expect((await api('/api/account/embed-origins')).status).toBe(401);
    // Nothing refused was stored.
    expect((await api('/api/account/embed-origins', { token: owner.token })).body.origins).toEqual([
      SHOP,
      LOCAL_PARENT,
    ]);
  });

  it("makes a session URL for the owner's contractor, refusing others' documents and unlisted origins", async () => {
    await putOrigins(owner, [SHOP, LOCAL_PARENT]);
    const made = await newSession(owner, docuId, 0, { parentOrigin: SHOP });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(
      new RegExp(`^${env('TEST_APP_URL')}/embed/en/${docuId}/[A-Za-z0-9_-]{43}$`),
    );
    expect(Date.parse(made.body.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(Date.parse(made.body.expiresAt) - Date.now()).toBeGreaterThan(8 * 60_000);

    expect(errorOf(await newSession(stranger, docuId, 0, { parentOrigin: SHOP }))).toEqual({
      status: 404,
      code: 'errors.notFound',
    });
    expect(errorOf(await newSession(owner, docuId, 7, { parentOrigin: SHOP }))).toEqual({
      status: 404,
      code: 'errors.notFound',
    });
    expect(errorOf(await newSession(owner, docuId, 0, { parentOrigin: 'https://evil.example.com' }))).toEqual(
      {
        status: 400,
        code: 'embed.errors.originNotAllowed',
      },
    );
    expect(errorOf(await newSession(owner, docuId, 0, { parentOrigin: 'not an origin' }))).toEqual({
      status: 400,
      code: 'embed.errors.notOrigin',
    });
    expect(errorOf(await newSession(owner, docuId, 0, {}))).toEqual({
      status: 400,
      code: 'errors.validation',
    });
    expect(errorOf(await newSession(owner, docuId, -1, { parentOrigin: SHOP }))).toEqual({
      status: 400,
      code: 'errors.validation',
    });
    expect(
      (await api(`/api/documents/${docuId}/recipients/0/embedded-session`, { method: 'POST', body: {} }))
        .status,
    ).toBe(401);
  });

  it('makes the same session through REST v1 with a documents:write key, and refuses a read-only key', async () => {
    await putOrigins(owner, [SHOP]);
    const key = async (scopes: string[]) => {
      const res = await api('/api/account/api-keys', {
        method: 'POST',
        token: owner.token,
        body: { name: `embed ${scopes.join(' ')}`, scopes },
      });
      expect(res.status).toBe(201);
      return res.body.secret as string;
    };
    const v1 = (secret: string, index: number, body: unknown) =>
      api(`/api/v1/documents/${docuId}/recipients/${index}/embedded-session`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}` },
        body,
      });
    const writer = await key(['documents:write']);
    const made = await v1(writer, 0, { parentOrigin: SHOP });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(
      new RegExp(`^${env('TEST_APP_URL')}/embed/en/${docuId}/[A-Za-z0-9_-]{43}$`),
    );
    const notAllowed = await v1(writer, 0, { parentOrigin: 'https://evil.example.com' });
    expect([notAllowed.status, notAllowed.body.error?.code]).toEqual([400, 'embed.errors.originNotAllowed']);
    const reader = await key(['documents:read']);
    const refused = await v1(reader, 0, { parentOrigin: SHOP });
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'apiKeys.errors.scope']);
  });

  it("serves the embed page with the account's frame-ancestors, and every other page with 'none'", async () => {
    await putOrigins(owner, [SHOP, LOCAL_PARENT]);
    const made = await newSession(owner, docuId, 0, { parentOrigin: LOCAL_PARENT });
    expect(made.status).toBe(201);
    const page = await getPage(made.body.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(frameAncestors(page.headers)).toBe(`${SHOP} ${LOCAL_PARENT}`);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-store');
    // The camera stays this site's, which a parent's allow="camera; microphone" hands to the frame.
    expect(page.headers.get('permissions-policy')).toContain('camera=(self)');
    const html = await page.text();
    expect(html).toContain(`<meta name="signseal-embed-parent" content="${LOCAL_PARENT}">`);
    expect(html).toContain('<meta name="signseal-embed-recipient" content="0">');
    expect(html).toMatch(/<script[^>]+src="\/assets\//);
    // The rest of the policy is the SPA's.
    const spa = await fetch(`${env('TEST_APP_URL')}/en/`);
    const withoutAncestors = (h: Headers) =>
      (h.get('content-security-policy') ?? '')
        .split('; ')
        .filter((d) => !d.startsWith('frame-ancestors'))
        .sort();
    expect(withoutAncestors(page.headers)).toEqual(withoutAncestors(spa.headers));

    // Every other page and the API keep 'none' and DENY.
    const token = made.body.url.split('/').pop();
    for (const path of ['/en/', `/en/outsign/${docuId}/${token}`, '/en/home', '/api/health', '/index.html']) {
      const res = await fetch(`${env('TEST_APP_URL')}${path}`);
      expect({ path, ancestors: frameAncestors(res.headers) }).toEqual({ path, ancestors: "'none'" });
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }

    // The session is a signer link for its contractor.
    const view = await api(`/api/sign/${docuId}/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.me.index).toBe(0);
    // The stored session was opened (its hour starts) and keeps only the token's hash.
    const stored = await embedDeps().docs.getToken(hashSignerToken(token));
    expect(stored).toMatchObject({ purpose: 'embed', parentOrigin: LOCAL_PARENT, recipientIndex: 0 });
    expect(stored?.openedAt).toBeDefined();
  });

  it('answers an unknown session with a page no site may frame', async () => {
    const res = await getPage(`${env('TEST_APP_URL')}/embed/en/${docuId}/${'A'.repeat(43)}`);
    expect(res.status).toBe(404);
    expect(frameAncestors(res.headers)).toBe("'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(await res.text()).toContain('<h1>This signing session cannot be used now.</h1>');
    const bad = await getPage(`${env('TEST_APP_URL')}/embed/xx/${docuId}/${'A'.repeat(43)}`);
    expect(bad.status).toBe(404);
    expect(frameAncestors(bad.headers)).toBe("'none'");
    // The contractor reads why in the language of the link.
    const inJapanese = await getPage(`${env('TEST_APP_URL')}/embed/jp/${docuId}/${'A'.repeat(43)}`);
    const html = await inJapanese.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<h1>この署名セッションは現在使用できません。</h1>');
  });

  it('refuses a session that was not opened within its ten minutes', async () => {
    await putOrigins(owner, [SHOP]);
    const user = { sub: await userIdOf(owner), email: owner.email, emailVerified: true, name: 'Embed Owner' };
    const made = await createEmbeddedSession(
      embedDeps(),
      user,
      docuId,
      0,
      SHOP,
      new Date(Date.now() - 11 * 60_000),
    );
    const token = made.url.split('/').pop()!;
    const page = await getPage(`${env('TEST_APP_URL')}/embed/en/${docuId}/${token}`);
    // The page still frames for the account (it tells its parent), but the session signs nothing.
    expect(page.status).toBe(200);
    expect(frameAncestors(page.headers)).toBe(SHOP);
    expect(errorOf(await api(`/api/sign/${docuId}/${token}`))).toEqual({
      status: 404,
      code: 'signing.errors.invalidLink',
    });
    expect((await embedDeps().docs.getToken(hashSignerToken(token)))?.openedAt).toBeUndefined();
  });

  it('lets an account clear its list, after which no site may frame its sessions', async () => {
    await putOrigins(owner, [SHOP]);
    const made = await newSession(owner, docuId, 0, { parentOrigin: SHOP });
    expect(made.status).toBe(201);
    expect((await putOrigins(owner, [])).body.origins).toEqual([]);
    const page = await getPage(made.body.url);
    expect(frameAncestors(page.headers)).toBe("'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(errorOf(await newSession(owner, docuId, 0, { parentOrigin: SHOP }))).toEqual({
      status: 400,
      code: 'embed.errors.originNotAllowed',
    });
  });
});
