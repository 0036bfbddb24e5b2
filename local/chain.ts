// The local EVM chain (architecture §9, §10): ganache on 127.0.0.1, chain id 1337, deterministic dev
// accounts, state kept under <dataDir>/chain so it survives restarts. DocumentAnchor is deployed once
// and recorded in <dataDir>/chain/deployment.json; on a restart the record is checked against the
// chain (code at the address) and the contract is redeployed only when the chain's state was wiped.
import fs from 'node:fs';
import path from 'node:path';
import { HDNodeWallet, JsonRpcProvider, Network, Wallet } from 'ethers';
import { MERKLE_CONTRACT_NAME } from '../lambdas/chain/artifact';
import { ensureArtifact } from '../lambdas/chain/compile';
import { deployDocumentAnchor } from '../lambdas/chain/deploy';
import { LocalCloudError } from './ports';

export const LOCAL_CHAIN_ID = 1337;
export const LOCAL_CHAIN_NAME = 'Local chain (ganache)';
/** ganache's `wallet.deterministic` mnemonic: the dev accounts are the same on every machine. */
export const LOCAL_CHAIN_MNEMONIC =
  'myth like bonus scare over problem client lizard pioneer submit female collect';

/** Dev accounts of the local chain: 0 deployer and admin, 1 minter; 2–9 are test wallets (issue #32)
 *  for Connect in a browser wallet or the browser journeys' injected wallet. All are funded. */
export const LOCAL_CHAIN_ACCOUNTS = 10;
/** The first test wallet's index (LOCAL_CHAIN_ACCOUNTS - 1 is the last). */
export const FIRST_TEST_WALLET = 2;

/** Dev account `index` of the local chain (0: deployer and admin, 1: minter). Never use on a real network. */
export function localAccount(index: number): HDNodeWallet {
  return HDNodeWallet.fromPhrase(LOCAL_CHAIN_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`);
}

export interface LocalDeployment {
  address: string;
  chainId: number;
  deployedAt: string;
  sourceHash: string;
  transactionHash: string;
  blockNumber: number;
  deployer: string;
  minter: string;
  /** Issue #33: the MerkleAnchor contract (anchorMode 'merkle'); deployed next to DocumentAnchor. */
  merkleAddress?: string;
  merkleSourceHash?: string;
}

export interface LocalChain {
  rpcUrl: string;
  chainId: number;
  deployment: LocalDeployment;
  /** True when this start deployed the contract (first start, or the chain's state was wiped). */
  deployed: boolean;
  /** The CHAIN_* variables the handlers run with. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

interface GanacheServer {
  listen(port: number, host: string): Promise<void>;
  close(): Promise<void>;
  address(): { port: number };
}

async function startGanache(dbPath: string, port: number, host: string): Promise<GanacheServer> {
  // ganache is a large CommonJS bundle: loaded only when the chain starts.
  const { default: ganache } = await import('ganache');
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: LOCAL_CHAIN_ID, networkId: LOCAL_CHAIN_ID },
    miner: { instamine: 'eager' },
    database: { dbPath },
    wallet: { deterministic: true, totalAccounts: LOCAL_CHAIN_ACCOUNTS },
    server: { ws: false },
  }) as unknown as GanacheServer;
  await server.listen(port, host);
  return server;
}

function readDeployment(file: string): LocalDeployment | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalDeployment;
  } catch {
    return undefined;
  }
}

export async function startLocalChain(options: {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  log?: (line: string) => void;
}): Promise<LocalChain> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((l: string) => console.log(l));
  const chainDir = path.join(options.dataDir, 'chain');
  const dbPath = path.join(chainDir, 'db');
  const deploymentFile = path.join(chainDir, 'deployment.json');
  fs.mkdirSync(dbPath, { recursive: true });

  const { artifact } = ensureArtifact({ log });

  let server: GanacheServer;
  try {
    server = await startGanache(dbPath, options.port, host);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new LocalCloudError(
        `Port ${options.port} (local chain) is busy. Set LOCAL_CHAIN_PORT=<another port> (0 picks a free one).`,
      );
    throw err;
  }
  const rpcUrl = `http://${host}:${server.address().port}`;
  const provider = new JsonRpcProvider(rpcUrl, Network.from(LOCAL_CHAIN_ID), {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  const stop = async () => {
    provider.destroy();
    await server.close();
  };

  try {
    const deployer = new Wallet(localAccount(0).privateKey, provider);
    const minter = localAccount(1);
    let deployment = readDeployment(deploymentFile);
    let deployed = false;
    const codeThere = deployment ? (await provider.getCode(deployment.address)) !== '0x' : false;
    if (deployment && codeThere) {
      if (deployment.sourceHash !== artifact.sourceHash) {
        log(
          `The local chain keeps DocumentAnchor at ${deployment.address}, deployed from an older source; ` +
            'documents anchored there still verify. `npm run reset` starts over with the new contract.',
        );
      }
    } else {
      if (deployment) {
        log(
          `The local chain's state was wiped (no contract at ${deployment.address}): deploying DocumentAnchor again. ` +
            'Documents anchored before cannot be verified on this chain.',
        );
      }
      const d = await deployDocumentAnchor(deployer, minter.address, artifact);
      deployment = {
        address: d.address,
        chainId: LOCAL_CHAIN_ID,
        deployedAt: new Date().toISOString(),
        sourceHash: artifact.sourceHash,
        transactionHash: d.transactionHash,
        blockNumber: d.blockNumber,
        deployer: d.admin,
        minter: d.minter,
      };
      fs.writeFileSync(deploymentFile, JSON.stringify(deployment, null, 2) + '\n');
      deployed = true;
      log(`Deployed DocumentAnchor to the local chain at ${deployment.address}.`);
    }
    // Issue #33: the Merkle root anchor, deployed once next to DocumentAnchor (also on a chain that
    // kept an older deployment record without it).
    const merkleThere = deployment.merkleAddress
      ? (await provider.getCode(deployment.merkleAddress)) !== '0x'
      : false;
    if (!merkleThere) {
      const { artifact: merkleArtifact } = ensureArtifact({ log, contract: MERKLE_CONTRACT_NAME });
      const m = await deployDocumentAnchor(deployer, minter.address, merkleArtifact);
      deployment = { ...deployment, merkleAddress: m.address, merkleSourceHash: merkleArtifact.sourceHash };
      fs.writeFileSync(deploymentFile, JSON.stringify(deployment, null, 2) + '\n');
      log(`Deployed ${MERKLE_CONTRACT_NAME} to the local chain at ${m.address}.`);
    }
    provider.destroy();
    return {
      rpcUrl,
      chainId: LOCAL_CHAIN_ID,
      deployment,
      deployed,
      env: {
        CHAIN_RPC_URL: rpcUrl,
        CHAIN_ID: String(LOCAL_CHAIN_ID),
        CHAIN_CONTRACT_ADDRESS: deployment.address,
        CHAIN_MERKLE_CONTRACT_ADDRESS: deployment.merkleAddress!,
        CHAIN_MINTER_KEY: minter.privateKey,
        CHAIN_NAME: LOCAL_CHAIN_NAME,
      },
      stop: () => server.close(),
    };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}
