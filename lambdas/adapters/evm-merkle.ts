// Anchoring Merkle roots (issue #33) on the MerkleAnchor contract with ethers v6, the way EvmChain mints
// (evm-chain.ts): the chain is read before every send (rootOf), a send that loses a race (the root was
// anchored meanwhile: AlreadyAnchored; or another sender took the nonce) reads it again, and this
// container sends one transaction at a time. The gas budget (CHAIN_MAX_FEE_GWEI) holds here too.
import { BaseWallet, Contract, JsonRpcProvider, SigningKey, isError, type Log } from 'ethers';
import type { MerkleRootAnchor, MerkleRootRecord } from '../ports';
import { ChainError, boundedChainCall } from './evm-reader';
import { GasBudgetError, isNonceClash, minterProvider, revertOf } from './evm-chain';
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
  private sending: Promise<unknown> = Promise.resolve();

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
    const run = this.sending.then(async () => {
      for (let attempt = 1; ; attempt++) {
        const existing = await this.findRoot(root);
        if (existing) return existing;
        try {
          return await this.send(root);
        } catch (err) {
          const revert = revertOf(err, merkleInterface());
          const lostRace =
            isNonceClash(err) ||
            revert?.name === 'AlreadyAnchored' ||
            (!revert && isError(err instanceof ChainError ? err.cause : err, 'CALL_EXCEPTION'));
          if (!lostRace) throw err;
          if (attempt >= SEND_ATTEMPTS) {
            const found = await this.findRoot(root);
            if (found) return found;
            throw err;
          }
          await new Promise((r) => setTimeout(r, 100 * attempt));
        }
      }
    });
    this.sending = run.catch(() => undefined);
    return run;
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

  private async withinBudget(): Promise<void> {
    const cap = this.maxFeePerGasWei;
    if (cap === undefined) return;
    const fees = await this.bounded('the fee data', this.provider.getFeeData());
    const fee = fees.maxFeePerGas ?? fees.gasPrice;
    if (fee !== null && fee > cap) throw new GasBudgetError(fee, cap);
  }

  private signer(): Promise<BaseWallet> {
    if (!this.wallet) {
      this.wallet = this.minterKey().then(
        (key) => new BaseWallet(new SigningKey(key.startsWith('0x') ? key : `0x${key}`), this.provider),
      );
      this.wallet.catch(() => (this.wallet = undefined));
    }
    return this.wallet;
  }

  private bounded<T>(what: string, call: Promise<T>): Promise<T> {
    return boundedChainCall(this.host, this.timeoutMs, what, () => call);
  }
}
