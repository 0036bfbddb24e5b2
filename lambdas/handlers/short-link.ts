import * as z from 'zod';
import { isAppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { shortLinkDeps } from '../deps';
import { openShortLink } from '../usecases/short-links';

const paramsSchema = z.object({ code: z.string().min(1).max(64) });

/** The SPA's language for a visitor who opened a link that no longer leads anywhere. */
function langOf(acceptLanguage: string | undefined): 'en' | 'jp' | 'ko' {
  const first = (acceptLanguage ?? '').toLowerCase().trim().slice(0, 2);
  return first === 'ja' ? 'jp' : first === 'ko' ? 'ko' : 'en';
}

/** GET /api/s/{code}: a short link of an SMS. 302 to its target (the signer page, the verify page, or a
 *  fresh 10-minute download of the final PDF); an unknown or expired link goes to the SPA's
 *  not-found page in the visitor's language, since a person (not a client) opened it. */
export const handler = httpHandler({ auth: 'public', params: paramsSchema }, async (req) => {
  const deps = shortLinkDeps();
  let location: string;
  try {
    location = await openShortLink(deps, req.params.code);
  } catch (err) {
    if (!isAppError(err) || err.status !== 404) throw err;
    const lang = langOf(req.event.headers?.['accept-language']);
    location = `${deps.appUrl.replace(/\/+$/, '')}/${lang}/link-expired`;
  }
  return { status: 302, headers: { location, 'referrer-policy': 'no-referrer' } };
});
