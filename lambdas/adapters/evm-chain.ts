// AnchorChain on an EVM chain with ethers v6 (architecture §9): the DocumentAnchor contract mints one
// ERC-721 token per SHA-256. Every RPC call is bounded by a timeout and fails with a ChainError that
// says which call failed against which host, so the anchor job can retry later; a chain that is down
// delays anchoring, never the completed document. Reads (findByHash, check) are the read-only
// EvmChainReader's (evm-reader.ts); minting adds ethers' provider and a signer, which only the anchor
// job's bundle carries.
import {
  BaseWallet,
  Contract,
  FetchRequest,
  Interface,
  JsonRpcProvider,
  Network,
  SigningKey,
  getAddress,
  isAddress,
  isError,
  type FeeData,
  type InterfaceAbi,
  type Log,
} from 'ethers';
import { loadArtifact } from '../chain/artifact';
import type { AnchorChain, ChainRecord, TokenTransfer } from '../ports';
import { ChainError, EvmChainReader, boundedChainCall, hashArg } from './evm-reader';

export { ChainError } from './evm-reader';

/** A claimed token is held by neither the service nor the claimant: it cannot be moved (issue #32). */
export class TokenNotHeldError extends ChainError {
  constructor(
    readonly tokenId: string,
    readonly holder: string,
  ) {
    super(`Token ${tokenId} is held by ${holder}, not by the service.`);
    this.name = 'TokenNotHeldError';
  }
}

export interface EvmChainOptions {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly contractAddress: string;
  /** The minter's private key, fetched when first needed. @default - read-only (mint and serviceAddress throw) */
  readonly minterKey?: () => Promise<string>;
  /** The contract's ABI. @default - the ABI of the compiled artifact (lambdas/chain/artifact.ts) */
  readonly abi?: InterfaceAbi;
  /** Bound on each RPC call and on the wait for a mint's receipt. @default 10000 */
  readonly timeoutMs?: number;
  /** How often to poll for a receipt that is not there yet. @default 1000 */
  readonly pollingIntervalMs?: number;
  /** Blocks to wait for after a mint. @default 1 */
  readonly confirmations?: number;
  /** The gas budget (issue #32): no transaction is sent while the network's fee per gas is higher;
   *  the job fails with a ChainError and retries later. @default - no cap */
  readonly maxFeePerGasWei?: bigint;
}

/** The network asks more per gas than the operator's budget: send later. */
export class GasBudgetError extends ChainError {
  constructor(fee: bigint, cap: bigint) {
    super(`The network's fee per gas (${fee} wei) is above the budget (${cap} wei); will retry later.`);
    this.name = 'GasBudgetError';
  }
}

/** Sends of one mint before giving up (each after checking the hash is still not minted). */
const MINT_ATTEMPTS = 3;

/** Two senders with one key took the same nonce: the loser's transaction is refused. */
export function isNonceClash(err: unknown): boolean {
  const e = err instanceof ChainError ? err.cause : err;
  if (isError(e, 'NONCE_EXPIRED') || isError(e, 'REPLACEMENT_UNDERPRICED')) return true;
  const text =
    e instanceof Error ? `${e.message} ${JSON.stringify((e as { error?: unknown }).error ?? '')}` : '';
  // ganache refuses a same-nonce transaction while it mines the first one with "transaction can't
  // be replaced, mining has already started", and after it with "the tx doesn't have the correct
  // nonce" (geth's "nonce too low").
  return /nonce too low|underpriced|already known|nonce has already been used|can't be replaced|mining has already started|doesn't have the correct nonce/i.test(
    text,
  );
}

export class EvmChain implements AnchorChain {
  readonly chainId: number;
  readonly contractAddress: string;
  private readonly reads: EvmChainReader;
  private readonly provider: JsonRpcProvider;
  private readonly host: string;
  private readonly timeoutMs: number;
  private readonly confirmations: number;
  private readonly minterKey: (() => Promise<string>) | undefined;
  private readonly maxFeePerGasWei: bigint | undefined;
  private writer: Contract | undefined;
  private minter: Promise<BaseWallet> | undefined;
  /** One send (a mint's broadcast, a transfer) at a time from this container, so that two never take
   *  the same nonce. */
  private readonly oneAtATime = sendQueue();
  /** This container's mints under way, by hash: a second mint of one hash joins the first. */
  private readonly minting = new Map<string, Promise<ChainRecord>>();

  constructor(options: EvmChainOptions) {
    this.reads = new EvmChainReader(options);
    this.chainId = this.reads.chainId;
    this.contractAddress = this.reads.contractAddress;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.confirmations = options.confirmations ?? 1;
    this.minterKey = options.minterKey;
    this.maxFeePerGasWei = options.maxFeePerGasWei;
    // Only the host in messages: hosted RPC URLs often carry an API key in their path.
    this.host = new URL(options.rpcUrl).host;
    this.provider = minterProvider(
      options.rpcUrl,
      options.chainId,
      this.timeoutMs,
      options.pollingIntervalMs,
    );
  }

  /** Stops the provider's timers (tests, the local cloud's shutdown). */
  destroy(): void {
    this.provider.destroy();
  }

  check(): Promise<void> {
    return this.reads.check();
  }

  async serviceAddress(): Promise<string> {
    return (await this.wallet()).address;
  }

  findByHash(sha256: string): Promise<ChainRecord | null> {
    return this.reads.findByHash(sha256);
  }

  /**
   * Mints the hash's token unless it is minted. Only the broadcast takes this container's turn (its
   * nonce); the receipts of mints sent one after another are awaited together, so the mints of an
   * anchor batch share blocks instead of waiting a block each (issue #33). A mint of a hash that this
   * container is already minting (a duplicate job in the same batch) waits for that one: it could not
   * see a transaction that is sent but not yet mined.
   */
  async mint(sha256: string, holder: string): Promise<ChainRecord> {
    const hash = hashArg(sha256);
    if (!isAddress(holder)) throw new ChainError(`The holder ${holder} is not an address.`);
    const running = this.minting.get(hash);
    if (running) return running;
    const run = sendUnlessDone(
      () => this.findByHash(sha256),
      () => this.sendMint(sha256, hash, getAddress(holder)),
      this.reads.interface,
      MINT_ATTEMPTS,
    ).finally(() => this.minting.delete(hash));
    this.minting.set(hash, run);
    return run;
  }

  async transferHeld(tokenId: string, to: string): Promise<TokenTransfer> {
    if (!isAddress(to)) throw new ChainError(`The wallet ${to} is not an address.`);
    const target = getAddress(to);
    return this.oneAtATime(async () => {
      const service = (await this.wallet()).address;
      for (let attempt = 1; ; attempt++) {
        // Read the chain first: a retry of a transfer that went through finds it done.
        const holder = await this.reads.ownerOf(tokenId);
        if (holder === target) {
          const found = await this.reads.findTransfer(tokenId, service, target);
          return { tokenId, to: target, transactionHash: found?.transactionHash ?? '' };
        }
        if (holder !== service) throw new TokenNotHeldError(tokenId, holder);
        await this.withinBudget();
        try {
          const contract = this.contract().connect(await this.wallet()) as Contract;
          const tx = await this.bounded(
            'safeTransferFrom',
            contract.getFunction('safeTransferFrom(address,address,uint256)').send(service, target, tokenId),
          );
          const receipt = await this.bounded(
            'the transfer receipt',
            tx.wait(this.confirmations, this.timeoutMs),
          );
          if (!receipt || receipt.status !== 1)
            throw new ChainError(`The transfer of token ${tokenId} failed.`);
          return { tokenId, to: target, transactionHash: receipt.hash };
        } catch (err) {
          // Another worker moved it (a revert: the service no longer owns it) or took our nonce: read
          // the chain again before giving up.
          const lostRace =
            isNonceClash(err) || isError(err instanceof ChainError ? err.cause : err, 'CALL_EXCEPTION');
          if (!lostRace || attempt >= MINT_ATTEMPTS) {
            if ((await this.reads.ownerOf(tokenId)) === target) continue;
            throw err;
          }
          await new Promise((r) => setTimeout(r, 100 * attempt));
        }
      }
    });
  }

  private async sendMint(sha256: string, hash: string, holder: string): Promise<ChainRecord> {
    const contract = this.contract().connect(await this.wallet()) as Contract;
    const tx = await this.oneAtATime(async () => {
      await this.withinBudget();
      return this.bounded('mint', contract.getFunction('mint').send(holder, hash));
    });
    const receipt = await this.bounded('the mint receipt', tx.wait(this.confirmations, this.timeoutMs));
    if (!receipt || receipt.status !== 1) throw new ChainError(`The mint of ${sha256} failed on chain.`);
    const event = receipt.logs
      .filter((l: Log) => l.address === this.contractAddress)
      .map((l: Log) => contract.interface.parseLog(l))
      .find((parsed) => parsed?.name === 'Anchored');
    if (!event) throw new ChainError(`The mint transaction ${receipt.hash} has no Anchored event.`);
    const block = await this.bounded('eth_getBlockByNumber', this.provider.getBlock(receipt.blockNumber));
    if (!block) throw new ChainError(`Block ${receipt.blockNumber} is unknown to ${this.host}.`);
    return this.reads.record(
      sha256,
      event.args[1] as bigint,
      event.args[2] as string,
      receipt.hash,
      receipt.blockNumber,
      block.timestamp,
    );
  }

  private withinBudget(): Promise<void> {
    return checkGasBudget(this.maxFeePerGasWei, () =>
      this.bounded('the fee data', this.provider.getFeeData()),
    );
  }

  private contract(): Contract {
    this.writer ??= new Contract(this.contractAddress, this.reads.interface, this.provider);
    return this.writer;
  }

  /** The minter's signer. BaseWallet, not Wallet: the same signing, without Wallet's keystore and
   *  mnemonic code (aes-js, scrypt, word lists: ~70 KB in the anchor bundle) that a raw key never uses. */
  private wallet(): Promise<BaseWallet> {
    if (!this.minterKey) {
      return Promise.reject(
        new ChainError('No minter key is configured (CHAIN_MINTER_KEY or CHAIN_MINTER_SECRET_ID).'),
      );
    }
    if (!this.minter) {
      // As Wallet does: a key may come without its 0x (CHAIN_MINTER_KEY accepts both).
      this.minter = this.minterKey().then((key) => minterWallet(key, this.provider));
      this.minter.catch(() => (this.minter = undefined));
    }
    return this.minter;
  }

  /** Bounds one call by the timeout and turns its failure into a ChainError naming the call. */
  private bounded<T>(what: string, call: Promise<T>): Promise<T> {
    return boundedChainCall(this.host, this.timeoutMs, what, () => call);
  }
}

/**
 * The contract's custom error in a failed call or transaction, if it can be decoded. ethers decodes
 * eth_call reverts itself; for eth_estimateGas (the first step of a send) ganache puts the revert
 * data in `error.data.result` and geth-style nodes in `error.data`, which ethers leaves undecoded.
 */
/** Runs each given send after the ones before it, so that two sends of one container never take the
 *  same nonce; a failed one does not stop the next (token mints, claims, Merkle roots). */
export function sendQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = last.then(work);
    last = run.catch(() => undefined);
    return run;
  };
}

/** Whether a failed send may have lost a race: another sender took the nonce, or did the work between
 *  our read and our transaction (AlreadyAnchored, or an on-chain revert, which carries no reason). */
export function lostRace(err: unknown, contract: Interface): boolean {
  const revert = revertOf(err, contract);
  return (
    isNonceClash(err) ||
    revert?.name === 'AlreadyAnchored' ||
    (!revert && isError(err instanceof ChainError ? err.cause : err, 'CALL_EXCEPTION'))
  );
}

/** Exactly once on a shared chain: read first (`find`), send, and after a lost race read again before
 *  trying once more; at most `attempts` sends. */
export async function sendUnlessDone<T>(
  find: () => Promise<T | null>,
  send: () => Promise<T>,
  contract: Interface,
  attempts: number,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const existing = await find();
    if (existing) return existing;
    try {
      return await send();
    } catch (err) {
      if (!lostRace(err, contract)) throw err;
      if (attempt >= attempts) {
        const found = await find();
        if (found) return found;
        throw err;
      }
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/** Refuses to send while the network's fee per gas is above the budget (when one is set). */
export async function checkGasBudget(
  cap: bigint | undefined,
  feeData: () => Promise<FeeData>,
): Promise<void> {
  if (cap === undefined) return;
  const fees = await feeData();
  const fee = fees.maxFeePerGas ?? fees.gasPrice;
  if (fee !== null && fee > cap) throw new GasBudgetError(fee, cap);
}

/** The minter's signer. BaseWallet, not Wallet: the same signing, without Wallet's keystore and
 *  mnemonic code that a raw key never uses. A key may come without its 0x, as Wallet accepts. */
export function minterWallet(key: string, provider: JsonRpcProvider): BaseWallet {
  return new BaseWallet(new SigningKey(key.startsWith('0x') ? key : `0x${key}`), provider);
}

/** The minter's provider (token mints, claims, Merkle roots): staticNetwork, no eth_chainId probing (and
 *  no endless retries) when the RPC is down; cacheTimeout -1, a read right after a send must see it. */
export function minterProvider(
  rpcUrl: string,
  chainId: number,
  timeoutMs: number,
  pollingIntervalMs = 1000,
): JsonRpcProvider {
  const request = new FetchRequest(rpcUrl);
  request.timeout = timeoutMs;
  return new JsonRpcProvider(request, Network.from(chainId), {
    staticNetwork: true,
    cacheTimeout: -1,
    batchMaxCount: 1,
    pollingInterval: pollingIntervalMs,
  });
}

export function revertOf(
  err: unknown,
  iface: Interface | undefined,
): { name: string; args: readonly unknown[] } | undefined {
  if (err instanceof ChainError) return revertOf(err.cause, iface);
  if (!isError(err, 'CALL_EXCEPTION')) return undefined;
  if (err.revert) return { name: err.revert.name, args: [...err.revert.args] };
  const nested = (err.info as { error?: { data?: unknown } } | undefined)?.error?.data;
  const candidates = [
    err.data,
    typeof nested === 'string' ? nested : (nested as { result?: unknown } | undefined)?.result,
  ];
  for (const data of candidates) {
    if (typeof data !== 'string' || !data.startsWith('0x') || data.length < 10 || !iface) continue;
    try {
      const parsed = iface.parseError(data);
      if (parsed) return { name: parsed.name, args: [...parsed.args] };
    } catch {
      // not one of this contract's errors
    }
  }
  return undefined;
}

/** The interface of the compiled contract, for code that decodes its events or errors. */
export function anchorInterface(abi: InterfaceAbi = loadArtifact().abi): Interface {
  return new Interface(abi);
}
