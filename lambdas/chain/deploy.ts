// `npm run contract:deploy`: deploys DocumentAnchor to the network the operator names, from env:
//   CHAIN_RPC_URL         JSON-RPC endpoint of the target network (required)
//   CHAIN_DEPLOYER_KEY    private key of a funded account; it becomes the contract's admin (required)
//   CHAIN_MINTER_ADDRESS  the account the anchor worker mints from (its key goes into the minter
//                         secret); granted MINTER_ROLE. Default: the deployer.
//   CHAIN_ID              optional: refuse to deploy when the RPC serves another chain
//   CHAIN_CONTRACT        optional: 'MerkleAnchor' deploys the Merkle root anchor of issue #33
//                         (anchorMode 'merkle'; the minter gets ANCHOR_ROLE). Default: DocumentAnchor.
// Prints the address, chain id and transaction hash, and the cdk context to deploy the app with.
import { pathToFileURL } from 'node:url';
import { ContractFactory, JsonRpcProvider, Wallet, getAddress, isAddress, type Signer } from 'ethers';
import type { ChainArtifact } from './artifact';
import { MERKLE_CONTRACT_NAME } from './artifact';
import { ensureArtifact } from './compile';

export interface Deployment {
  readonly address: string;
  readonly chainId: number;
  readonly transactionHash: string;
  readonly blockNumber: number;
  readonly admin: string;
  readonly minter: string;
}

/** Deploys the contract with `deployer` as admin and `minter` holding MINTER_ROLE (MerkleAnchor:
 *  ANCHOR_ROLE; both constructors take (admin, minter)); waits for the receipt. */
export async function deployDocumentAnchor(
  deployer: Signer,
  minter: string,
  artifact: ChainArtifact,
  options: { timeoutMs?: number } = {},
): Promise<Deployment> {
  const admin = await deployer.getAddress();
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, deployer);
  const contract = await factory.deploy(admin, getAddress(minter));
  const tx = contract.deploymentTransaction();
  if (!tx) throw new Error('The deployment sent no transaction.');
  const receipt = await tx.wait(1, options.timeoutMs ?? 300_000);
  if (!receipt || receipt.status !== 1 || !receipt.contractAddress) {
    throw new Error(`The deployment transaction ${tx.hash} failed.`);
  }
  return {
    address: getAddress(receipt.contractAddress),
    chainId: Number(tx.chainId),
    transactionHash: receipt.hash,
    blockNumber: receipt.blockNumber,
    admin,
    minter: getAddress(minter),
  };
}

/** Checks the environment; returns the problems in words (empty when it is complete). */
export function deployEnvProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (!env.CHAIN_RPC_URL) problems.push('CHAIN_RPC_URL is missing (the JSON-RPC URL of the target network).');
  else if (!/^(https?|wss?):\/\//.test(env.CHAIN_RPC_URL))
    problems.push('CHAIN_RPC_URL must be an http(s) or ws(s) URL.');
  if (!env.CHAIN_DEPLOYER_KEY)
    problems.push('CHAIN_DEPLOYER_KEY is missing (the private key of a funded account on that network).');
  else if (!/^(0x)?[0-9a-fA-F]{64}$/.test(env.CHAIN_DEPLOYER_KEY))
    problems.push('CHAIN_DEPLOYER_KEY must be a 32-byte hex private key.');
  if (env.CHAIN_MINTER_ADDRESS && !isAddress(env.CHAIN_MINTER_ADDRESS))
    problems.push('CHAIN_MINTER_ADDRESS must be a 0x-prefixed 20-byte address.');
  if (env.CHAIN_ID && !/^\d+$/.test(env.CHAIN_ID)) problems.push('CHAIN_ID must be a whole number.');
  if (env.CHAIN_CONTRACT && !['DocumentAnchor', MERKLE_CONTRACT_NAME].includes(env.CHAIN_CONTRACT))
    problems.push(`CHAIN_CONTRACT must be DocumentAnchor or ${MERKLE_CONTRACT_NAME}.`);
  return problems;
}

async function main(env: Record<string, string | undefined>): Promise<void> {
  const problems = deployEnvProblems(env);
  if (problems.length > 0) {
    console.error(['npm run contract:deploy: cannot deploy.', ...problems.map((p) => `  ${p}`)].join('\n'));
    process.exit(1);
  }
  // Polls for the receipt every second (ethers' default is 4 s).
  const provider = new JsonRpcProvider(env.CHAIN_RPC_URL!, undefined, { pollingInterval: 1000 });
  try {
    const network = await Promise.race([
      provider.getNetwork(),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`The RPC at ${new URL(env.CHAIN_RPC_URL!).host} did not answer in 15 s.`)),
          15_000,
        ),
      ),
    ]);
    const chainId = Number(network.chainId);
    if (env.CHAIN_ID && Number(env.CHAIN_ID) !== chainId) {
      throw new Error(`The RPC serves chain ${chainId}, not CHAIN_ID=${env.CHAIN_ID}: nothing deployed.`);
    }
    const merkle = env.CHAIN_CONTRACT === MERKLE_CONTRACT_NAME;
    const name = merkle ? MERKLE_CONTRACT_NAME : 'DocumentAnchor';
    const { artifact } = ensureArtifact({
      log: (l) => console.log(l),
      ...(merkle ? { contract: MERKLE_CONTRACT_NAME } : {}),
    });
    const deployer = new Wallet(env.CHAIN_DEPLOYER_KEY!, provider);
    const minter = env.CHAIN_MINTER_ADDRESS ?? deployer.address;
    console.log(`Deploying ${name} to chain ${chainId} from ${deployer.address} (minter ${minter})…`);
    const d = await deployDocumentAnchor(deployer, minter, artifact);
    console.log(
      [
        '',
        `  Contract address: ${d.address}`,
        `  Chain id:         ${d.chainId}`,
        `  Transaction:      ${d.transactionHash} (block ${d.blockNumber})`,
        `  Admin:            ${d.admin}`,
        `  Minter:           ${d.minter}`,
        '',
        'Deploy the app with:',
        merkle
          ? `  -c anchorMode=merkle -c chainMerkleContractAddress=${d.address} (with the chain's other keys)`
          : `  -c chainRpcUrl=<RPC URL> -c chainId=${d.chainId} -c chainContractAddress=${d.address} -c chainMinterSecretName=<secret holding the minter key>`,
        '',
      ].join('\n'),
    );
  } finally {
    provider.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.env).then(
    // An idle keep-alive connection to the RPC would hold the process open for many seconds.
    () => process.exit(0),
    (err: unknown) => {
      const e = err as { shortMessage?: string; message?: string };
      console.error(`npm run contract:deploy failed: ${e.shortMessage ?? e.message ?? String(err)}`);
      process.exit(1);
    },
  );
}
