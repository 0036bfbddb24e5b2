// `npm run contract:deploy`: refuses an incomplete environment in words, and deploys to the chain
// it is pointed at (here an in-process ganache), printing what the operator needs.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Contract } from 'ethers';
import { deployEnvProblems } from '../../../../lambdas/chain/deploy';
import { startTestChain, type TestChain } from '../../../support/chain';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');

async function deployScript(env: Record<string, string>) {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  delete childEnv.NODE_OPTIONS;
  for (const name of ['CHAIN_RPC_URL', 'CHAIN_DEPLOYER_KEY', 'CHAIN_MINTER_ADDRESS', 'CHAIN_ID'])
    if (!(name in env)) delete childEnv[name];
  // Asynchronous on purpose: ganache answers from this process's event loop.
  return run(process.execPath, ['--import', 'tsx', 'lambdas/chain/deploy.ts'], {
    cwd: ROOT,
    env: childEnv,
    timeout: 60000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
}

describe('npm run contract:deploy', () => {
  it('names every missing or malformed variable', () => {
    expect(deployEnvProblems({})).toEqual([
      expect.stringMatching(/^CHAIN_RPC_URL is missing/),
      expect.stringMatching(/^CHAIN_DEPLOYER_KEY is missing/),
    ]);
    expect(
      deployEnvProblems({
        CHAIN_RPC_URL: 'rpc.example.org',
        CHAIN_DEPLOYER_KEY: 'secret',
        CHAIN_MINTER_ADDRESS: '0x12',
        CHAIN_ID: 'amoy',
      }),
    ).toHaveLength(4);
  });

  it('refuses to run without its variables, saying which', async () => {
    const res = await deployScript({});
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /cannot deploy[\s\S]*CHAIN_RPC_URL is missing[\s\S]*CHAIN_DEPLOYER_KEY is missing/,
    );
  });

  describe('against a chain', () => {
    let chain: TestChain;
    beforeAll(async () => {
      chain = await startTestChain();
    }, 60000);
    afterAll(() => chain?.stop());

    it('deploys, grants the minter role and prints the address, chain id and transaction', async () => {
      const res = await deployScript({
        CHAIN_RPC_URL: chain.rpcUrl,
        CHAIN_DEPLOYER_KEY: chain.admin.privateKey,
        CHAIN_MINTER_ADDRESS: chain.stranger.address,
        CHAIN_ID: '1337',
      });

      expect(res.code).toBe(0);
      const address = /Contract address: (0x[0-9a-fA-F]{40})/.exec(res.stdout)?.[1];
      expect(address).toBeDefined();
      expect(res.stdout).toMatch(/Chain id: +1337/);
      expect(res.stdout).toMatch(/Transaction: +0x[0-9a-f]{64}/);
      expect(await chain.provider.getCode(address!)).not.toBe('0x');
      const contract = new Contract(address!, chain.artifact.abi, chain.provider);
      const role = (await contract.getFunction('MINTER_ROLE').staticCall()) as string;
      expect(await contract.getFunction('hasRole').staticCall(role, chain.stranger.address)).toBe(true);
      expect(await contract.getFunction('hasRole').staticCall(role, chain.admin.address)).toBe(false);
    }, 60000);

    it('deploys nothing when the RPC serves another chain than CHAIN_ID', async () => {
      const nonce = await chain.provider.getTransactionCount(chain.admin.address);
      const res = await deployScript({
        CHAIN_RPC_URL: chain.rpcUrl,
        CHAIN_DEPLOYER_KEY: chain.admin.privateKey,
        CHAIN_ID: '1',
      });

      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/serves chain 1337, not CHAIN_ID=1: nothing deployed/);
      expect(await chain.provider.getTransactionCount(chain.admin.address)).toBe(nonce);
    }, 60000);
  });
});
