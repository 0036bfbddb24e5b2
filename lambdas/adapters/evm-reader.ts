// Reading the DocumentAnchor contract (architecture §9) without a wallet: what the public verification
// and the health check need. JSON-RPC over `fetch`, with ethers' ABI coder (`ethers/abi`) for the
// calls, results, event topics and revert data. ethers' JsonRpcProvider would bring its ENS resolver
// (with ENS name normalisation), transaction signing and elliptic curves into every bundle that reads
// (~250 KB minified; this module is ~60 KB): see docs/decisions.md.
//
// Behaviour is EvmChain's (lambdas/adapters/evm-chain.ts, which minting builds on this reader): every
// RPC call is bounded by the timeout and fails with a ChainError saying which call failed against which
// host; a revert is reported with the contract's decoded error as ethers' Contract reports it.
import { AbiCoder, Interface, type InterfaceAbi } from 'ethers/abi';
import { getAddress, isAddress } from 'ethers/address';
import { isError, toQuantity } from 'ethers/utils';
import { loadArtifact } from '../chain/artifact';
import { TRANSFER_LOOKBACK_BLOCKS } from '../../shared/domain/wallet';
import type { ChainReader, ChainRecord } from '../ports';

/** The chain did not answer, answered an error, or holds something unexpected. Retry later. */
export class ChainError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChainError';
  }
}

export interface EvmReaderOptions {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly contractAddress: string;
  /** The contract's ABI. @default - the ABI of the compiled artifact (lambdas/chain/artifact.ts) */
  readonly abi?: InterfaceAbi;
  /** Bound on each RPC call. @default 10000 */
  readonly timeoutMs?: number;
}

const HASH = /^[0-9a-f]{64}$/;

/** The `0x` form of a SHA-256 given as 64 lower-case hex characters. */
export function hashArg(sha256: string): string {
  if (!HASH.test(sha256)) throw new ChainError('A SHA-256 to anchor must be 64 lower-case hex characters.');
  return `0x${sha256}`;
}

/** A JSON-RPC error object as a node returns it. */
class RpcError extends Error {
  constructor(readonly error: { code?: unknown; message?: unknown; data?: unknown }) {
    super(typeof error.message === 'string' ? error.message : JSON.stringify(error));
    this.name = 'RpcError';
  }
}

/** The revert data in a node's error, where ethers' JsonRpcProvider looks for it (spelunkData). */
function revertData(value: unknown): string | null {
  if (value == null) return null;
  if (typeof value === 'string') {
    try {
      return revertData(JSON.parse(value));
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object') return null;
  const v = value as { message?: unknown; data?: unknown };
  if (
    typeof v.message === 'string' &&
    /revert/i.test(v.message) &&
    typeof v.data === 'string' &&
    /^0x(?:[0-9a-f]{2})*$/i.test(v.data)
  ) {
    return v.data;
  }
  for (const key in v) {
    const found = revertData((v as Record<string, unknown>)[key]);
    if (found) return found;
  }
  return null;
}

/** Wait before retrying a throttled (HTTP 429) request, as ethers' FetchRequest does. */
const THROTTLE_SLOT_MS = 250;

/** Waits `ms`, or less when the signal aborts (no timer is left behind). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export class EvmChainReader implements ChainReader {
  readonly chainId: number;
  readonly contractAddress: string;
  private readonly rpcUrl: string;
  private readonly host: string;
  private readonly timeoutMs: number;
  private readonly abiOption: InterfaceAbi | undefined;
  private iface: Interface | undefined;
  private nextId = 1;

  constructor(options: EvmReaderOptions) {
    if (!isAddress(options.contractAddress)) {
      throw new ChainError(`The contract address ${options.contractAddress} is not an address.`);
    }
    this.chainId = options.chainId;
    this.contractAddress = getAddress(options.contractAddress);
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.abiOption = options.abi;
    this.rpcUrl = options.rpcUrl;
    // Only the host in messages: hosted RPC URLs often carry an API key in their path.
    this.host = new URL(options.rpcUrl).host;
  }

  /** The contract's interface (its ABI read on first use). */
  get interface(): Interface {
    return (this.iface ??= new Interface(this.abiOption ?? loadArtifact().abi));
  }

  async check(): Promise<void> {
    const [chainIdHex, code] = await Promise.all([
      this.send<string>('eth_chainId', 'eth_chainId', []),
      this.send<string>('eth_getCode', 'eth_getCode', [this.contractAddress.toLowerCase(), 'latest']),
    ]);
    if (Number(chainIdHex) !== this.chainId) {
      throw new ChainError(
        `The chain at ${this.host} has chain id ${Number(chainIdHex)}, not ${this.chainId}.`,
      );
    }
    if (code === '0x') {
      throw new ChainError(`No contract at ${this.contractAddress} on chain ${this.chainId} (${this.host}).`);
    }
  }

  async findByHash(sha256: string): Promise<ChainRecord | null> {
    const hash = hashArg(sha256);
    const tokenId = (await this.call('tokenIdByHash', [hash])) as bigint;
    if (tokenId === 0n) return null;
    const [anchor, holder] = await Promise.all([
      this.call('anchorOf', [tokenId]) as Promise<[string, bigint, bigint]>,
      this.call('ownerOf', [tokenId]) as Promise<string>,
    ]);
    const blockNumber = Number(anchor[2]);
    // The contract keeps the block number, so the event is looked up in that one block: public RPCs
    // refuse eth_getLogs over long ranges.
    const topics = this.interface.encodeFilterTopics('Anchored', [hash, tokenId]);
    const logs = await this.send<{ transactionHash?: string }[]>('eth_getLogs', 'eth_getLogs', [
      {
        address: this.contractAddress.toLowerCase(),
        topics,
        fromBlock: toQuantity(blockNumber),
        toBlock: toQuantity(blockNumber),
      },
    ]);
    const log = Array.isArray(logs) ? logs[0] : undefined;
    if (!log?.transactionHash) {
      throw new ChainError(`Token ${tokenId} has no Anchored event in block ${blockNumber} (${this.host}).`);
    }
    return this.record(sha256, tokenId, holder, log.transactionHash, blockNumber, Number(anchor[1]));
  }

  /** The token's holder now (ERC-721 ownerOf), EIP-55. */
  async ownerOf(tokenId: string): Promise<string> {
    return getAddress((await this.call('ownerOf', [BigInt(tokenId)])) as string);
  }

  /** The latest Transfer of the token from `from` to `to` within the last TRANSFER_LOOKBACK_BLOCKS
   *  blocks (public RPCs refuse long eth_getLogs ranges), or null. */
  async findTransfer(
    tokenId: string,
    from: string,
    to: string,
  ): Promise<{ transactionHash: string; blockNumber: number } | null> {
    const latest = Number(await this.send<string>('eth_blockNumber', 'eth_blockNumber', []));
    const topics = this.interface.encodeFilterTopics('Transfer', [from, to, BigInt(tokenId)]);
    const logs = await this.send<{ transactionHash?: string; blockNumber?: string }[]>(
      'eth_getLogs',
      'eth_getLogs',
      [
        {
          address: this.contractAddress.toLowerCase(),
          topics,
          fromBlock: toQuantity(Math.max(0, latest - TRANSFER_LOOKBACK_BLOCKS)),
          toBlock: toQuantity(latest),
        },
      ],
    );
    const log = Array.isArray(logs) ? logs[logs.length - 1] : undefined;
    if (!log?.transactionHash) return null;
    return { transactionHash: log.transactionHash, blockNumber: Number(log.blockNumber ?? 0) };
  }

  /** The record of a token as the port returns it. */
  record(
    sha256: string,
    tokenId: bigint,
    holder: string,
    transactionHash: string,
    blockNumber: number,
    timestampSeconds: number,
  ): ChainRecord {
    return {
      sha256,
      tokenId: tokenId.toString(),
      holder: getAddress(holder),
      transactionHash,
      blockNumber,
      anchoredAt: new Date(timestampSeconds * 1000).toISOString(),
      chainId: this.chainId,
      contractAddress: this.contractAddress,
    };
  }

  /**
   * A view function of the contract at the latest block (eth_call), decoded as ethers' Contract
   * `staticCall` decodes it: one output → that value, several → the array.
   */
  private async call(name: string, args: readonly unknown[]): Promise<unknown> {
    const iface = this.interface;
    const tx = { to: this.contractAddress, data: iface.encodeFunctionData(name, args) };
    return this.bounded(name, async (signal) => {
      let result: string;
      try {
        result = await this.post<string>(
          'eth_call',
          [{ to: tx.to.toLowerCase(), data: tx.data }, 'latest'],
          signal,
        );
      } catch (err) {
        // As ethers: any error of an eth_call is a CALL_EXCEPTION, decoded with the contract's errors
        // when the node sent revert data.
        if (!(err instanceof RpcError)) throw err;
        const data = revertData(err.error);
        const e =
          data !== null ? iface.makeError(data, tx) : AbiCoder.getBuiltinCallException('call', tx, null);
        (e as { info?: unknown }).info = { error: err.error };
        throw e;
      }
      const decoded = iface.decodeFunctionResult(name, result);
      return decoded.length === 1 ? decoded[0] : decoded.toArray();
    });
  }

  /** One JSON-RPC call other than eth_call, bounded and named `what` in errors. */
  private send<T>(what: string, method: string, params: readonly unknown[]): Promise<T> {
    return this.bounded(what, (signal) => this.post<T>(method, params, signal));
  }

  private async post<T>(method: string, params: readonly unknown[], signal: AbortSignal): Promise<T> {
    const body = JSON.stringify({ method, params, id: this.nextId++, jsonrpc: '2.0' });
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(this.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal,
      });
      if (response.status === 429) {
        // Throttled: wait and try again until the call's timeout (ethers' FetchRequest does the same).
        await response.body?.cancel();
        const retryAfter = Number(response.headers.get('retry-after'));
        const delay =
          retryAfter > 0
            ? retryAfter * 1000
            : THROTTLE_SLOT_MS * Math.trunc(Math.random() * 2 ** Math.min(attempt, 6));
        await sleep(delay, signal);
        signal.throwIfAborted();
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`server response ${response.status} ${response.statusText}`.trim());
      }
      const json = (await response.json()) as { result?: T; error?: RpcError['error'] };
      if (json && typeof json === 'object' && json.error) throw new RpcError(json.error);
      if (!json || typeof json !== 'object' || !('result' in json)) {
        throw new Error('invalid JSON-RPC response');
      }
      return json.result as T;
    }
  }

  /** Bounds one call by the timeout and turns its failure into a ChainError naming the call. */
  private bounded<T>(what: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return boundedChainCall(this.host, this.timeoutMs, what, run);
  }
}

/** A failure of the call `what` as the ChainError EvmChain reports (the original as its cause). */
export function chainError(err: unknown, what: string, host: string, timeoutMs?: number): ChainError {
  if (err instanceof ChainError) return err;
  if (isError(err, 'CALL_EXCEPTION')) {
    const reason = err.revert
      ? `${err.revert.name}(${err.revert.args.join(', ')})`
      : (err.reason ?? 'reverted');
    return new ChainError(`The contract refused ${what}: ${reason}.`, { cause: err });
  }
  if (isError(err, 'TIMEOUT')) {
    return new ChainError(`The chain at ${host} did not answer ${what} within ${timeoutMs} ms.`, {
      cause: err,
    });
  }
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  const detail =
    (err as { shortMessage?: string }).shortMessage ?? (err instanceof Error ? err.message : String(err));
  return new ChainError(`The chain at ${host} failed on ${what}: ${detail}${code}`, { cause: err });
}

/**
 * Bounds one chain call by `timeoutMs` (aborting it through the signal when time is up) and turns its
 * failure into a ChainError naming the call (`what`) and the host. Shared by the reader and EvmChain.
 */
export async function boundedChainCall<T>(
  host: string,
  timeoutMs: number,
  what: string,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new ChainError(`The chain at ${host} did not answer ${what} within ${timeoutMs} ms.`));
      controller.abort();
    }, timeoutMs);
  });
  const call = run(controller.signal);
  try {
    return await Promise.race([call, timeout]);
  } catch (err) {
    throw chainError(err, what, host, timeoutMs);
  } finally {
    clearTimeout(timer);
    // A call that lost the race must not surface as an unhandled rejection.
    call.catch(() => undefined);
  }
}
