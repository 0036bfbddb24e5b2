// A signer's fields (issues #5, #27): one function for applying signs, filling values, and completing
// or removing an attachment, as billing's routes share one (the app stack is near CloudFormation's
// 500-resource limit, test/cdk/app.test.ts). Each route keeps its own schemas and declares its own
// access (shared/api/routes.ts); the function holds their union. The attachment's upload form stays a
// function of its own: it may write only staging keys and never reads or writes `documents/`.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import {
  applySignsRequestSchema,
  attachmentCompleteRequestSchema,
  attachmentParamsSchema,
  fillFieldsRequestSchema,
  signerParamsSchema,
} from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler, type HttpEvent } from '../core/http';
import { signingDeps } from '../deps';
import { completeAttachment, deleteAttachment } from '../usecases/signer-attachments';
import { fillFields } from '../usecases/signer-fields';
import { applySigns } from '../usecases/signer-signs';

const ROUTES = {
  /** Applies the signer's signs to their own sign fields. */
  'PUT /api/sign/{docuId}/{token}/areas': httpHandler(
    { auth: 'signer', body: applySignsRequestSchema, params: signerParamsSchema },
    async (req) => ({ body: await applySigns(signingDeps(), req.params.docuId, req.params.token, req.body) }),
  ),
  /** The signer's values of their own value fields. */
  'PUT /api/sign/{docuId}/{token}/fields': httpHandler(
    { auth: 'signer', body: fillFieldsRequestSchema, params: signerParamsSchema },
    async (req) => ({ body: await fillFields(signingDeps(), req.params.docuId, req.params.token, req.body) }),
  ),
  /** Checks the landed file and attaches it. */
  'POST /api/sign/{docuId}/{token}/attachments/complete': httpHandler(
    { auth: 'signer', body: attachmentCompleteRequestSchema, params: signerParamsSchema },
    async (req) => ({
      body: await completeAttachment(signingDeps(), req.params.docuId, req.params.token, req.body),
    }),
  ),
  /** The signer removes their file. */
  'DELETE /api/sign/{docuId}/{token}/attachments/{areaIndex}': httpHandler(
    { auth: 'signer', params: attachmentParamsSchema },
    async (req) => ({
      body: await deleteAttachment(signingDeps(), req.params.docuId, req.params.token, req.params.areaIndex),
    }),
  ),
} as const;

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such signer field route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
