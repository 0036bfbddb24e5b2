// Templates (issue #27 item 3): one function for the template routes, as billing's (the app stack is
// near CloudFormation's 500-resource limit). Each route keeps its own schemas; the route key picks it.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import {
  bulkParamsSchema,
  bulkRequestSchema,
  createTemplateRequestSchema,
  templateIdParamsSchema,
  updateTemplateRequestSchema,
  useTemplateRequestSchema,
} from '../../shared/api/schemas';
import { TEMPLATE_TITLE_MAX_CHARS } from '../../shared/domain/templates';
import { lineText } from '../../shared/api/schemas/text';
import { AppError } from '../core/errors';
import { httpHandler, type HttpEvent } from '../core/http';
import { bulkDeps, templateDeps } from '../deps';
import { bulkProgress, bulkSend, retryBulk } from '../usecases/bulk-send';
import { addGalleryTemplate } from '../usecases/gallery';
import { useTemplate } from '../usecases/template-use';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from '../usecases/templates';

const signInRequired = () => new AppError('errors.unauthorized', 'Sign-in required');
const duplicateRequestSchema = z.object({ title: lineText().min(1).max(TEMPLATE_TITLE_MAX_CHARS) });

const ROUTES = {
  'GET /api/templates': httpHandler({ auth: 'owner' }, async (req) => {
    if (!req.user) throw signInRequired();
    return { body: await listTemplates(templateDeps(), req.user) };
  }),
  'POST /api/templates': httpHandler({ auth: 'owner', body: createTemplateRequestSchema }, async (req) => {
    if (!req.user) throw signInRequired();
    const body = req.body;
    return {
      status: 201,
      body:
        'gallery' in body
          ? await addGalleryTemplate(templateDeps(), req.user, body)
          : await createTemplate(templateDeps(), req.user, body),
    };
  }),
  'GET /api/templates/{templateId}': httpHandler(
    { auth: 'owner', params: templateIdParamsSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      return { body: await getTemplate(templateDeps(), req.user, req.params.templateId) };
    },
  ),
  'PATCH /api/templates/{templateId}': httpHandler(
    { auth: 'owner', params: templateIdParamsSchema, body: updateTemplateRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      return { body: await updateTemplate(templateDeps(), req.user, req.params.templateId, req.body) };
    },
  ),
  'DELETE /api/templates/{templateId}': httpHandler(
    { auth: 'owner', params: templateIdParamsSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      return { body: await deleteTemplate(templateDeps(), req.user, req.params.templateId) };
    },
  ),
  'POST /api/templates/{templateId}/duplicate': httpHandler(
    { auth: 'owner', params: templateIdParamsSchema, body: duplicateRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      return {
        status: 201,
        body: await duplicateTemplate(templateDeps(), req.user, req.params.templateId, req.body),
      };
    },
  ),
  'POST /api/templates/{templateId}/use': httpHandler(
    { auth: 'owner', params: templateIdParamsSchema, body: useTemplateRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      return {
        status: 201,
        body: await useTemplate(templateDeps(), req.user, req.params.templateId, req.body),
      };
    },
  ),
  'POST /api/templates/{templateId}/bulk': httpHandler(
    { auth: 'owner', params: templateIdParamsSchema, body: bulkRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      const res = await bulkSend(bulkDeps(), req.user, req.params.templateId, req.body);
      return { status: res.progress ? 202 : 200, body: res };
    },
  ),
  'GET /api/templates/{templateId}/bulk/{bulkId}': httpHandler(
    { auth: 'owner', params: bulkParamsSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      return { body: await bulkProgress(bulkDeps(), req.user, req.params.templateId, req.params.bulkId) };
    },
  ),
  'POST /api/templates/{templateId}/bulk/{bulkId}/retry': httpHandler(
    { auth: 'owner', params: bulkParamsSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      return { body: await retryBulk(bulkDeps(), req.user, req.params.templateId, req.params.bulkId) };
    },
  ),
} as const;

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such template route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
