// The contract's view on the signer page's arrival: the answer asked for at start-up
// (./early-view.ts), checked against the view's schema here, or a new request. Its own module so that
// the signing calls (./signer-api.ts, used by the screens) do not depend on the early view.
import { signerViewSchema, type SignerView } from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';
import { takePrefetchedView } from './early-view';
import { fetchSignerView, signerBase } from './signer-api';

/** The view on the page's arrival: the one asked for at start-up (./early-view.ts), else a new request. */
export async function loadSignerView(
  docuId: string,
  token: string,
  signal?: AbortSignal,
): Promise<SignerView> {
  const prefetched = takePrefetchedView(docuId, token);
  if (!prefetched) return fetchSignerView(docuId, token, signal);
  // The same request, started earlier: read and checked as the API client reads any answer.
  return apiRequest({ path: signerBase(docuId, token), schema: signerViewSchema, response: prefetched });
}
