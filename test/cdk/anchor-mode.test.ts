// Issue #33: the anchoring mode. Token (one ERC-721 per document) is the default, as the spec says;
// 'merkle' reaches the anchor worker only, with the MerkleAnchor contract the verification reads too.
import { readSettings } from '../../bin/settings.js';
import { cleanup, composeTestApp, logicalIdOf, MAIL_FROM, testApp, resourcesOf } from './support.js';

afterAll(cleanup);

const CHAIN_CONTEXT = {
  chainRpcUrl: 'https://rpc.example-chain.org/v1/secret-api-key',
  chainId: '80002',
  chainContractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  chainMinterSecretName: 'signseal/test-minter',
};
const MERKLE = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

function modeOf(context: Record<string, string>) {
  const composed = composeTestApp({ context });
  const resources = resourcesOf(composed.app);
  const anchorId = logicalIdOf(composed.app.jobs.jobs.anchor.worker);
  const vars = (id: string) =>
    (resources[id]!.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
  const functions = Object.entries(resources)
    .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
    .map(([id]) => id);
  return {
    anchor: vars(anchorId),
    others: functions.filter((id) => id !== anchorId).map((id) => [id, vars(id)] as const),
  };
}

describe('the anchoring mode', () => {
  test('is token by default: the anchor worker is told so, and no function has a batch setting', () => {
    const { anchor, others } = modeOf(CHAIN_CONTEXT);
    expect(anchor.ANCHOR_MODE).toBe('token');
    expect(anchor.ANCHOR_BATCH_SIZE).toBeUndefined();
    expect(anchor.CHAIN_MERKLE_CONTRACT_ADDRESS).toBeUndefined();
    for (const [, v] of others) expect(v.ANCHOR_MODE).toBeUndefined();
  });

  test('merkle reaches the anchor worker only, with its batch; the verification reads the contract', () => {
    const { anchor, others } = modeOf({
      ...CHAIN_CONTEXT,
      anchorMode: 'merkle',
      chainMerkleContractAddress: MERKLE,
      anchorBatchSize: '500',
      anchorBatchAgeSeconds: '10',
    });
    expect(anchor).toMatchObject({
      ANCHOR_MODE: 'merkle',
      CHAIN_MERKLE_CONTRACT_ADDRESS: MERKLE,
      ANCHOR_BATCH_SIZE: '500',
      ANCHOR_BATCH_AGE_SECONDS: '10',
    });
    for (const [id, v] of others) {
      expect([id, v.ANCHOR_MODE, v.ANCHOR_BATCH_SIZE]).toEqual([id, undefined, undefined]);
    }
    const verify = others.find(([id]) => id.startsWith('ApiVerifyHandler'));
    expect(verify?.[1].CHAIN_MERKLE_CONTRACT_ADDRESS).toBe(MERKLE);
  });

  test('refuses merkle without its contract, an unknown mode and a batch over 1,000', () => {
    const read = (context: Record<string, string>) => () =>
      readSettings(testApp({ context: { mailFrom: MAIL_FROM, ...CHAIN_CONTEXT, ...context } }).node, {});
    expect(read({ anchorMode: 'merkle' })).toThrow(/chainMerkleContractAddress/);
    expect(read({ anchorMode: 'batch' })).toThrow(/token or merkle/);
    expect(
      read({ anchorMode: 'merkle', chainMerkleContractAddress: MERKLE, anchorBatchSize: '1001' }),
    ).toThrow(/anchorBatchSize "1001" must be a whole number from 1 to 1000/);
  });
});
