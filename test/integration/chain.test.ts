// The local cloud's chain: ganache is up on its own port, DocumentAnchor is deployed, and the
// handlers' chain (lambdas/deps.ts getChain, built from the CHAIN_* variables the local cloud
// exports) anchors a hash once and finds it again.
import { randomBytes } from 'node:crypto';
import { JsonRpcProvider, Network } from 'ethers';
import { getChain, setChain } from '../../lambdas/deps';
import { api, env } from '../support/cloud-client';

afterAll(() => setChain(undefined));

describe('the local chain', () => {
  it('runs chain 1337 with DocumentAnchor deployed at the address the handlers are given', async () => {
    const chainId = Number(env('TEST_CHAIN_ID'));
    const provider = new JsonRpcProvider(env('TEST_CHAIN_RPC_URL'), Network.from(chainId), {
      staticNetwork: true,
    });
    try {
      expect(chainId).toBe(1337);
      expect(Number(await provider.send('eth_chainId', []))).toBe(1337);
      expect(await provider.getCode(env('TEST_CHAIN_CONTRACT'))).not.toBe('0x');
      expect(process.env.CHAIN_CONTRACT_ADDRESS).toBe(env('TEST_CHAIN_CONTRACT'));
    } finally {
      provider.destroy();
    }
  });

  it('is part of GET /api/health', async () => {
    const res = await api('/api/health');
    expect(res.body.checks.chain).toMatchObject({ ok: true });
  });

  it('anchors a hash once through the handlers chain, to the service address, and finds it again', async () => {
    const chain = getChain();
    const hash = randomBytes(32).toString('hex');
    const service = await chain.serviceAddress();

    const minted = await chain.mint(hash, service);
    const again = await chain.mint(hash, service);

    expect(minted).toMatchObject({
      sha256: hash,
      holder: service,
      chainId: 1337,
      contractAddress: env('TEST_CHAIN_CONTRACT'),
    });
    expect(again).toEqual(minted);
    expect(await chain.findByHash(hash)).toEqual(minted);
  });
});
