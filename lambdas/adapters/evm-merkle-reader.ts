// Reading the MerkleAnchor contract (issue #33) without a wallet, for the public verification: JSON-RPC
// over fetch with ethers' ABI coder only, as evm-reader.ts reads DocumentAnchor (no ethers provider in
// the bundles that only read). Every call is bounded by the timeout and fails with a ChainError.
import { Interface } from 'ethers/abi';
import { getAddress, isAddress } from 'ethers/address';
import { toQuantity } from 'ethers/utils';
import { MERKLE_ANCHOR_ABI } from '../chain/merkle-abi';
import type { MerkleRootReader, MerkleRootRecord } from '../ports';
import { ChainError, boundedChainCall } from './evm-reader';

export interface EvmMerkleReaderOptions {
  readonly rpcUrl: string;
  readonly chainId: number;
  /** The deployed MerkleAnchor contract. */
  readonly contractAddress: string;
  /** Bound on each RPC call. @default 10000 */
  readonly timeoutMs?: number;
}

const ROOT = /^0x[0-9a-fA-F]{64}$/;

let iface: Interface | undefined;

/** The contract's interface, built on first use (a module-level `new Interface` would keep ethers'
 *  ABI code in every bundle that imports lambdas/deps.ts). */
export function merkleInterface(): Interface {
  return (iface ??= new Interface(MERKLE_ANCHOR_ABI));
}

export class EvmMerkleReader implements MerkleRootReader {
  readonly chainId: number;
  readonly contractAddress: string;
  protected readonly host: string;
  protected readonly timeoutMs: number;
  private readonly rpcUrl: string;
  private nextId = 1;

  constructor(options: EvmMerkleReaderOptions) {
    if (!isAddress(options.contractAddress))
      throw new ChainError(`The contract address ${options.contractAddress} is not an address.`);
    this.chainId = options.chainId;
    this.contractAddress = getAddress(options.contractAddress);
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.rpcUrl = options.rpcUrl;
    // Only the host in messages: hosted RPC URLs often carry an API key in their path.
    this.host = new URL(options.rpcUrl).host;
  }

  async findRoot(root: string): Promise<MerkleRootRecord | null> {
    if (!ROOT.test(root)) throw new ChainError('A Merkle root must be 32 bytes in 0x hex.');
    const data = merkleInterface().encodeFunctionData('rootOf', [root]);
    const result = await this.rpc<string>('rootOf', 'eth_call', [
      { to: this.contractAddress.toLowerCase(), data },
      'latest',
    ]);
    const [timestamp, blockNumber] = merkleInterface().decodeFunctionResult('rootOf', result) as unknown as [
      bigint,
      bigint,
    ];
    if (timestamp === 0n) return null;
    // The contract keeps the block number: the event is looked up in that one block (public RPCs
    // refuse eth_getLogs over long ranges).
    const logs = await this.rpc<{ transactionHash?: string }[]>('eth_getLogs', 'eth_getLogs', [
      {
        address: this.contractAddress.toLowerCase(),
        topics: merkleInterface().encodeFilterTopics('RootAnchored', [root]),
        fromBlock: toQuantity(blockNumber),
        toBlock: toQuantity(blockNumber),
      },
    ]);
    const log = Array.isArray(logs) ? logs[0] : undefined;
    if (!log?.transactionHash)
      throw new ChainError(`Root ${root} has no RootAnchored event in block ${blockNumber} (${this.host}).`);
    return this.record(root, log.transactionHash, Number(blockNumber), Number(timestamp));
  }

  protected record(
    root: string,
    transactionHash: string,
    blockNumber: number,
    timestampSeconds: number,
  ): MerkleRootRecord {
    return {
      root: root.toLowerCase(),
      transactionHash,
      blockNumber,
      anchoredAt: new Date(timestampSeconds * 1000).toISOString(),
      chainId: this.chainId,
      contractAddress: this.contractAddress,
    };
  }

  /** One JSON-RPC call, bounded, named `what` in errors. */
  private rpc<T>(what: string, method: string, params: readonly unknown[]): Promise<T> {
    return boundedChainCall(this.host, this.timeoutMs, what, async (signal) => {
      const response = await fetch(this.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ method, params, id: this.nextId++, jsonrpc: '2.0' }),
        signal,
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`server response ${response.status} ${response.statusText}`.trim());
      }
      const json = (await response.json()) as { result?: T; error?: { message?: string } };
      if (json.error) throw new Error(json.error.message ?? JSON.stringify(json.error));
      if (!('result' in json)) throw new Error('invalid JSON-RPC response');
      return json.result as T;
    });
  }
}
