// Issue #33: the anchoring mode. Token (one ERC-721 per document) is the default, as the spec says;
// 'merkle' reaches the anchor worker only, with the MerkleAnchor contract the verification reads too.
import { readFileSync } from 'node:fs';
import { readSettings } from '../../bin/settings.js';
import {
  cleanup,
  composeTestApp,
  configJsonFiles,
  logicalIdOf,
  MAIL_FROM,
  testApp,
  resourcesOf,
} from './support.js';

afterAll(cleanup);

const CHAIN_CONTEXT = {
  chainRpcUrl: 'https://rpc.example-chain.org/v1/secret-api-key',
  chainId: '80002',
  chainContractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  chainMinterSecretName: 'signseal/test-minter',
};
const MERKLE = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const PUBLIC_RPC = 'https://rpc-amoy.polygon.technology/';

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
      chainPublicRpcUrl: PUBLIC_RPC,
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
    expect(read({ anchorMode: 'merkle', chainPublicRpcUrl: PUBLIC_RPC })).toThrow(
      /chainMerkleContractAddress/,
    );
    expect(read({ anchorMode: 'batch' })).toThrow(/token or merkle/);
    expect(
      read({
        anchorMode: 'merkle',
        chainMerkleContractAddress: MERKLE,
        chainPublicRpcUrl: PUBLIC_RPC,
        anchorBatchSize: '1001',
      }),
    ).toThrow(/anchorBatchSize "1001" must be a whole number from 1 to 1000/);
  });
});

/** The synthesised /config.json and the SPA's connect-src for `context`. */
function browserSide(context: Record<string, string>) {
  const composed = composeTestApp({ context });
  const assembly = composed.root.synth();
  const found = configJsonFiles(assembly.directory);
  // A Fn::Join around the region's tokens: its text is enough to find connect-src's sources.
  const policy = JSON.stringify(
    Object.values(resourcesOf(composed.app)).find((r) => r.Type === 'AWS::CloudFront::ResponseHeadersPolicy')!
      .Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
      .ContentSecurityPolicy,
  );
  const env = JSON.stringify(
    Object.values(resourcesOf(composed.app))
      .filter((r) => r.Type === 'AWS::Lambda::Function')
      .map((r) => r.Properties.Environment?.Variables ?? {}),
  );
  return {
    config: JSON.parse(readFileSync(found[0]!, 'utf8')) as Record<string, unknown>,
    connectSrc: /connect-src ([^;]*)/.exec(policy)![1]!.split(' '),
    functionEnv: env,
  };
}

describe('the public RPC the verify page asks (issue #33 item 4)', () => {
  const MERKLE_CONTEXT = { ...CHAIN_CONTEXT, anchorMode: 'merkle', chainMerkleContractAddress: MERKLE };

  test('reaches /config.json and connect-src (its origin exactly), never a function', () => {
    const given = 'https://polygon-amoy.example-rpc.org/public?x=1';
    const side = browserSide({ ...MERKLE_CONTEXT, chainPublicRpcUrl: given });
    expect(side.config.chainPublicRpcUrl).toBe(given);
    expect(side.connectSrc).toContain('https://polygon-amoy.example-rpc.org');
    expect(side.connectSrc.filter((s) => s.includes('example-rpc'))).toEqual([
      'https://polygon-amoy.example-rpc.org',
    ]);
    // No function calls it (the embed page's handler gets the SPA's CSP, with the origin only).
    expect(side.functionEnv).not.toContain('example-rpc.org/public');
  });

  test('defaults to chainRpcUrl in merkle mode only when it is a bare origin (no path for a key)', () => {
    const side = browserSide({ ...MERKLE_CONTEXT, chainRpcUrl: 'https://rpc-amoy.polygon.technology' });
    expect(side.config.chainPublicRpcUrl).toBe('https://rpc-amoy.polygon.technology');
    expect(side.connectSrc).toContain('https://rpc-amoy.polygon.technology');
    // chainRpcUrl with a path (an API key) is never published: merkle mode then needs the setting.
    const read = (context: Record<string, string>) => () =>
      readSettings(testApp({ context: { mailFrom: MAIL_FROM, ...context } }).node, {});
    expect(read(MERKLE_CONTEXT)).toThrow(/anchorMode=merkle needs chainPublicRpcUrl/);
    expect(read({ ...MERKLE_CONTEXT, chainPublicRpcUrl: 'http://rpc.example.org' })).toThrow(
      /chainPublicRpcUrl .* must be an https:\/\/ URL/,
    );
    const noChain = { chainRpcUrl: '', chainId: '', chainContractAddress: '', chainMinterSecretName: '' };
    expect(read({ ...noChain, chainPublicRpcUrl: PUBLIC_RPC })).toThrow(/chainPublicRpcUrl needs the chain/);
  });

  test('leaves token mode as it was: nothing published unless given', () => {
    const side = browserSide({ ...CHAIN_CONTEXT, chainRpcUrl: 'https://rpc-amoy.polygon.technology' });
    expect(side.config.chainPublicRpcUrl).toBeUndefined();
    expect(side.connectSrc.join(' ')).not.toContain('polygon');
  });
});
