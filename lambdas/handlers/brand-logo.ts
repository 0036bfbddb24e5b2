// GET /api/brand/logos/{file} (issue #29 item 2): a brand logo, public and content-addressed
// (`{sha256}.png` of the stored bytes), so it is cached for a year and never revalidated. The bytes
// are always our own PNG re-encoding; nosniff and a sandboxing CSP keep them an image.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { AppError } from '../core/errors';
import { errorBody, errorToResponse, fromOurOrigin, json, type HttpEvent } from '../core/http';
import { createLogger } from '../core/logger';
import { brandDeps } from '../deps';
import { readBrandLogo } from '../usecases/brand-account';

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const requestId = event.requestContext?.requestId || context.awsRequestId || crypto.randomUUID();
  const log = createLogger({ requestId, route: event.routeKey });
  try {
    if (!fromOurOrigin(event)) throw new AppError('errors.forbidden', 'Requests must come through the site');
    const bytes = await readBrandLogo(brandDeps(), event.pathParameters?.file ?? '');
    if (!bytes) {
      return json(404, errorBody(new AppError('errors.notFound', 'No such logo'), requestId), {
        'x-request-id': requestId,
      });
    }
    return {
      statusCode: 200,
      isBase64Encoded: true,
      headers: {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        // E-mail clients and webmail load it from their own origins.
        'cross-origin-resource-policy': 'cross-origin',
        'x-request-id': requestId,
      },
      body: Buffer.from(bytes).toString('base64'),
    };
  } catch (err) {
    return errorToResponse(err, requestId, log);
  }
}
