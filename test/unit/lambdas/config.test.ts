import { ConfigError, chainConfig, explorerTxUrl, parseConfig } from '../../../lambdas/config';

const FULL_ENV = {
  TABLE_NAME: 'signseal',
  DOCUMENTS_BUCKET: 'signseal-documents',
  SEAL_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/seal',
  ANCHOR_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/anchor',
  NOTIFY_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/notify',
  BULK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/bulk',
  SCHEDULE_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/schedule',
  TSA_URLS: 'https://tsa.example/tsr, http://tsa2.example:8080/',
  USER_POOL_ID: 'us-east-1_abc',
  USER_POOL_CLIENT_ID: 'client-1',
  MAIL_FROM: 'SignSeal <no-reply@example.com>',
  APP_URL: 'https://app.example.com',
};

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('parseConfig accepted the environment');
}

describe('the server configuration', () => {
  it('accepts a complete environment and applies the defaults', () => {
    const config = parseConfig(FULL_ENV);

    expect(config).toMatchObject({
      TABLE_NAME: 'signseal',
      APP_URL: 'https://app.example.com',
      AWS_REGION: 'us-east-1',
      SMS_MODE: 'sns',
      MAX_UPLOAD_BYTES: 50_000_000,
      MIN_AGE: 18,
      S3_FORCE_PATH_STYLE: false,
      LOG_LEVEL: 'info',
    });
  });

  it('reads numbers and booleans from their string form', () => {
    const config = parseConfig({ ...FULL_ENV, MAX_UPLOAD_BYTES: '1024', S3_FORCE_PATH_STYLE: 'true' });

    expect(config.MAX_UPLOAD_BYTES).toBe(1024);
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
  });

  it('fails with one line naming a missing variable', () => {
    const err = configError({ ...FULL_ENV, TABLE_NAME: undefined });

    expect(err.variable).toBe('TABLE_NAME');
    expect(err.message).toBe('Configuration error: TABLE_NAME is missing');
  });

  it.each([
    ['APP_URL', 'not a url'],
    ['SMS_MODE', 'pigeon'],
    ['MAX_UPLOAD_BYTES', '-1'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
  ])('names %s as malformed when it is %j', (variable, value) => {
    const err = configError({ ...FULL_ENV, [variable]: value });

    expect(err.variable).toBe(variable);
    expect(err.message).toMatch(new RegExp(`^Configuration error: ${variable} is malformed \\(.+\\)$`));
  });
});

describe('the timestamp authorities (issue #30)', () => {
  it('lists TSA_URLS in order, trimmed, with a 10 s bound per round trip by default', () => {
    const config = parseConfig(FULL_ENV);

    expect(config.TSA_URLS).toEqual(['https://tsa.example/tsr', 'http://tsa2.example:8080/']);
    expect(config.TSA_TIMEOUT_MS).toBe(10000);
    expect(
      parseConfig({ ...FULL_ENV, TSA_URLS: ' http://127.0.0.1:4000/tsa ,', TSA_TIMEOUT_MS: '2500' }),
    ).toMatchObject({ TSA_URLS: ['http://127.0.0.1:4000/tsa'], TSA_TIMEOUT_MS: 2500 });
  });

  it('is optional for the functions that never seal (trustServices() requires it: trust.test.ts)', () => {
    expect(parseConfig({ ...FULL_ENV, TSA_URLS: undefined }).TSA_URLS).toBeUndefined();
  });

  it.each([
    ['', 'must list 1 to 4'],
    [' , ', 'must list 1 to 4'],
    [
      'https://a.example,https://b.example,https://c.example,https://d.example,https://e.example',
      'must list 1 to 4',
    ],
    ['ftp://tsa.example/', 'entry 1 is not an http(s) URL'],
    ['https://tsa.example, https://user:secret@tsa example/', 'entry 2 is not an http(s) URL'],
  ])('refuses TSA_URLS=%j without echoing it', (value, problem) => {
    const err = configError({ ...FULL_ENV, TSA_URLS: value });

    expect(err.variable).toBe('TSA_URLS');
    expect(err.message).toContain(problem);
    expect(err.message).not.toContain('secret');
  });

  it.each(['0', '-5', 'soon'])('refuses TSA_TIMEOUT_MS=%j', (value) => {
    expect(configError({ ...FULL_ENV, TSA_TIMEOUT_MS: value }).variable).toBe('TSA_TIMEOUT_MS');
  });
});

describe('the chain configuration', () => {
  const CHAIN_ENV = {
    ...FULL_ENV,
    CHAIN_RPC_URL: 'https://rpc.example-chain.org/v1/key',
    CHAIN_ID: '80002',
    CHAIN_CONTRACT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  };

  it('is optional for functions that never touch the chain', () => {
    expect(parseConfig(FULL_ENV).CHAIN_RPC_URL).toBeUndefined();
  });

  it('reads the RPC, chain id, contract and the minter secret, with a 10 s timeout by default', () => {
    const chain = chainConfig(parseConfig({ ...CHAIN_ENV, CHAIN_MINTER_SECRET_ID: 'signseal/minter' }));

    expect(chain).toEqual({
      rpcUrl: 'https://rpc.example-chain.org/v1/key',
      chainId: 80002,
      contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      minterKey: { kind: 'secret', secretId: 'signseal/minter' },
      name: 'EVM chain',
      explorerTxUrl: undefined,
      timeoutMs: 10000,
    });
  });

  it('prefers a plain minter key (the local cloud) and has none for read-only functions', () => {
    const key = '0x' + 'ab'.repeat(32);
    expect(chainConfig(parseConfig({ ...CHAIN_ENV, CHAIN_MINTER_KEY: key })).minterKey).toEqual({
      kind: 'plain',
      key,
    });
    expect(chainConfig(parseConfig(CHAIN_ENV)).minterKey).toBeUndefined();
  });

  it('names the first chain variable missing when the chain is used', () => {
    let err: unknown;
    try {
      chainConfig(parseConfig({ ...CHAIN_ENV, CHAIN_CONTRACT_ADDRESS: undefined }));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).variable).toBe('CHAIN_CONTRACT_ADDRESS');
  });

  it.each([
    ['CHAIN_CONTRACT_ADDRESS', '0x1234'],
    ['CHAIN_MINTER_KEY', 'not-a-key'],
    ['CHAIN_EXPLORER_TX_URL', 'https://explorer.example/tx/'],
    ['CHAIN_ID', 'mainnet'],
  ])('names %s as malformed when it is %j, without echoing it', (variable, value) => {
    const err = configError({ ...CHAIN_ENV, [variable]: value });

    expect(err.variable).toBe(variable);
    expect(err.message).not.toContain(value);
  });

  it('links a transaction to the configured explorer', () => {
    expect(explorerTxUrl('https://amoy.polygonscan.com/tx/{txHash}', '0xabc')).toBe(
      'https://amoy.polygonscan.com/tx/0xabc',
    );
    expect(explorerTxUrl(undefined, '0xabc')).toBeUndefined();
  });
});
