// The language of a visitor who arrives without a (supported) language prefix: the server decides from
// the viewer's country or Accept-Language (GET /api/locale); if that call fails or is slow, the
// browser's language decides. Asked once per page load.
import { localeResponseSchema } from '../../../shared/api/schemas';
import { apiRequest } from '../lib/api-client';
import { detectLang, type Lang } from './paths';

const TIMEOUT_MS = 3000;
let resolved: Promise<Lang> | undefined;

export function resolveVisitorLang(): Promise<Lang> {
  resolved ??= (async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const { lang } = await apiRequest({
        path: '/locale',
        schema: localeResponseSchema,
        signal: controller.signal,
      });
      return lang;
    } catch {
      return detectLang();
    } finally {
      clearTimeout(timer);
    }
  })();
  return resolved;
}
