// The boot script's early requests (issue #33, decision 165): config.json and a signer link's view,
// started before the app runs, are read by the app from the same answers — one request each, every
// reader with a copy of its own — and the page reads the view through the API client as any call.
import { jest } from '@jest/globals';
import { ApiError, apiRequest } from '../../../web/src/lib/api-client';
import { z } from 'zod';

type Fetch = typeof fetch;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch(answer: () => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const impl = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return answer();
  });
  globalThis.fetch = impl as unknown as Fetch;
  return calls;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('config.json read once', () => {
  it('gives the boot script a copy and the app the same answer, with one request', async () => {
    await jest.isolateModulesAsync(async () => {
      const calls = fakeFetch(() => json({ apiBase: 'https://api.example/api' }));
      const { earlyConfigBody, configResponse } = await import('../../../web/src/app/early-config');
      await expect(earlyConfigBody()).resolves.toEqual({ apiBase: 'https://api.example/api' });
      const response = await configResponse('/config.json');
      await expect(response.json()).resolves.toEqual({ apiBase: 'https://api.example/api' });
      expect(calls.map((c) => c.url)).toEqual(['/config.json']);
    });
  });

  it('lets the app ask itself when the boot script did not, and the boot script then stays out', async () => {
    await jest.isolateModulesAsync(async () => {
      const calls = fakeFetch(() => json({ apiBase: '/api' }));
      const { earlyConfigBody, configResponse } = await import('../../../web/src/app/early-config');
      await expect((await configResponse('/config.json')).json()).resolves.toEqual({ apiBase: '/api' });
      expect(earlyConfigBody()).toBeUndefined();
      expect(calls).toHaveLength(1);
    });
  });
});

describe("a signer link's early view", () => {
  it('is asked for once, as the API client asks, and each taker in the same task reads its own copy', async () => {
    await jest.isolateModulesAsync(async () => {
      const calls = fakeFetch(() => json({ docuId: 'd1' }));
      const { prefetchSignerView, takePrefetchedView } =
        await import('../../../web/src/features/signer/api/early-view');
      prefetchSignerView('https://api.example/api', 'd1', 't/1');
      prefetchSignerView('https://api.example/api', 'd1', 't/1');
      expect(calls).toEqual([
        { url: 'https://api.example/api/sign/d1/t%2F1', init: { headers: { accept: 'application/json' } } },
      ]);
      const first = takePrefetchedView('d1', 't/1');
      const second = takePrefetchedView('d1', 't/1');
      await expect((await first!).json()).resolves.toEqual({ docuId: 'd1' });
      await expect((await second!).json()).resolves.toEqual({ docuId: 'd1' });
      // It serves one page load; another link never gets it.
      await new Promise((r) => setTimeout(r, 5));
      expect(takePrefetchedView('d1', 't/1')).toBeUndefined();
      expect(takePrefetchedView('d2', 't')).toBeUndefined();
    });
  });
});

describe('apiRequest with an answer already asked for', () => {
  const schema = z.object({ ok: z.literal(true) });
  it('checks the answer against the schema', async () => {
    await expect(
      apiRequest({ path: '/x', schema, response: Promise.resolve(json({ ok: true })) }),
    ).resolves.toEqual({
      ok: true,
    });
    await expect(
      apiRequest({ path: '/x', schema, response: Promise.resolve(json({ ok: 'no' })) }),
    ).rejects.toMatchObject({ status: 200, code: 'errors.internal' });
  });

  it("turns an error answer into the server's code, and a lost request into 'unavailable'", async () => {
    const refused = json({ error: { code: 'documents.errors.originalChanged', message: 'changed' } }, 409);
    await expect(
      apiRequest({ path: '/x', schema, response: Promise.resolve(refused) }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'documents.errors.originalChanged',
    });
    const lost = apiRequest({ path: '/x', schema, response: Promise.reject(new TypeError('fetch failed')) });
    await expect(lost).rejects.toBeInstanceOf(ApiError);
    await expect(lost).rejects.toMatchObject({ status: 0, code: 'errors.unavailable' });
  });
});
