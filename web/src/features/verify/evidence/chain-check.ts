// Issue #33 item 4: the verify page asks the chain itself whether a Merkle root is anchored, so that a
// verifier need not trust our server's reading. Raw JSON-RPC over fetch (no ethers provider in the
// SPA): `eth_chainId` must be the proof's chain, then `eth_call` of `rootTimestamp(bytes32)` on the
// MerkleAnchor contract with the root this browser computed from the file's hash and the proof. The
// RPC is the public one /config.json names (`chainPublicRpcUrl`; docs/anchoring.md), allowed by the
// CSP's connect-src. scripts/verify-merkle.ts does the same from a terminal.

/** `keccak256("rootTimestamp(bytes32)")[0:4]` (lambdas/chain/MerkleAnchor.sol); a unit test checks it. */
export const ROOT_TIMESTAMP_SELECTOR = '0xf63f7d8b';

/** How long the browser waits for the chain, both calls together. */
export const CHAIN_CHECK_TIMEOUT_MS = 10_000;

export type ChainCheckFailure =
  /** No answer within the timeout. */
  | 'timeout'
  /** fetch failed (offline, DNS, CORS, CSP). */
  | 'network'
  /** An HTTP status other than 2xx. */
  | 'http'
  /** The node answered a JSON-RPC error. */
  | 'rpcError'
  /** The answer is not the shape a node gives (not JSON-RPC, not hex, wrong length, out of range). */
  | 'malformed';

export type ChainCheck =
  /** The contract holds the root: its block time (unix seconds). */
  | { readonly kind: 'onChain'; readonly root: string; readonly timestamp: number }
  /** The chain was asked and has no record of the root (0, or no contract at the address). */
  | { readonly kind: 'notFound'; readonly root: string }
  /** The RPC serves another chain than the proof names: nothing it says counts. */
  | { readonly kind: 'wrongChain'; readonly expected: number; readonly actual: number }
  /** The chain could not be asked, or its answer could not be read. */
  | { readonly kind: 'unreachable'; readonly reason: ChainCheckFailure };

export interface ChainCheckInput {
  readonly rpcUrl: string;
  /** The chain the proof names. */
  readonly chainId: number;
  /** The MerkleAnchor contract the proof names. */
  readonly contractAddress: string;
  /** The root computed in this browser from the hash and the proof (0x + 64 lower-case hex). */
  readonly root: string;
  /** Aborts the calls (the page unmounts); the promise then rejects with the abort's reason. */
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** For tests. @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

const BYTES32 = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;
/** An eth_call's return data: one ABI word, or nothing (no code at the address). */
const CALL_RESULT = /^0x(?:[0-9a-fA-F]{64})?$/;
const UINT64_MAX = (1n << 64n) - 1n;

class CheckFailed extends Error {
  constructor(readonly reason: ChainCheckFailure) {
    super(reason);
  }
}

async function call(
  doFetch: typeof fetch,
  url: string,
  signal: AbortSignal,
  id: number,
  method: string,
  params: unknown[],
): Promise<string> {
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      signal,
      // The chain learns nothing of the page: no cookies, no referrer.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new CheckFailed('network');
  }
  if (!response.ok) throw new CheckFailed('http');
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal.aborted) throw error;
    throw new CheckFailed('malformed');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new CheckFailed('malformed');
  const answer = body as { id?: unknown; result?: unknown; error?: unknown };
  if (answer.error !== undefined && answer.error !== null) throw new CheckFailed('rpcError');
  if (answer.id !== id || typeof answer.result !== 'string') throw new CheckFailed('malformed');
  return answer.result;
}

/** Asks the chain at `rpcUrl` whether `root` is anchored on `contractAddress` of chain `chainId`. */
export async function checkRootOnChain(input: ChainCheckInput): Promise<ChainCheck> {
  const doFetch = input.fetch ?? globalThis.fetch.bind(globalThis);
  const root = input.root.toLowerCase();
  if (!BYTES32.test(root) || !ADDRESS.test(input.contractAddress))
    return { kind: 'unreachable', reason: 'malformed' };
  // One deadline for both calls; the caller's abort (unmount) ends them too.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, input.timeoutMs ?? CHAIN_CHECK_TIMEOUT_MS);
  const onAbort = () => controller.abort(input.signal?.reason);
  if (input.signal?.aborted) onAbort();
  input.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const [chainIdHex, data] = await Promise.all([
      call(doFetch, input.rpcUrl, controller.signal, 1, 'eth_chainId', []),
      call(doFetch, input.rpcUrl, controller.signal, 2, 'eth_call', [
        { to: input.contractAddress.toLowerCase(), data: ROOT_TIMESTAMP_SELECTOR + root.slice(2) },
        'latest',
      ]),
    ]);
    if (!QUANTITY.test(chainIdHex)) return { kind: 'unreachable', reason: 'malformed' };
    const actual = Number(BigInt(chainIdHex));
    if (actual !== input.chainId) return { kind: 'wrongChain', expected: input.chainId, actual };
    if (!CALL_RESULT.test(data)) return { kind: 'unreachable', reason: 'malformed' };
    const value = data === '0x' ? 0n : BigInt(data);
    if (value > UINT64_MAX) return { kind: 'unreachable', reason: 'malformed' };
    if (value === 0n) return { kind: 'notFound', root };
    return { kind: 'onChain', root, timestamp: Number(value) };
  } catch (error) {
    if (error instanceof CheckFailed) {
      // A call failing because the deadline aborted the other one is still the deadline.
      return { kind: 'unreachable', reason: timedOut ? 'timeout' : error.reason };
    }
    if (timedOut) return { kind: 'unreachable', reason: 'timeout' };
    if (input.signal?.aborted) throw error;
    return { kind: 'unreachable', reason: 'network' };
  } finally {
    clearTimeout(timer);
    input.signal?.removeEventListener('abort', onAbort);
    // One call failing leaves the other nothing to answer to: end it.
    controller.abort();
  }
}
