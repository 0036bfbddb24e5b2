import { httpHandler } from '../core/http';
import { localeFor } from '../usecases/account';

/** GET /api/locale: the default language of a visitor who arrives without one in the path. */
export const handler = httpHandler({ auth: 'public' }, async (req) => {
  const headers = req.event.headers ?? {};
  const country = headers['cloudfront-viewer-country'];
  return { body: { lang: localeFor(country, headers['accept-language']), country: country ?? null } };
});
