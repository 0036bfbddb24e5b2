// The chain adapters on a real bundle: built by AppFunction (minified ESM, the project's aliases), run
// in a fresh Node against a real chain, the read-only reader (lambdas/adapters/evm-reader.ts) finds
// what was minted, with the ABI read from the artifact copied beside the bundle, and EvmChain mints
// with its signer. And the functions that only read the chain (verify) carry none of ethers'
// provider, wallet or ENS code.
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { analyze } from '../../bench/analyze.js';
import { EvmChain } from '../../lambdas/adapters/evm-chain.js';
import { CHAIN_ARTIFACT_FILE, CHAIN_ARTIFACT_PATH } from '../../lambdas/chain/artifact.js';
import { AppFunction } from '../../lib/constructs/app-function.js';
import { startTestChain, type TestChain } from '../support/chain.js';
import { cleanup, testApp } from './support.js';

const ENTRY = fileURLToPath(new URL('./fixtures/bundle/chain-read.ts', import.meta.url));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let chain: TestChain;
let bundle: string;

beforeAll(async () => {
  chain = await startTestChain(); // compiles the artifact first when it is missing
  const app: App = testApp({ bundle: true });
  const stack = new Stack(app, 'ChainReaderTest');
  new AppFunction(stack, 'Fn', {
    entry: ENTRY,
    // As lib/function-assets.ts gives verify: the artifact beside the bundle.
    assets: {
      files: [{ source: CHAIN_ARTIFACT_PATH, target: `assets/${CHAIN_ARTIFACT_FILE}` }],
      environment: {},
    },
  });
  const outdir = app.synth().directory;
  const code = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0]!.Properties
    .Code;
  bundle = join(outdir, `asset.${(code.S3Key as string).replace(/\.zip$/, '')}`, 'index.mjs');
}, 120_000);

afterAll(async () => {
  cleanup();
  await chain?.stop();
});

async function invoke(
  event: { hashes: string[]; mint?: string },
  env: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const script = `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)}); console.log(JSON.stringify(await m.handler(${JSON.stringify(event)})));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH ?? '',
      TABLE_NAME: 't',
      DOCUMENTS_BUCKET: 'b',
      SEAL_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/seal',
      ANCHOR_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/anchor',
      NOTIFY_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/notify',
      BULK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/bulk',
      SCHEDULE_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/schedule',
      TSA_URLS: 'https://tsa.example/tsr',
      USER_POOL_ID: 'us-east-1_x',
      USER_POOL_CLIENT_ID: 'c',
      MAIL_FROM: 'no-reply@signseal.example',
      APP_URL: 'https://signseal.example',
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: '1337',
      CHAIN_CONTRACT_ADDRESS: chain.contractAddress,
      CHAIN_ARTIFACT: join(dirname(bundle), 'assets', CHAIN_ARTIFACT_FILE),
      CHAIN_TIMEOUT_MS: '5000',
      ...env,
    },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

test('the bundled reader finds what was minted, and nothing for a hash never minted', async () => {
  const minter = new EvmChain({
    rpcUrl: chain.rpcUrl,
    chainId: 1337,
    contractAddress: chain.contractAddress,
    abi: chain.artifact.abi,
    minterKey: async () => chain.minter.privateKey,
  });
  try {
    const hash = sha256(`bundle ${Date.now()}`);
    const minted = await minter.mint(hash, chain.stranger.address);

    const out = await invoke({ hashes: [hash, sha256(`never ${Date.now()}`)] });

    expect(out).toEqual({ ok: true, records: [minted, null] });
  } finally {
    minter.destroy();
  }
}, 60_000);

test('the bundled reader fails with a ChainError naming the call when the chain is another one', async () => {
  const out = await invoke({ hashes: [] }, { CHAIN_ID: '80002' });
  expect(out).toEqual({
    ok: false,
    name: 'ChainError',
    message: expect.stringMatching(/^The chain at 127\.0\.0\.1:\d+ has chain id 1337, not 80002\.$/),
  });
}, 60_000);

test('the bundled chain mints with a minter key given without its 0x, and the reader finds it', async () => {
  const hash = sha256(`bundle mint ${Date.now()}`);
  const key = { CHAIN_MINTER_KEY: chain.minter.privateKey.slice(2) };

  const out = await invoke({ hashes: [], mint: hash }, key);
  const read = await invoke({ hashes: [hash] });

  expect(out).toEqual({
    ok: true,
    minted: expect.objectContaining({ sha256: hash, holder: chain.minter.address, chainId: 1337 }),
  });
  expect(read).toEqual({ ok: true, records: [out.minted] });
}, 60_000);

test('verify carries no wallet, keystore, ENS, signing, S3 or SQS code', async () => {
  const { bytes, packages } = await analyze('lambdas/handlers/verify.ts');
  const names = packages.map(([name]) => name);
  for (const absent of [
    'aes-js',
    '@adraffy/ens-normalize',
    '@noble/curves',
    '@aws-sdk/client-s3',
    '@aws-sdk/client-sqs',
  ])
    expect(names).not.toContain(absent);
  expect(bytes).toBeLessThan(1_000_000);
}, 60_000);
