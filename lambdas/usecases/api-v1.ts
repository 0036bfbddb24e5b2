// The public REST API's operations (issue #31 item 2): each v1 route (shared/api/v1/routes.ts) mapped
// onto the SPA's own use cases, so a rule (status machine, send limits, entitlements, ownership) has one
// implementation. An API key speaks for its owner: the principal's `user` is the AuthUser the SPA's
// use cases take, and every document operation is the owner's (another's document is 404).
import type { ApiPrincipal } from '../../shared/domain/api-keys';
import type { Language } from '../../shared/domain/constants';
import { DOCUMENT_LIST_TAB } from '../../shared/domain/status';
import type { ContractList } from '../../shared/api/contracts';
import type {
  SaveAreasRequest,
  SaveRecipientsRequest,
  UploadCompleteRequest,
  UploadRequest,
} from '../../shared/api/schemas/documents';
import type { UseTemplateRequest } from '../../shared/api/schemas/templates';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { V1Operation, V1Request } from '../core/api-v1-router';
import type { ContractDeps } from './contract-access';
import { ownerAccess } from './contract-access';
import { FILE_URL_SECONDS } from './document-access';

/** The SPA's use cases with their dependencies bound (lambdas/handlers/api-v1.ts builds them). */
export interface V1Services {
  createDocument(user: AuthUser, input: { kind: 'esign' | 'vsign' }): Promise<{ docuId: string }>;
  updateDocument(
    user: AuthUser,
    docuId: string,
    input: { title?: string; privateinfoAgree?: boolean },
  ): Promise<unknown>;
  getDocument(user: AuthUser, docuId: string): Promise<unknown>;
  createUpload(user: AuthUser, docuId: string, input: UploadRequest): Promise<unknown>;
  completeUpload(
    user: AuthUser,
    docuId: string,
    input: UploadCompleteRequest,
    facts: V1Request['facts'],
  ): Promise<unknown>;
  saveRecipients(user: AuthUser, docuId: string, input: SaveRecipientsRequest): Promise<unknown>;
  saveAreas(user: AuthUser, docuId: string, input: SaveAreasRequest): Promise<unknown>;
  sendDocument(
    user: AuthUser,
    docuId: string,
    input: { lang: Language },
    facts: V1Request['facts'],
  ): Promise<unknown>;
  voidDocument(
    user: AuthUser,
    docuId: string,
    input: { reason: string; lang: Language },
    facts: V1Request['facts'],
  ): Promise<unknown>;
  listContracts(
    user: AuthUser,
    query: { tab: keyof typeof TABS; role: 'owner'; cursor?: string; limit: number },
  ): Promise<ContractList>;
  /** The owner's document: 404 for anyone else's (downloads and history are the owner's only). */
  assertOwner(user: AuthUser, docuId: string): Promise<void>;
  contractDetails(
    user: AuthUser,
    docuId: string,
  ): Promise<{ docuId: string; status: string; history: unknown[] }>;
  downloadDocument(user: AuthUser, docuId: string): Promise<unknown>;
  certificate(user: AuthUser, docuId: string, lang: Language | undefined): Promise<unknown>;
  useTemplate(user: AuthUser, templateId: string, input: UseTemplateRequest): Promise<unknown>;
  listTemplates(user: AuthUser): Promise<unknown>;
  getTemplate(user: AuthUser, templateId: string): Promise<unknown>;
  openApi(): unknown;
  /** Embedded signing (issue #31 item 4): lambdas/usecases/embedded-signing.ts createEmbeddedSession. */
  embeddedSession(
    user: AuthUser,
    docuId: string,
    recipientIndex: number,
    input: { parentOrigin: string; lang?: Language },
  ): Promise<unknown>;
}

const TABS = { draft: 1, pending: 1, signed: 1, expired: 1 } as const;

function userOf(req: V1Request): AuthUser {
  const p: ApiPrincipal | null = req.principal;
  if (!p) throw new AppError('errors.unauthorized', 'An API key is required');
  return p.user;
}

const str = (v: unknown) => v as string;

/** Every v1 operation by the registry's id. */
export function v1Operations(s: V1Services): Record<string, V1Operation> {
  const docuId = (req: V1Request) => str(req.params.docuId);
  return {
    createDocument: async (req) => {
      const user = userOf(req);
      const body = req.body as { kind: 'esign' | 'vsign'; title?: string };
      const created = await s.createDocument(user, { kind: body.kind });
      const view = body.title ? await s.updateDocument(user, created.docuId, { title: body.title }) : created;
      return { status: 201, body: view };
    },
    listDocuments: async (req) => {
      const user = userOf(req);
      const q = req.query as {
        status: keyof typeof TABS;
        updatedSince?: string;
        cursor?: string;
        limit: number;
      };
      const page = await s.listContracts(user, {
        tab: q.status,
        role: 'owner',
        limit: q.limit,
        ...(q.cursor ? { cursor: q.cursor } : {}),
      });
      if (!q.updatedSince) return { body: page };
      const since = Date.parse(q.updatedSince);
      return {
        body: { ...page, items: page.items.filter((d) => Date.parse(d.lastActivityAt) >= since) },
      };
    },
    getDocument: async (req) => ({ body: await s.getDocument(userOf(req), docuId(req)) }),
    updateDocument: async (req) => ({
      body: await s.updateDocument(userOf(req), docuId(req), req.body as { title?: string }),
    }),
    createUpload: async (req) => ({
      body: await s.createUpload(userOf(req), docuId(req), req.body as UploadRequest),
    }),
    completeUpload: async (req) => ({
      body: await s.completeUpload(userOf(req), docuId(req), req.body as UploadCompleteRequest, req.facts),
    }),
    setRecipients: async (req) => ({
      body: await s.saveRecipients(userOf(req), docuId(req), req.body as SaveRecipientsRequest),
    }),
    setFields: async (req) => ({
      body: await s.saveAreas(userOf(req), docuId(req), req.body as SaveAreasRequest),
    }),
    sendDocument: async (req) => ({
      body: await s.sendDocument(userOf(req), docuId(req), req.body as { lang: Language }, req.facts),
    }),
    getDocumentHistory: async (req) => {
      const user = userOf(req);
      await s.assertOwner(user, docuId(req));
      const d = await s.contractDetails(user, docuId(req));
      return { body: { docuId: d.docuId, status: d.status, history: d.history } };
    },
    downloadDocument: async (req) => {
      const user = userOf(req);
      await s.assertOwner(user, docuId(req));
      return { body: await s.downloadDocument(user, docuId(req)) };
    },
    downloadCertificate: async (req) => ({
      body: await s.certificate(userOf(req), docuId(req), (req.query as { lang?: Language }).lang),
    }),
    voidDocument: async (req) => ({
      body: await s.voidDocument(
        userOf(req),
        docuId(req),
        req.body as { reason: string; lang: Language },
        req.facts,
      ),
    }),
    createEmbeddedSession: async (req) => ({
      status: 201,
      body: await s.embeddedSession(
        userOf(req),
        docuId(req),
        req.params.index as unknown as number,
        req.body as { parentOrigin: string; lang?: Language },
      ),
    }),
    createDocumentFromTemplate: async (req) => ({
      status: 201,
      body: await s.useTemplate(userOf(req), str(req.params.templateId), req.body as UseTemplateRequest),
    }),
    listTemplates: async (req) => ({ body: await s.listTemplates(userOf(req)) }),
    getTemplate: async (req) => ({ body: await s.getTemplate(userOf(req), str(req.params.templateId)) }),
    getOpenApi: async () => ({ body: s.openApi() }),
  };
}

/** The languages a certificate may have been issued in, the owner's English first. */
const CERTIFICATE_LANGS: readonly Language[] = ['en', 'jp', 'ko'];

/** The stored key of a document's certificate in a language (lambdas/usecases/anchoring.ts writes
 *  the English one at the document's certificate key, others beside it with `-{lang}`). */
export function certificateKeyIn(baseKey: string, lang: Language): string {
  return lang === 'en' ? baseKey : baseKey.replace(/\.pdf$/, `-${lang}.pdf`);
}

/** GET /api/v1/documents/{docuId}/certificate: a presigned GET of the certificate (the owner's only;
 *  409 before it is issued, 404 for a language it was not issued in). */
export async function certificateDownload(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
  lang: Language | undefined,
  now = new Date(),
): Promise<{ url: string; fileName: string; lang: Language; expiresAt: string }> {
  const { doc } = await ownerAccess(deps, user, docuId);
  if (!doc.certificateKey || DOCUMENT_LIST_TAB[doc.status] !== 'signed') {
    throw new AppError('apiV1.errors.certificateNotReady', 'The certificate is not issued yet', {
      status: 409,
    });
  }
  for (const l of lang ? [lang] : CERTIFICATE_LANGS) {
    const key = certificateKeyIn(doc.certificateKey, l);
    if (!(await deps.storage.head(key))) continue;
    const fileName = `${doc.id4.toUpperCase()}-certificate${l === 'en' ? '' : `-${l}`}.pdf`;
    return {
      url: await deps.storage.presignDownload(key, { expiresSeconds: FILE_URL_SECONDS, filename: fileName }),
      fileName,
      lang: l,
      expiresAt: new Date(now.getTime() + FILE_URL_SECONDS * 1000).toISOString(),
    };
  }
  throw new AppError('errors.notFound', 'No certificate in that language', { status: 404 });
}
