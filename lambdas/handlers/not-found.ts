import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';

/** The API's default route: any path or method not in the route table gets a JSON 404. */
export const handler = httpHandler({ auth: 'public' }, async (req) => {
  throw new AppError(
    'errors.routeNotFound',
    `No route for ${req.event.requestContext.http.method} ${req.event.rawPath}`,
  );
});
