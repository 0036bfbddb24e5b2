// Issue #33 item 4: the verify page asks the chain itself whether a Merkle root is anchored
// (web/src/features/verify/evidence/chain-check.ts). Against a fake fetch: each outcome (on chain, not
// found, wrong chain, unreachable), answers of the wrong shape, the bound on waiting and the abort.
import { id } from 'ethers/hash';
import {
  checkRootOnChain,
  ROOT_TIMESTAMP_SELECTOR,
  type ChainCheckInput,
} from '../../../web/src/features/verify/evidence/chain-check';

const RPC = 'https://rpc.example-chain.org';
const CONTRACT = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const ROOT = `0x${'ab'.repeat(32)}`;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
const TIME = 1_795_900_000n;

interface Sent {
  url: string;
  method: string;
  params: unknown[];
  init: RequestInit;
}

/** A fetch that answers each JSON-RPC method with `answers[method]` (a body, or a Response). */
function fakeFetch(answers: Record<string, unknown>, sent: Sent[] = []): typeof fetch {
  return (async (url: string | URL | Request, init?: RequestInit) => {
    const request = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
    sent.push({ url: String(url), method: request.method, params: request.params, init: init! });
    const answer = answers[request.method];
    if (answer instanceof Response) return answer;
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return (answer as (id: number) => Response)(request.id);
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: answer }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

const input = (doFetch: typeof fetch, more: Partial<ChainCheckInput> = {}): ChainCheckInput => ({
  rpcUrl: RPC,
  chainId: 1337,
  contractAddress: CONTRACT,
  root: ROOT,
  fetch: doFetch,
  ...more,
});

describe('checkRootOnChain', () => {
  it('uses the selector of rootTimestamp(bytes32)', () => {
    expect(ROOT_TIMESTAMP_SELECTOR).toBe(id('rootTimestamp(bytes32)').slice(0, 10));
  });

  it('reads the root time: eth_chainId, then eth_call rootTimestamp(root) on the contract', async () => {
    const sent: Sent[] = [];
    const check = await checkRootOnChain(
      input(fakeFetch({ eth_chainId: '0x539', eth_call: word(TIME) }, sent)),
    );
    expect(check).toEqual({ kind: 'onChain', root: ROOT, timestamp: Number(TIME) });
    expect(sent.map((s) => [s.url, s.method])).toEqual([
      [RPC, 'eth_chainId'],
      [RPC, 'eth_call'],
    ]);
    expect(sent[1]!.params).toEqual([
      { to: CONTRACT.toLowerCase(), data: `${ROOT_TIMESTAMP_SELECTOR}${'ab'.repeat(32)}` },
      'latest',
    ]);
    expect(sent[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  });

  it('says not found when the contract has no time for the root (zero, or no contract there)', async () => {
    for (const result of [word(0n), '0x']) {
      await expect(
        checkRootOnChain(input(fakeFetch({ eth_chainId: '0x539', eth_call: result }))),
      ).resolves.toEqual({ kind: 'notFound', root: ROOT });
    }
  });

  it('says the chain is the wrong one, whatever eth_call answers, when eth_chainId is not the proof’s', async () => {
    await expect(
      checkRootOnChain(input(fakeFetch({ eth_chainId: '0x1', eth_call: word(TIME) }))),
    ).resolves.toEqual({ kind: 'wrongChain', expected: 1337, actual: 1 });
  });

  it.each([
    ['a result that is not hex', { eth_chainId: '0x539', eth_call: 'not hex' }],
    ['a result of the wrong length', { eth_chainId: '0x539', eth_call: `0x${'00'.repeat(30)}01` }],
    ['a value above uint64', { eth_chainId: '0x539', eth_call: word(1n << 64n) }],
    ['a chain id that is not a quantity', { eth_chainId: 1337, eth_call: word(TIME) }],
    [
      'an answer to another request id',
      {
        eth_chainId: '0x539',
        eth_call: (requestId: number) =>
          new Response(JSON.stringify({ jsonrpc: '2.0', id: requestId + 7, result: word(TIME) })),
      },
    ],
    ['a body that is not JSON', { eth_chainId: '0x539', eth_call: new Response('<html>gateway</html>') }],
    ['a JSON array', { eth_chainId: '0x539', eth_call: new Response('[]') }],
  ])('refuses %s as malformed', async (_name, answers) => {
    await expect(checkRootOnChain(input(fakeFetch(answers)))).resolves.toEqual({
      kind: 'unreachable',
      reason: 'malformed',
    });
  });

  it('tells a JSON-RPC error, an HTTP error and a failed fetch apart', async () => {
    const rpcError = (requestId: number) =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: requestId, error: { code: -32000, message: 'x' } }));
    await expect(
      checkRootOnChain(input(fakeFetch({ eth_chainId: '0x539', eth_call: rpcError }))),
    ).resolves.toEqual({ kind: 'unreachable', reason: 'rpcError' });
    await expect(
      checkRootOnChain(
        input(fakeFetch({ eth_chainId: '0x539', eth_call: new Response('busy', { status: 429 }) })),
      ),
    ).resolves.toEqual({ kind: 'unreachable', reason: 'http' });
    await expect(
      checkRootOnChain(
        input(fakeFetch({ eth_chainId: new TypeError('Failed to fetch'), eth_call: word(TIME) })),
      ),
    ).resolves.toEqual({ kind: 'unreachable', reason: 'network' });
  });

  it('refuses a root or contract address that is not one, without asking', async () => {
    const sent: Sent[] = [];
    const doFetch = fakeFetch({ eth_chainId: '0x539', eth_call: word(TIME) }, sent);
    await expect(checkRootOnChain(input(doFetch, { root: '0x1234' }))).resolves.toEqual({
      kind: 'unreachable',
      reason: 'malformed',
    });
    await expect(checkRootOnChain(input(doFetch, { contractAddress: 'nobody' }))).resolves.toMatchObject({
      reason: 'malformed',
    });
    expect(sent).toEqual([]);
  });

  /** A fetch that never answers but ends when its signal aborts, as the browser's does. */
  const hanging: typeof fetch = ((_url: string, init?: RequestInit) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
    })) as typeof fetch;

  it('gives up after the timeout and says the chain was unreachable', async () => {
    const started = Date.now();
    await expect(checkRootOnChain(input(hanging, { timeoutMs: 50 }))).resolves.toEqual({
      kind: 'unreachable',
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops asking when the page aborts (unmount), rejecting rather than answering', async () => {
    const controller = new AbortController();
    const pending = checkRootOnChain(input(hanging, { signal: controller.signal, timeoutMs: 60_000 }));
    controller.abort(new DOMException('left the page', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
