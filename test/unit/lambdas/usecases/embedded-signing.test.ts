// Embedded signing's rules (lambdas/usecases/embedded-signing.ts, issue #31 item 4) over in-memory
// stores: who may change the allowed origins and what is accepted; who may make a session, for which
// contractor and parent; what the session token is (short-lived, bound, accepted by the signer routes
// through resolveSigner, retired with the recipient's link); what the embed page's route answers.
import { type DocumentRecord, type RecipientRecord } from '../../../../lambdas/adapters/dynamo/documents';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import { isAppError } from '../../../../lambdas/core/errors';
import type { AuthUser } from '../../../../lambdas/core/http';
import {
  createEmbeddedSession,
  getEmbedOrigins,
  openEmbedPage,
  saveEmbedOrigins,
  type EmbedDeps,
} from '../../../../lambdas/usecases/embedded-signing';
import { resolveSigner } from '../../../../lambdas/usecases/signer-link';
import { hashSignerToken } from '../../../../lambdas/usecases/signer-tokens';
import { InMemoryDocuments, InMemoryUsers } from '../fakes';
import { memoryLimits } from '../rate-limiter-fake';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const owner: AuthUser = { sub: 'owner-1', email: 'owner@example.com', emailVerified: true, name: 'Owner' };
const stranger: AuthUser = { sub: 'owner-2', email: 'other@example.com', emailVerified: true, name: 'Other' };

function userRecord(userId: string, email: string, plan: UserRecord['plan'], validDate: string): UserRecord {
  return {
    userId,
    email,
    name: userId,
    plan,
    validDate,
    availableTickets: 0,
    createdAt: NOW.toISOString(),
  } as UserRecord;
}

async function codeOf(p: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await p;
  } catch (err) {
    if (isAppError(err)) return { code: err.code, status: err.status };
    throw err;
  }
  throw new Error('not refused');
}

function setup(options: { allowLoopback?: boolean; limit?: number } = {}) {
  const users = new InMemoryUsers();
  const trialEnd = new Date(NOW.getTime() + 7 * 86_400_000).toISOString();
  users.records.set('owner-1', userRecord('owner-1', 'owner@example.com', 'trial', trialEnd));
  users.records.set('owner-2', userRecord('owner-2', 'other@example.com', 'trial', trialEnd));
  // A lapsed trial: no embedding.
  users.records.set('owner-3', userRecord('owner-3', 'lapsed@example.com', 'trial', '2026-01-01T00:00:00Z'));
  const mem = new InMemoryDocuments();
  const opened: string[] = [];
  const deps: EmbedDeps = {
    users,
    seats: { seatBuyerOf: async () => null, claimSeat: async () => true, releaseSeat: async () => undefined },
    docs: mem,
    signers: {
      putToken: (t) => mem.putToken(t),
      openEmbedSession: async (tokenHash, openedAt, expiresAt) => {
        const t = mem.tokens.get(tokenHash);
        if (!t || t.openedAt) return false;
        opened.push(tokenHash);
        mem.tokens.set(tokenHash, { ...t, openedAt, expiresAt });
        return true;
      },
    },
    limits: memoryLimits(options.limit ? { embedSessionsPerRecipient: { limit: options.limit } } : {}),
    appUrl: 'https://app.example.com/',
    allowLoopback: options.allowLoopback ?? false,
    clock: { now: () => NOW },
  };
  mem.docs.set('doc1', {
    docuId: 'doc1',
    id4: 'doc1',
    ownerId: 'owner-1',
    kind: 'esign',
    title: 'Lease',
    status: 'Agree',
    fileKey: 'documents/doc1/original.pdf',
    pages: [{ width: 595, height: 842 }],
    lang: 'jp',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    version: 3,
  } as DocumentRecord);
  const rows: RecipientRecord[] = [
    {
      docuId: 'doc1',
      index: 0,
      name: 'Owner',
      contact: 'owner@example.com',
      method: 'email',
      isOwner: true,
      agreement: 1,
    },
    {
      docuId: 'doc1',
      index: 1,
      name: 'Ann',
      contact: 'ann@example.com',
      method: 'email',
      isOwner: false,
      agreement: 0,
      tokenHash: hashSignerToken('linkA'),
    },
    {
      docuId: 'doc1',
      index: 2,
      name: 'Bo',
      contact: 'bo@example.com',
      method: 'email',
      isOwner: false,
      agreement: 2,
      tokenHash: hashSignerToken('linkB'),
    },
  ] as RecipientRecord[];
  mem.recipients.set('doc1', rows);
  return { deps, mem, users, opened };
}

const tokenOf = (url: string) => url.split('/').pop()!;
/** The signer routes' view of the same stores (the embed deps' documents are the in-memory ones). */
const signingOf = (deps: EmbedDeps) => ({ docs: deps.docs as InMemoryDocuments, clock: deps.clock });

describe('the allowed origins', () => {
  it('are empty at first, with the limit and the plan in the settings', async () => {
    const { deps } = setup();
    expect(await getEmbedOrigins(deps, owner, NOW)).toEqual({
      role: 'owner',
      allowed: true,
      managedBy: null,
      origins: [],
      max: 10,
      allowLoopback: false,
      plansPath: '/home/select_plan',
    });
  });

  it('are saved normalised and without duplicates', async () => {
    const { deps, users } = setup();
    const saved = await saveEmbedOrigins(
      deps,
      owner,
      { origins: ['https://Shop.example.com/', 'https://shop.example.com', 'https://crm.example:8443'] },
      NOW,
    );
    expect(saved.origins).toEqual(['https://shop.example.com', 'https://crm.example:8443']);
    expect(users.records.get('owner-1')?.embedOrigins).toEqual(saved.origins);
  });

  it.each([
    ['https://shop.example.com/checkout', 'embed.errors.notOrigin'],
    ['http://shop.example.com', 'embed.errors.notHttps'],
    ['http://localhost:3000', 'embed.errors.loopback'],
  ])('refuses %s with %s (400)', async (origin, code) => {
    const { deps } = setup();
    expect(
      await codeOf(saveEmbedOrigins(deps, owner, { origins: ['https://ok.example', origin] }, NOW)),
    ).toEqual({
      code,
      status: 400,
    });
  });

  it('accepts loopback origins where the configuration allows them', async () => {
    const { deps } = setup({ allowLoopback: true });
    const saved = await saveEmbedOrigins(deps, owner, { origins: ['http://127.0.0.1:4100'] }, NOW);
    expect(saved.origins).toEqual(['http://127.0.0.1:4100']);
  });

  it('refuses more than ten', async () => {
    const { deps } = setup();
    const eleven = Array.from({ length: 11 }, (_, i) => `https://s${i}.example`);
    expect(await codeOf(saveEmbedOrigins(deps, owner, { origins: eleven }, NOW))).toEqual({
      code: 'embed.errors.tooMany',
      status: 400,
    });
    const ten = await saveEmbedOrigins(deps, owner, { origins: eleven.slice(0, 10) }, NOW);
    expect(ten.origins).toHaveLength(10);
  });

  it('need a plan with the feature to add, not to clear', async () => {
    const { deps, users } = setup();
    const lapsed = { ...owner, sub: 'owner-3' };
    expect(await codeOf(saveEmbedOrigins(deps, lapsed, { origins: ['https://a.example'] }, NOW))).toEqual({
      code: 'embed.errors.planRequired',
      status: 403,
    });
    expect((await saveEmbedOrigins(deps, lapsed, { origins: [] }, NOW)).origins).toEqual([]);
    expect(users.records.get('owner-3')?.embedOrigins).toEqual([]);
  });

  it("are the company buyer's for a member, who cannot change them", async () => {
    const { deps, users } = setup();
    users.records.set('owner-1', { ...users.records.get('owner-1')!, embedOrigins: ['https://co.example'] });
    const member = userRecord('member-1', 'member@example.com', 'trial', '2026-01-01T00:00:00Z');
    users.records.set('member-1', { ...member, emailVerified: true });
    const memberDeps: EmbedDeps = {
      ...deps,
      seats: {
        ...deps.seats,
        seatBuyerOf: async (email) => (email === 'member@example.com' ? 'owner-1' : null),
      },
    };
    const buyer = userRecord('owner-1', 'owner@example.com', 'month_standard', '2027-01-01T00:00:00Z');
    users.records.set('owner-1', {
      ...buyer,
      memberEmails: ['member@example.com'],
      seats: 3,
      embedOrigins: ['https://co.example'],
    });
    const who: AuthUser = { sub: 'member-1', email: 'member@example.com', emailVerified: true, name: 'M' };
    const settings = await getEmbedOrigins(memberDeps, who, NOW);
    expect(settings).toMatchObject({ role: 'member', origins: ['https://co.example'] });
    expect(await codeOf(saveEmbedOrigins(memberDeps, who, { origins: [] }, NOW))).toEqual({
      code: 'embed.errors.managedByCompany',
      status: 403,
    });
  });
});

describe('an embedded signing session', () => {
  async function withOrigins(origins = ['https://shop.example.com']) {
    const s = setup();
    await saveEmbedOrigins(s.deps, owner, { origins }, NOW);
    return s;
  }

  it("is a URL on the app's embed route in the document's language, to be opened within 10 minutes", async () => {
    const { deps, mem } = await withOrigins();
    const session = await createEmbeddedSession(deps, owner, 'doc1', 1, 'https://shop.example.com/', NOW);
    expect(session.url).toMatch(/^https:\/\/app\.example\.com\/embed\/jp\/doc1\/[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt).toBe('2026-11-28T12:10:00.000Z');
    const stored = mem.tokens.get(hashSignerToken(tokenOf(session.url)))!;
    expect(stored).toMatchObject({
      docuId: 'doc1',
      recipientIndex: 1,
      purpose: 'embed',
      parentOrigin: 'https://shop.example.com',
      boundTokenHash: hashSignerToken('linkA'),
      expiresAt: session.expiresAt,
    });
    // Only the hash is stored.
    expect(JSON.stringify([...mem.tokens.values()])).not.toContain(tokenOf(session.url));
    const en = await createEmbeddedSession(deps, owner, 'doc1', 1, 'https://shop.example.com', NOW, 'en');
    expect(en.url).toContain('/embed/en/doc1/');
  });

  it("is 404 for another owner's document, an unknown contractor and the owner's own row", async () => {
    const { deps } = await withOrigins();
    const notFound = { code: 'errors.notFound', status: 404 };
    expect(
      await codeOf(createEmbeddedSession(deps, stranger, 'doc1', 1, 'https://shop.example.com', NOW)),
    ).toEqual(notFound);
    expect(
      await codeOf(createEmbeddedSession(deps, owner, 'nope', 1, 'https://shop.example.com', NOW)),
    ).toEqual(notFound);
    expect(
      await codeOf(createEmbeddedSession(deps, owner, 'doc1', 9, 'https://shop.example.com', NOW)),
    ).toEqual(notFound);
    expect(
      await codeOf(createEmbeddedSession(deps, owner, 'doc1', 0, 'https://shop.example.com', NOW)),
    ).toEqual(notFound);
  });

  it('is refused for an origin the account does not allow, or that is not an origin (400)', async () => {
    const { deps } = await withOrigins();
    expect(await codeOf(createEmbeddedSession(deps, owner, 'doc1', 1, 'https://evil.example', NOW))).toEqual({
      code: 'embed.errors.originNotAllowed',
      status: 400,
    });
    expect(
      await codeOf(createEmbeddedSession(deps, owner, 'doc1', 1, 'https://shop.example.com/x', NOW)),
    ).toEqual({
      code: 'embed.errors.notOrigin',
      status: 400,
    });
    expect(
      await codeOf(createEmbeddedSession(deps, owner, 'doc1', 1, 'http://shop.example.com', NOW)),
    ).toEqual({
      code: 'embed.errors.notHttps',
      status: 400,
    });
  });

  it('is refused when the document is not waiting for signatures or the contractor answered (409)', async () => {
    const { deps, mem } = await withOrigins();
    expect(
      await codeOf(createEmbeddedSession(deps, owner, 'doc1', 2, 'https://shop.example.com', NOW)),
    ).toEqual({
      code: 'embed.errors.answered',
      status: 409,
    });
    mem.docs.set('doc1', { ...mem.docs.get('doc1')!, status: 'SetPos' });
    expect(
      await codeOf(createEmbeddedSession(deps, owner, 'doc1', 1, 'https://shop.example.com', NOW)),
    ).toEqual({
      code: 'embed.errors.notSent',
      status: 409,
    });
  });

  it("is refused when the account's plan no longer includes embedding (403)", async () => {
    const { deps, users } = await withOrigins();
    users.records.set('owner-1', { ...users.records.get('owner-1')!, validDate: '2026-01-01T00:00:00Z' });
    expect(
      await codeOf(createEmbeddedSession(deps, owner, 'doc1', 1, 'https://shop.example.com', NOW)),
    ).toEqual({
      code: 'embed.errors.planRequired',
      status: 403,
    });
  });

  it('is limited per contractor (429 past the limit)', async () => {
    const s = setup({ limit: 2 });
    await saveEmbedOrigins(s.deps, owner, { origins: ['https://shop.example.com'] }, NOW);
    await createEmbeddedSession(s.deps, owner, 'doc1', 1, 'https://shop.example.com', NOW);
    await createEmbeddedSession(s.deps, owner, 'doc1', 1, 'https://shop.example.com', NOW);
    expect(
      (await codeOf(createEmbeddedSession(s.deps, owner, 'doc1', 1, 'https://shop.example.com', NOW))).status,
    ).toBe(429);
  });

  it('is accepted by the signer routes for its contractor until it expires', async () => {
    const { deps } = await withOrigins();
    const session = await createEmbeddedSession(deps, owner, 'doc1', 1, 'https://shop.example.com', NOW);
    const token = tokenOf(session.url);
    const ctx = await resolveSigner(signingOf(deps), 'doc1', token, NOW);
    expect(ctx.me.index).toBe(1);
    const late = new Date(NOW.getTime() + 11 * 60_000);
    expect(await codeOf(resolveSigner(signingOf(deps), 'doc1', token, late))).toEqual({
      code: 'signing.errors.invalidLink',
      status: 404,
    });
    expect(await codeOf(resolveSigner(signingOf(deps), 'other', token, NOW))).toMatchObject({ status: 404 });
  });

  it("is retired with the contractor's link (a resend or a delegation replaces it)", async () => {
    const { deps, mem } = await withOrigins();
    const session = await createEmbeddedSession(deps, owner, 'doc1', 1, 'https://shop.example.com', NOW);
    const rows = mem.recipients.get('doc1')!;
    mem.recipients.set(
      'doc1',
      rows.map((r) => (r.index === 1 ? { ...r, tokenHash: hashSignerToken('linkA2') } : r)),
    );
    expect(await codeOf(resolveSigner(signingOf(deps), 'doc1', tokenOf(session.url), NOW))).toMatchObject({
      status: 404,
    });
  });

  it('is never accepted as a video confirmation link, nor is one accepted as a session', async () => {
    const { deps, mem } = await withOrigins();
    mem.tokens.set(hashSignerToken('vconf'), {
      tokenHash: hashSignerToken('vconf'),
      docuId: 'doc1',
      recipientIndex: 1,
      createdAt: NOW.toISOString(),
      expiresAt: new Date(NOW.getTime() + 60_000).toISOString(),
      ttl: 0,
      purpose: 'vconfirm',
    });
    expect(await openEmbedPage(deps, 'doc1', 'vconf', NOW)).toBeNull();
    expect(await openEmbedPage(deps, 'doc1', 'linkA', NOW)).toBeNull();
  });
});

describe("the embed page's route", () => {
  it("answers the account's origins and the session's parent, and opens the session once", async () => {
    const { deps, mem, opened } = setup();
    await saveEmbedOrigins(
      deps,
      owner,
      { origins: ['https://shop.example.com', 'https://crm.example'] },
      NOW,
    );
    const session = await createEmbeddedSession(deps, owner, 'doc1', 1, 'https://crm.example', NOW);
    const token = tokenOf(session.url);
    const at = new Date(NOW.getTime() + 5 * 60_000);
    expect(await openEmbedPage(deps, 'doc1', token, at)).toEqual({
      origins: ['https://shop.example.com', 'https://crm.example'],
      parentOrigin: 'https://crm.example',
      recipientIndex: 1,
    });
    const stored = mem.tokens.get(hashSignerToken(token))!;
    expect(stored.openedAt).toBe(at.toISOString());
    // Opened, it lasts an hour from the opening.
    expect(stored.expiresAt).toBe(new Date(at.getTime() + 60 * 60_000).toISOString());
    const later = new Date(NOW.getTime() + 30 * 60_000);
    expect((await resolveSigner(signingOf(deps), 'doc1', token, later)).me.index).toBe(1);
    await openEmbedPage(deps, 'doc1', token, later);
    expect(opened).toHaveLength(1);
  });

  it('does not open a session after its 10 minutes, which then stays refused', async () => {
    const { deps, mem, opened } = setup();
    await saveEmbedOrigins(deps, owner, { origins: ['https://shop.example.com'] }, NOW);
    const session = await createEmbeddedSession(deps, owner, 'doc1', 1, 'https://shop.example.com', NOW);
    const token = tokenOf(session.url);
    const late = new Date(NOW.getTime() + 10 * 60_000 + 1);
    const page = await openEmbedPage(deps, 'doc1', token, late);
    expect(page?.origins).toEqual(['https://shop.example.com']);
    expect(opened).toHaveLength(0);
    expect(mem.tokens.get(hashSignerToken(token))?.openedAt).toBeUndefined();
    expect(await codeOf(resolveSigner(signingOf(deps), 'doc1', token, late))).toMatchObject({ status: 404 });
  });

  it("follows the account's list as it is now (a removed origin, a lapsed plan)", async () => {
    const { deps, users } = setup();
    await saveEmbedOrigins(
      deps,
      owner,
      { origins: ['https://shop.example.com', 'https://crm.example'] },
      NOW,
    );
    const session = await createEmbeddedSession(deps, owner, 'doc1', 1, 'https://shop.example.com', NOW);
    await saveEmbedOrigins(deps, owner, { origins: ['https://crm.example'] }, NOW);
    expect((await openEmbedPage(deps, 'doc1', tokenOf(session.url), NOW))?.origins).toEqual([
      'https://crm.example',
    ]);
    users.records.set('owner-1', { ...users.records.get('owner-1')!, validDate: '2026-01-01T00:00:00Z' });
    expect((await openEmbedPage(deps, 'doc1', tokenOf(session.url), NOW))?.origins).toEqual([]);
  });

  it('is null for an unknown token or another document', async () => {
    const { deps } = setup();
    await saveEmbedOrigins(deps, owner, { origins: ['https://shop.example.com'] }, NOW);
    const session = await createEmbeddedSession(deps, owner, 'doc1', 1, 'https://shop.example.com', NOW);
    expect(await openEmbedPage(deps, 'doc1', 'x'.repeat(43), NOW)).toBeNull();
    expect(await openEmbedPage(deps, 'doc2', tokenOf(session.url), NOW)).toBeNull();
  });
});
