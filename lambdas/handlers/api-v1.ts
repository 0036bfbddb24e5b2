// The public REST API, v1 (issue #31 items 2 and 5): every `/api/v1/…` request, one function (the app
// stack's resource budget has no room for a route per operation). The v1 router
// (lambdas/core/api-v1-router.ts) routes by the registry (shared/api/v1/routes.ts); each operation is
// the SPA's use case (lambdas/usecases/api-v1.ts), with the owner of the API key as the user.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { buildOpenApi } from '../../shared/api/v1/openapi';
import { V1_ROUTES } from '../../shared/api/v1/routes';
import { v1Router } from '../core/api-v1-router';
import type { HttpEvent } from '../core/http';
import { createLogger } from '../core/logger';
import { DynamoIdempotencyStore } from '../adapters/dynamo/idempotency';
import { getConfig } from '../config';
import { documentClient } from '../adapters/aws';
import { apiKeyDeps, contractDeps, embedDeps, routingDeps, templateDeps } from '../deps';
import { certificateDownload, v1Operations } from '../usecases/api-v1';
import { authenticateApiKey, requireScope } from '../usecases/api-keys';
import { downloadDocument } from '../usecases/contract-actions';
import { createEmbeddedSession } from '../usecases/embedded-signing';
import { contractDetails, listContracts } from '../usecases/contracts';
import { ownerAccess } from '../usecases/contract-access';
import { createDocument, getDocument, updateDocument } from '../usecases/documents';
import { saveAreas, saveRecipients } from '../usecases/recipients';
import { voidDocument } from '../usecases/routing';
import { sendDocument } from '../usecases/sending';
import { useTemplate } from '../usecases/template-use';
import { getTemplate, listTemplates } from '../usecases/templates';
import { completeUpload, createUpload } from '../usecases/uploads';

let openApi: unknown;

const operations = v1Operations({
  createDocument: (user, input) => createDocument(contractDeps(), user, input),
  updateDocument: (user, docuId, input) => updateDocument(contractDeps(), user, docuId, input),
  getDocument: (user, docuId) => getDocument(contractDeps(), user, docuId),
  createUpload: (user, docuId, input) => createUpload(contractDeps(), user, docuId, input),
  completeUpload: (user, docuId, input, facts) => completeUpload(contractDeps(), user, docuId, input, facts),
  saveRecipients: (user, docuId, input) => saveRecipients(contractDeps(), user, docuId, input),
  saveAreas: (user, docuId, input) => saveAreas(contractDeps(), user, docuId, input),
  sendDocument: (user, docuId, input, facts) => sendDocument(contractDeps(), user, docuId, input, facts),
  voidDocument: (user, docuId, input, facts) => voidDocument(routingDeps(), user, docuId, input, facts),
  listContracts: (user, query) => listContracts(contractDeps(), user, query),
  assertOwner: async (user, docuId) => {
    await ownerAccess(contractDeps(), user, docuId);
  },
  contractDetails: (user, docuId) => contractDetails(contractDeps(), user, docuId),
  downloadDocument: (user, docuId) => downloadDocument(contractDeps(), user, docuId),
  certificate: (user, docuId, lang) => certificateDownload(contractDeps(), user, docuId, lang),
  useTemplate: (user, templateId, input) => useTemplate(templateDeps(), user, templateId, input),
  listTemplates: (user) => listTemplates(templateDeps(), user),
  getTemplate: (user, templateId) => getTemplate(templateDeps(), user, templateId),
  openApi: () => (openApi ??= buildOpenApi(V1_ROUTES)),
  embeddedSession: (user, docuId, recipientIndex, input) =>
    createEmbeddedSession(
      embedDeps(),
      user,
      docuId,
      recipientIndex,
      input.parentOrigin,
      new Date(),
      input.lang,
    ),
});

let idempotency: DynamoIdempotencyStore | undefined;

const route = v1Router({
  routes: V1_ROUTES,
  operations,
  authenticate: (authorization, now) => authenticateApiKey(apiKeyDeps(), authorization, now),
  requireScope,
  idempotency: () => (idempotency ??= new DynamoIdempotencyStore(documentClient(), getConfig().TABLE_NAME)),
  now: () => new Date(),
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const requestId = event.requestContext?.requestId || context.awsRequestId || crypto.randomUUID();
  const log = createLogger({ requestId, route: 'api-v1' });
  const res = await route(event, requestId, log);
  if (typeof res === 'object') {
    res.headers = { ...res.headers, 'x-request-id': requestId };
    log.info('request done', { status: res.statusCode, path: event.rawPath });
  }
  return res;
}
