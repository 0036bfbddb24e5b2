// The DocumentAnchor contract on an in-process ganache chain: one token per hash, only the minter.
import { createHash } from 'node:crypto';
import { Contract, isError } from 'ethers';
import { revertOf } from '../../../../lambdas/adapters/evm-chain';
import { startTestChain, type TestChain } from '../../../support/chain';

let chain: TestChain;
let asMinter: Contract;
let asStranger: Contract;

const sha256 = (text: string) => '0x' + createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  chain = await startTestChain();
  const contract = new Contract(chain.contractAddress, chain.artifact.abi, chain.provider);
  asMinter = contract.connect(chain.minter) as Contract;
  asStranger = contract.connect(chain.stranger) as Contract;
}, 60000);

afterAll(() => chain?.stop());

describe('the DocumentAnchor contract', () => {
  it('mints a token for a hash and finds it by that hash, with its block time', async () => {
    const hash = sha256(`document ${Date.now()}`);
    expect(await asMinter.getFunction('tokenIdByHash').staticCall(hash)).toBe(0n);

    const tx = await asMinter.getFunction('mint').send(chain.stranger.address, hash);
    const receipt = await tx.wait();

    const tokenId = (await asMinter.getFunction('tokenIdByHash').staticCall(hash)) as bigint;
    expect(tokenId).toBeGreaterThanOrEqual(1n);
    expect(await asMinter.getFunction('ownerOf').staticCall(tokenId)).toBe(chain.stranger.address);
    expect(await asMinter.getFunction('hashOf').staticCall(tokenId)).toBe(hash);
    const block = await chain.provider.getBlock(receipt!.blockNumber);
    expect(await asMinter.getFunction('anchoredAt').staticCall(tokenId)).toBe(BigInt(block!.timestamp));
    const [anchoredHash, , blockNumber] = (await asMinter.getFunction('anchorOf').staticCall(tokenId)) as [
      string,
      bigint,
      bigint,
    ];
    expect([anchoredHash, blockNumber]).toEqual([hash, BigInt(receipt!.blockNumber)]);
  });

  it('emits Anchored with the hash, the token id and the holder as indexed topics', async () => {
    const hash = sha256(`event ${Date.now()}`);
    const receipt = await (await asMinter.getFunction('mint').send(chain.minter.address, hash)).wait();

    const logs = await chain.provider.getLogs({
      address: chain.contractAddress,
      topics: await asMinter.filters.Anchored!(hash).getTopicFilter(),
      fromBlock: receipt!.blockNumber,
      toBlock: receipt!.blockNumber,
    });
    expect(logs).toHaveLength(1);
    const event = asMinter.interface.parseLog(logs[0]!)!;
    expect(event.name).toBe('Anchored');
    expect(event.args[0]).toBe(hash);
    expect(event.args[1]).toBe(await asMinter.getFunction('tokenIdByHash').staticCall(hash));
    expect(event.args[2]).toBe(chain.minter.address);
  });

  it('refuses a second mint of the same hash with AlreadyAnchored naming the first token', async () => {
    const hash = sha256(`twice ${Date.now()}`);
    await (await asMinter.getFunction('mint').send(chain.minter.address, hash)).wait();
    const first = (await asMinter.getFunction('tokenIdByHash').staticCall(hash)) as bigint;

    const second = await asMinter
      .getFunction('mint')
      .send(chain.stranger.address, hash)
      .catch((e: unknown) => e);

    expect(isError(second, 'CALL_EXCEPTION')).toBe(true);
    expect(revertOf(second, asMinter.interface)).toEqual({ name: 'AlreadyAnchored', args: [hash, first] });
    expect(await asMinter.getFunction('ownerOf').staticCall(first)).toBe(chain.minter.address);
  });

  it('lets only the minter mint', async () => {
    const hash = sha256(`stranger ${Date.now()}`);

    const refused = await asStranger
      .getFunction('mint')
      .send(chain.stranger.address, hash)
      .catch((e: unknown) => e);

    expect(revertOf(refused, asMinter.interface)?.name).toBe('AccessControlUnauthorizedAccount');
    expect(await asMinter.getFunction('tokenIdByHash').staticCall(hash)).toBe(0n);
  });

  it('describes a token with data: JSON metadata holding its hash', async () => {
    const hash = sha256(`uri ${Date.now()}`);
    await (await asMinter.getFunction('mint').send(chain.minter.address, hash)).wait();
    const tokenId = (await asMinter.getFunction('tokenIdByHash').staticCall(hash)) as bigint;

    const uri = (await asMinter.getFunction('tokenURI').staticCall(tokenId)) as string;

    expect(uri.startsWith('data:application/json;base64,')).toBe(true);
    const json = JSON.parse(Buffer.from(uri.split(',')[1]!, 'base64').toString('utf8'));
    expect(json).toMatchObject({ name: `SignSeal anchor #${tokenId}`, sha256: hash });
  });
});
