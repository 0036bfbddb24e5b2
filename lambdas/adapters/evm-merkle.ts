// Anchoring Merkle roots (issue #33) on the MerkleAnchor contract with ethers v6, the way EvmChain mints
// (evm-chain.ts): the chain is read before every send (rootOf), a send that loses a race (the root was
// anchored meanwhile: AlreadyAnchored; or another sender took the nonce) reads it again, and this
// container sends one transaction at a time. The gas budget (CHAIN_MAX_FEE_GWEI) holds here too.
import { BaseWallet, Contract, JsonRpcProvider, type Log } from 'ethers';
import type { MerkleRootAnchor, MerkleRootRecord } from '../ports';
import { ChainError, boundedChainCall } from './evm-reader';
import { checkGasBudget, minterProvider, minterWallet, sendQueue, sendUnlessDone } from './evm-chain';
import { EvmMerkleReader, merkleInterface, type EvmMerkleReaderOptions } from './evm-merkle-reader';

export interface EvmMerkleAnchorOptions extends EvmMerkleReaderOptions {
  /** The anchoring key (the minter's), fetched when first needed. */
  readonly minterKey: () => Promise<string>;
  /** How often to poll for a receipt. @default 1000 */
  readonly pollingIntervalMs?: number;
  /** Blocks to wait for after a send. @default 1 */
  readonly confirmations?: number;
  /** The gas budget: no transaction while the network's fee per gas is higher. @default - no cap */
  readonly maxFeePerGasWei?: bigint;
}

/** Sends of one root before giving up (each after reading that it is still not anchored). */
const SEND_ATTEMPTS = 3;

export class EvmMerkleAnchor extends EvmMerkleReader implements MerkleRootAnchor {
  private readonly provider: JsonRpcProvider;
  private readonly confirmations: number;
  private readonly minterKey: () => Promise<string>;
  private readonly maxFeePerGasWei: bigint | undefined;
  private wallet: Promise<BaseWallet> | undefined;
  /** One root at a time from this container, as EvmChain mints. */
  private readonly oneAtATime = sendQueue();

  constructor(options: EvmMerkleAnchorOptions) {
    super(options);
    this.confirmations = options.confirmations ?? 1;
    this.minterKey = options.minterKey;
    this.maxFeePerGasWei = options.maxFeePerGasWei;
    this.provider = minterProvider(
      options.rpcUrl,
      options.chainId,
      this.timeoutMs,
      options.pollingIntervalMs,
    );
  }

  destroy(): void {
    this.provider.destroy();
  }

  anchorRoot(root: string): Promise<MerkleRootRecord> {
    return this.oneAtATime(() =>
      sendUnlessDone(
        () => this.findRoot(root),
        () => this.send(root),
        merkleInterface(),
        SEND_ATTEMPTS,
      ),
    );
  }

  private async send(root: string): Promise<MerkleRootRecord> {
    await this.withinBudget();
    const signer = await this.signer();
    const contract = new Contract(this.contractAddress, merkleInterface(), signer);
    const tx = await this.bounded('anchorRoot', contract.getFunction('anchorRoot').send(root));
    const receipt = await this.bounded('the anchorRoot receipt', tx.wait(this.confirmations, this.timeoutMs));
    if (!receipt || receipt.status !== 1) throw new ChainError(`The anchoring of root ${root} failed.`);
    const event = receipt.logs
      .filter((l: Log) => l.address === this.contractAddress)
      .map((l: Log) => merkleInterface().parseLog(l))
      .find((parsed) => parsed?.name === 'RootAnchored');
    if (!event) throw new ChainError(`The transaction ${receipt.hash} has no RootAnchored event.`);
    return this.record(root, receipt.hash, receipt.blockNumber, Number(event.args[1] as bigint));
  }

  private withinBudget(): Promise<void> {
    return checkGasBudget(this.maxFeePerGasWei, () =>
      this.bounded('the fee data', this.provider.getFeeData()),
    );
  }

  private signer(): Promise<BaseWallet> {
    if (!this.wallet) {
      this.wallet = this.minterKey().then((key) => minterWallet(key, this.provider));
      this.wallet.catch(() => (this.wallet = undefined));
    }
    return this.wallet;
  }

  private bounded<T>(what: string, call: Promise<T>): Promise<T> {
    return boundedChainCall(this.host, this.timeoutMs, what, () => call);
  }
}
