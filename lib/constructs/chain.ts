// The anchoring chain (architecture §9) as the functions see it: an RPC URL, a chain id, the deployed
// DocumentAnchor contract, and the minter's private key in a Secrets Manager secret that the operator
// creates (docs/deploy.md, Chain). Nothing here is provisioned: the contract is deployed with
// `npm run contract:deploy`, and the secret is referenced by name, never by value.
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { AnchorMode } from '../../shared/domain/anchoring.js';

export interface ChainProps {
  /** JSON-RPC endpoint (https). */
  readonly rpcUrl: string;
  readonly chainId: number;
  /** The deployed DocumentAnchor contract. */
  readonly contractAddress: string;
  /** Name of the Secrets Manager secret holding the minter's private key (hex, or JSON {"privateKey"}). */
  readonly minterSecretName: string;
  /** Display name of the chain. @default - "EVM chain" (lambdas/config.ts) */
  readonly name?: string;
  /** A block explorer's transaction URL holding {txHash}. @default - none */
  readonly explorerTxUrl?: string;
  /** Bound on each chain call, in ms. @default 10000 (lambdas/config.ts) */
  readonly timeoutMs?: number;
  /** The gas budget (issue #32): the highest fee per gas, in gwei, the minter pays; above it the
   *  anchor worker waits (the job retries later). @default - no cap */
  readonly maxFeeGwei?: number;
  /** Issue #33: 'token' (one ERC-721 per document) or 'merkle' (batches under one root on the
   *  MerkleAnchor contract; docs/anchoring.md). Only the anchor worker is told. @default 'token' */
  readonly anchorMode?: AnchorMode;
  /** The deployed MerkleAnchor contract; required by 'merkle', read by the verification. */
  readonly merkleContractAddress?: string;
  /** A Merkle batch closes at this many documents. @default 1000 (lambdas/config.ts) */
  readonly batchSize?: number;
  /** …or this many seconds after its oldest. @default 5 (lambdas/config.ts) */
  readonly batchAgeSeconds?: number;
  /** Issue #33: a public JSON-RPC URL of the same chain, for browsers: the verify page asks it itself
   *  whether a Merkle root is on chain. Published in /config.json and the CSP; no function gets it.
   *  @default - none (bin/settings.ts defaults it to rpcUrl in merkle mode when that is a bare origin) */
  readonly publicRpcUrl?: string;
}

export class Chain extends Construct {
  readonly minterSecret: ISecret;
  private readonly props: ChainProps;

  constructor(scope: Construct, id: string, props: ChainProps) {
    super(scope, id);
    this.props = props;
    this.minterSecret = Secret.fromSecretNameV2(this, 'MinterSecret', props.minterSecretName);
  }

  /** The variables every chain user needs (CHAIN_RPC_URL, CHAIN_ID, CHAIN_CONTRACT_ADDRESS, …). */
  get environment(): Record<string, string> {
    const p = this.props;
    return {
      CHAIN_RPC_URL: p.rpcUrl,
      CHAIN_ID: String(p.chainId),
      CHAIN_CONTRACT_ADDRESS: p.contractAddress,
      ...(p.name ? { CHAIN_NAME: p.name } : {}),
      ...(p.explorerTxUrl ? { CHAIN_EXPLORER_TX_URL: p.explorerTxUrl } : {}),
      ...(p.timeoutMs ? { CHAIN_TIMEOUT_MS: String(p.timeoutMs) } : {}),
      ...(p.merkleContractAddress ? { CHAIN_MERKLE_CONTRACT_ADDRESS: p.merkleContractAddress } : {}),
    };
  }

  /** Reads the chain (verification, health): the variables only, no key. */
  bindReader(fn: LambdaFunction): void {
    for (const [name, value] of Object.entries(this.environment)) fn.addEnvironment(name, value);
  }

  /** Mints (the anchor worker): the variables, CHAIN_MINTER_SECRET_ID and read access to the secret. */
  grantMinter(fn: LambdaFunction): void {
    this.bindReader(fn);
    fn.addEnvironment('CHAIN_MINTER_SECRET_ID', this.minterSecret.secretName);
    if (this.props.maxFeeGwei) fn.addEnvironment('CHAIN_MAX_FEE_GWEI', String(this.props.maxFeeGwei));
    // Issue #33: the anchoring mode, for the anchor worker only (the default spelled out).
    fn.addEnvironment('ANCHOR_MODE', this.props.anchorMode ?? 'token');
    if (this.props.anchorMode === 'merkle') {
      if (this.props.batchSize) fn.addEnvironment('ANCHOR_BATCH_SIZE', String(this.props.batchSize));
      if (this.props.batchAgeSeconds)
        fn.addEnvironment('ANCHOR_BATCH_AGE_SECONDS', String(this.props.batchAgeSeconds));
    }
    this.minterSecret.grantRead(fn);
  }
}
