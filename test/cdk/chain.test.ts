// The anchoring chain in the deployed app: only the anchor worker can read the minter key; the
// health check reads the chain without it; the chain's context keys go together.
import { readSettings } from '../../bin/settings.js';
import { cleanup, composeTestApp, logicalIdOf, MAIL_FROM, testApp, resourcesOf } from './support.js';

afterAll(cleanup);

const CHAIN_CONTEXT = {
  chainRpcUrl: 'https://rpc.example-chain.org/v1/secret-api-key',
  chainId: '80002',
  chainContractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  chainMinterSecretName: 'signseal/test-minter',
  chainName: 'Polygon Amoy',
  chainExplorerTxUrl: 'https://amoy.polygonscan.com/tx/{txHash}',
};

describe('the chain in the composed app', () => {
  const composed = composeTestApp({ context: CHAIN_CONTEXT });
  const resources = resourcesOf(composed.app);
  const functions = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
  const variablesOf = (id: string) =>
    (resources[id]!.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
  const anchorId = logicalIdOf(composed.app.jobs.jobs.anchor.worker);
  const healthId = logicalIdOf(composed.app.api.functions.get('health')!);

  test('gives the anchor worker the RPC, chain id, contract and the minter secret name', () => {
    expect(variablesOf(anchorId)).toMatchObject({
      CHAIN_RPC_URL: CHAIN_CONTEXT.chainRpcUrl,
      CHAIN_ID: '80002',
      CHAIN_CONTRACT_ADDRESS: CHAIN_CONTEXT.chainContractAddress,
      CHAIN_MINTER_SECRET_ID: 'signseal/test-minter',
      CHAIN_NAME: 'Polygon Amoy',
      CHAIN_EXPLORER_TX_URL: CHAIN_CONTEXT.chainExplorerTxUrl,
    });
  });

  test('lets the anchor worker alone read the minter secret, and the two signing workers the sealing key', () => {
    const anchorRole = logicalIdOf(composed.app.jobs.jobs.anchor.worker.role!);
    const sealRole = logicalIdOf(composed.app.jobs.jobs.seal.worker.role!);
    const readers = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        JSON.stringify(r.Properties.PolicyDocument).includes('secretsmanager:GetSecretValue'),
    );
    const readerOf = (secret: string) =>
      readers.filter((r) => JSON.stringify(r.Properties.PolicyDocument).includes(secret));
    // Three secrets are read: the minter key, the sealing key and (the billing routes) Stripe's keys.
    expect(readers).toHaveLength(3);
    expect(readerOf(':secret:signseal/stripe-??????').map((r) => r.Properties.Roles)).toEqual([
      [{ Ref: logicalIdOf(composed.app.api.functions.get('billing')!.role!) }],
    ]);
    expect(readerOf(':secret:signseal/test-minter-??????').map((r) => r.Properties.Roles)).toEqual([
      [{ Ref: anchorRole }],
    ]);
    // The sealing key: the seal worker (sealed PDFs) and the anchor worker (certificate PDFs, issue #30).
    expect(
      readerOf(':secret:signseal/sealing-key-??????')
        .map((r) => JSON.stringify(r.Properties.Roles))
        .sort(),
    ).toEqual([JSON.stringify([{ Ref: anchorRole }]), JSON.stringify([{ Ref: sealRole }])].sort());
  });

  test('lets the health check read the chain without the minter secret, and no other function see it', () => {
    expect(variablesOf(healthId)).toMatchObject({
      CHAIN_RPC_URL: CHAIN_CONTEXT.chainRpcUrl,
      CHAIN_ID: '80002',
    });
    expect(variablesOf(healthId).CHAIN_MINTER_SECRET_ID).toBeUndefined();
    for (const [id] of functions) {
      // The verification page reads tokens live, without the minter secret either.
      if (id === anchorId || id === healthId) continue;
      if (id.startsWith('ApiVerifyHandler')) {
        expect(variablesOf(id).CHAIN_MINTER_SECRET_ID).toBeUndefined();
        continue;
      }
      expect({ id, chain: variablesOf(id)?.CHAIN_RPC_URL }).toEqual({ id, chain: undefined });
    }
  });

  test('gives the wallet routes the chain id for the sign-in message, and nothing to reach the chain (issue #32)', () => {
    const walletId = logicalIdOf(composed.app.api.functions.get('wallet')!);
    expect(variablesOf(walletId)).toMatchObject({ CHAIN_ID: '80002' });
    expect(variablesOf(walletId).CHAIN_RPC_URL).toBeUndefined();
    expect(variablesOf(walletId).CHAIN_MINTER_SECRET_ID).toBeUndefined();
  });
});

describe('the chain settings', () => {
  const settings = (context: Record<string, unknown>) =>
    readSettings(testApp({ context: { mailFrom: MAIL_FROM, ...context } }).node, {});

  test('read the four keys, with cdk.json placeholders by default', () => {
    expect(settings(CHAIN_CONTEXT).chain).toEqual({
      rpcUrl: CHAIN_CONTEXT.chainRpcUrl,
      chainId: 80002,
      contractAddress: CHAIN_CONTEXT.chainContractAddress,
      minterSecretName: 'signseal/test-minter',
      name: 'Polygon Amoy',
      explorerTxUrl: CHAIN_CONTEXT.chainExplorerTxUrl,
    });
    expect(settings({}).chain).toMatchObject({
      chainId: 80002,
      minterSecretName: 'signseal/chain-minter-key',
    });
  });

  test('read the gas budget (issue #32) and give it to the anchor worker alone', () => {
    expect(settings({ ...CHAIN_CONTEXT, chainMaxFeeGwei: '150' }).chain).toMatchObject({ maxFeeGwei: 150 });
    expect(settings(CHAIN_CONTEXT).chain?.maxFeeGwei).toBeUndefined();
    const budgeted = composeTestApp({ context: { ...CHAIN_CONTEXT, chainMaxFeeGwei: '150' } });
    const all = resourcesOf(budgeted.app);
    const anchor = logicalIdOf(budgeted.app.jobs.jobs.anchor.worker);
    const withBudget = Object.entries(all).filter(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' &&
        (r.Properties.Environment?.Variables as Record<string, unknown> | undefined)?.CHAIN_MAX_FEE_GWEI,
    );
    expect(withBudget.map(([id]) => id)).toEqual([anchor]);
    expect(all[anchor]!.Properties.Environment.Variables.CHAIN_MAX_FEE_GWEI).toBe('150');
  });

  test('leave the chain out when all four keys are emptied', () => {
    const none = { chainRpcUrl: '', chainId: '', chainContractAddress: '', chainMinterSecretName: '' };
    expect(settings(none).chain).toBeUndefined();
  });

  test.each<[string, Record<string, unknown>, RegExp]>([
    ['a key is missing', { chainMinterSecretName: '' }, /chainMinterSecretName missing/],
    ['the RPC is not https', { chainRpcUrl: 'http://rpc.example-chain.org' }, /chainRpcUrl must be an https/],
    ['the chain id is not a number', { chainId: 'amoy' }, /chainId "amoy"/],
    ['the contract is not an address', { chainContractAddress: '0x12' }, /chainContractAddress "0x12"/],
    [
      'the explorer URL lacks {txHash}',
      { chainExplorerTxUrl: 'https://amoy.polygonscan.com/tx/' },
      /\{txHash\}/,
    ],
    ['the gas budget is not a positive number', { chainMaxFeeGwei: '-3' }, /chainMaxFeeGwei "-3"/],
  ])('are refused in one line when %s', (_, context, message) => {
    expect(() => settings({ ...CHAIN_CONTEXT, ...context })).toThrow(message);
  });

  test('never echo the RPC URL, which may hold an API key', () => {
    let message = '';
    try {
      settings({ ...CHAIN_CONTEXT, chainRpcUrl: 'ftp://rpc.example-chain.org/secret-api-key' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/chainRpcUrl/);
    expect(message).not.toContain('secret-api-key');
  });
});
