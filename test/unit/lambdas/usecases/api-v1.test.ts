// The v1 operations (issue #31 item 2): each maps its checked request onto the SPA's use case with the
// key owner as the user, the answer status the registry names, the list's filters, owner-only
// downloads and history, and the certificate's presigned URL.
import type { ApiPrincipal } from '../../../../shared/domain/api-keys';
import { V1_ROUTES } from '../../../../shared/api/v1/routes';
import type { V1Request } from '../../../../lambdas/core/api-v1-router';
import type { AuthUser } from '../../../../lambdas/core/http';
import type { DocumentRecord } from '../../../../lambdas/adapters/dynamo/documents';
import type { ObjectStorage } from '../../../../lambdas/ports';
import type { ContractDeps } from '../../../../lambdas/usecases/contract-access';
import {
  certificateDownload,
  certificateKeyIn,
  v1Operations,
  type V1Services,
} from '../../../../lambdas/usecases/api-v1';
import { silentLog } from '../support';

const user: AuthUser = { sub: 'owner-1', email: 'o@example.com', emailVerified: true, name: 'Olivia' };
const principal: ApiPrincipal = { userId: 'owner-1', user, keyId: 'k1', scopes: ['documents:write'] };
const facts = { ip: '203.0.113.1', userAgent: 'crm/1.0' };

function request(over: Partial<V1Request> = {}): V1Request {
  return {
    principal,
    params: {},
    query: {},
    body: undefined,
    facts,
    requestId: 'r',
    log: silentLog,
    ...over,
  };
}

type Call = [string, ...unknown[]];

function services(overrides: Partial<V1Services> = {}) {
  const calls: Call[] = [];
  const record =
    (name: string, answer: unknown = { from: name }) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return answer as never;
    };
  const s: V1Services = {
    createDocument: record('createDocument', { docuId: 'd1', title: '' }) as V1Services['createDocument'],
    updateDocument: record('updateDocument', { docuId: 'd1', title: 'T' }),
    getDocument: record('getDocument'),
    createUpload: record('createUpload'),
    completeUpload: record('completeUpload'),
    saveRecipients: record('saveRecipients'),
    saveAreas: record('saveAreas'),
    sendDocument: record('sendDocument'),
    voidDocument: record('voidDocument'),
    listContracts: record('listContracts', {
      items: [
        { docuId: 'new', lastActivityAt: '2026-11-28T10:00:00.000Z' },
        { docuId: 'old', lastActivityAt: '2026-11-01T10:00:00.000Z' },
      ],
      nextCursor: 'c2',
    }) as V1Services['listContracts'],
    assertOwner: record('assertOwner', undefined) as V1Services['assertOwner'],
    contractDetails: record('contractDetails', {
      docuId: 'd1',
      status: 'Completed',
      history: [{ action: 'agree' }],
      requester: { email: 'hidden' },
    }) as V1Services['contractDetails'],
    downloadDocument: record('downloadDocument'),
    certificate: record('certificate'),
    useTemplate: record('useTemplate'),
    listTemplates: record('listTemplates'),
    getTemplate: record('getTemplate'),
    openApi: () => ({ openapi: '3.1.0' }),
    embeddedSession: record('embeddedSession', { url: 'u', expiresAt: 'e' }),
    ...overrides,
  };
  return { ops: v1Operations(s), calls };
}

describe('v1 operations', () => {
  it('create a draft (201), titled in a second step when a title is given', async () => {
    const { ops, calls } = services();
    const plain = await ops.createDocument!(request({ body: { kind: 'esign' } }));
    expect(plain).toEqual({ status: 201, body: { docuId: 'd1', title: '' } });
    expect(calls).toEqual([['createDocument', user, { kind: 'esign' }]]);
    calls.length = 0;
    const titled = await ops.createDocument!(request({ body: { kind: 'vsign', title: 'Lease' } }));
    expect(titled).toEqual({ status: 201, body: { docuId: 'd1', title: 'T' } });
    expect(calls).toEqual([
      ['createDocument', user, { kind: 'vsign' }],
      ['updateDocument', user, 'd1', { title: 'Lease' }],
    ]);
  });

  it.each([
    ['getDocument', 'getDocument', undefined, []],
    ['updateDocument', 'updateDocument', { title: 'X' }, []],
    ['createUpload', 'createUpload', { fileName: 'a.pdf' }, []],
    ['completeUpload', 'completeUpload', { key: 'k' }, [facts]],
    ['setRecipients', 'saveRecipients', { recipients: [] }, []],
    ['setFields', 'saveAreas', { areas: [] }, []],
    ['sendDocument', 'sendDocument', { lang: 'en' }, [facts]],
    ['voidDocument', 'voidDocument', { reason: 'r', lang: 'en' }, [facts]],
  ] as const)(
    '%s calls the SPA use case %s with the owner, the id and the body',
    async (op, use, body, extra) => {
      const { ops, calls } = services();
      const out = await ops[op]!(request({ params: { docuId: 'd1' }, body }));
      expect(out).toEqual({ body: use === 'updateDocument' ? { docuId: 'd1', title: 'T' } : { from: use } });
      expect(calls).toEqual([[use, user, 'd1', ...(body === undefined ? [] : [body]), ...extra]]);
    },
  );

  it("lists one page of the owner's documents of a status group", async () => {
    const { ops, calls } = services();
    const out = await ops.listDocuments!(request({ query: { status: 'pending', limit: 10, cursor: 'c1' } }));
    expect(calls).toEqual([
      ['listContracts', user, { tab: 'pending', role: 'owner', limit: 10, cursor: 'c1' }],
    ]);
    expect((out.body as { items: unknown[]; nextCursor: string }).items).toHaveLength(2);
    expect((out.body as { nextCursor: string }).nextCursor).toBe('c2');
  });

  it('keeps only documents changed since updatedSince, and the cursor', async () => {
    const { ops } = services();
    const out = await ops.listDocuments!(
      request({ query: { status: 'pending', limit: 10, updatedSince: '2026-11-15T00:00:00+09:00' } }),
    );
    expect(out.body).toEqual({
      items: [{ docuId: 'new', lastActivityAt: '2026-11-28T10:00:00.000Z' }],
      nextCursor: 'c2',
    });
  });

  it("answers the status and history only (not the details' contacts), for the owner only", async () => {
    const { ops, calls } = services();
    const out = await ops.getDocumentHistory!(request({ params: { docuId: 'd1' } }));
    expect(out.body).toEqual({ docuId: 'd1', status: 'Completed', history: [{ action: 'agree' }] });
    expect(calls.map((c) => c[0])).toEqual(['assertOwner', 'contractDetails']);
  });

  it("refuses history and download of a document that is not the owner's (the check's 404)", async () => {
    const notFound = Object.assign(new Error('not found'), { status: 404 });
    const { ops, calls } = services({
      assertOwner: async () => {
        throw notFound;
      },
    });
    await expect(ops.downloadDocument!(request({ params: { docuId: 'd2' } }))).rejects.toBe(notFound);
    await expect(ops.getDocumentHistory!(request({ params: { docuId: 'd2' } }))).rejects.toBe(notFound);
    expect(calls).toEqual([]);
  });

  it('downloads, certificates and templates map onto their use cases', async () => {
    const { ops, calls } = services();
    await ops.downloadDocument!(request({ params: { docuId: 'd1' } }));
    await ops.downloadCertificate!(request({ params: { docuId: 'd1' }, query: { lang: 'jp' } }));
    const made = await ops.createDocumentFromTemplate!(
      request({ params: { templateId: 't1' }, body: { recipients: [], lang: 'en' } }),
    );
    await ops.listTemplates!(request());
    await ops.getTemplate!(request({ params: { templateId: 't1' } }));
    expect(made.status).toBe(201);
    expect(calls).toEqual([
      ['assertOwner', user, 'd1'],
      ['downloadDocument', user, 'd1'],
      ['certificate', user, 'd1', 'jp'],
      ['useTemplate', user, 't1', { recipients: [], lang: 'en' }],
      ['listTemplates', user],
      ['getTemplate', user, 't1'],
    ]);
  });

  it("makes an embedded signing session (201) for the recipient of the path, with the key owner's rights", async () => {
    const { ops, calls } = services();
    const body = { parentOrigin: 'https://crm.example.com', lang: 'en' };
    const out = await ops.createEmbeddedSession!(request({ params: { docuId: 'd1', index: 2 }, body }));
    expect(out).toEqual({ status: 201, body: { url: 'u', expiresAt: 'e' } });
    expect(calls).toEqual([['embeddedSession', user, 'd1', 2, body]]);
  });

  it('refuses a keyed operation without a principal (401), and serves the description without one', async () => {
    const { ops } = services();
    await expect(
      ops.getDocument!(request({ principal: null, params: { docuId: 'd1' } })),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(await ops.getOpenApi!(request({ principal: null }))).toEqual({ body: { openapi: '3.1.0' } });
  });

  it("answers each registry route's success status", async () => {
    const { ops } = services();
    for (const r of V1_ROUTES.filter((x) => x.status === 201)) {
      const out = await ops[r.id]!(
        request({ params: { docuId: 'd1', templateId: 't1' }, body: { kind: 'esign' } }),
      );
      expect([r.id, out.status]).toEqual([r.id, 201]);
    }
  });
});

describe('certificateDownload', () => {
  const base = 'documents/d1/certificate.pdf';
  function deps(doc: Partial<DocumentRecord>, stored: string[]) {
    const presigned: { key: string; filename?: string }[] = [];
    const storage = {
      head: async (key: string) =>
        stored.includes(key) ? { size: 1, contentType: 'application/pdf' } : null,
      presignDownload: async (key: string, o: { filename?: string }) => {
        presigned.push({ key, filename: o.filename });
        return `http://s3/${key}`;
      },
    } as unknown as ObjectStorage;
    const d = {
      docs: {
        getDocument: async () => ({
          docuId: 'd1',
          id4: 'ab12',
          ownerId: 'owner-1',
          status: 'Completed',
          ...doc,
        }),
        listRecipients: async () => [],
      },
      users: { getById: async () => null },
      storage,
    } as unknown as ContractDeps;
    return { d, presigned };
  }
  const now = new Date('2026-11-28T12:00:00Z');

  it('answers a presigned URL of the first issued language, 10 minutes', async () => {
    const { d, presigned } = deps({ certificateKey: base }, [certificateKeyIn(base, 'jp')]);
    const out = await certificateDownload(d, user, 'd1', undefined, now);
    expect(out).toEqual({
      url: 'http://s3/documents/d1/certificate-jp.pdf',
      fileName: 'AB12-certificate-jp.pdf',
      lang: 'jp',
      expiresAt: '2026-11-28T12:10:00.000Z',
    });
    expect(presigned).toEqual([
      { key: 'documents/d1/certificate-jp.pdf', filename: 'AB12-certificate-jp.pdf' },
    ]);
  });

  it('answers the asked language, 404 when it was not issued in it', async () => {
    const { d } = deps({ certificateKey: base }, [base]);
    expect((await certificateDownload(d, user, 'd1', 'en', now)).url).toBe(`http://s3/${base}`);
    await expect(certificateDownload(d, user, 'd1', 'ko', now)).rejects.toMatchObject({
      status: 404,
      code: 'errors.notFound',
    });
  });

  it.each([
    ['before anchoring', { certificateKey: undefined }],
    ['for a voided document', { certificateKey: base, status: 'Voided' }],
  ] as const)('refuses %s (409 apiV1.errors.certificateNotReady)', async (_w, doc) => {
    const { d } = deps(doc as Partial<DocumentRecord>, [base]);
    await expect(certificateDownload(d, user, 'd1', undefined, now)).rejects.toMatchObject({
      status: 409,
      code: 'apiV1.errors.certificateNotReady',
    });
  });

  it("answers 404 for another owner's document", async () => {
    const { d } = deps({ certificateKey: base, ownerId: 'someone-else' }, [base]);
    await expect(certificateDownload(d, user, 'd1', undefined, now)).rejects.toMatchObject({ status: 404 });
  });
});
