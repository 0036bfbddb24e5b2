// Starts the whole local cloud once per jest run (emulators on free ports, a fresh data folder, the
// SPA built if stale) and shares it with the integration and e2e projects through process.env.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startCloudProcess } from './spawn-cloud.mjs';

export default async function setup() {
  if (globalThis.__localCloud) return;
  const runDir = path.join(ROOT, '.test-cloud', `run-${process.pid}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const { child, info } = await startCloudProcess({
    dataDir: path.relative(ROOT, path.join(runDir, 'data')),
    logFile: path.join(runDir, 'local-cloud.log'),
    // Test accounts send many contracts (issue #18): the entitlement tests set their counts themselves.
    // The run's data folder is new and thrown away: DynamoDB Local keeps it in memory (decision 145).
    env: { TRIAL_CONTRACTS: '1000', LOCAL_DYNAMODB_IN_MEMORY: '1' },
  });
  Object.assign(process.env, info.handlerEnv, {
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    TEST_APP_URL: info.appUrl,
    TEST_MAILBOX_URL: info.mailboxUrl,
    TEST_STRIPE_URL: info.stripeUrl,
    TEST_COGNITO_ENDPOINT: info.endpoints.cognito,
    TEST_CHAIN_RPC_URL: info.chain.rpcUrl,
    TEST_CHAIN_ID: String(info.chain.chainId),
    TEST_CHAIN_CONTRACT: info.chain.contractAddress,
    // The local trust services (issue #30): openssl checks tokens and OCSP answers against these.
    TEST_OCSP_URL: info.trust.ocspUrl,
    TEST_TRUST_ROOT_FILE: info.trust.rootFile,
    TEST_TRUST_INTERMEDIATE_FILE: info.trust.intermediateFile,
    TEST_DLQ_URLS: JSON.stringify(info.resources.dlqUrls),
    TEST_DEMO_EMAIL: info.demoAccounts[0].email,
    TEST_DEMO_PASSWORD: info.demoAccounts[0].password,
    TEST_DEMO_NAME: info.demoAccounts[0].name,
    TEST_DEMO2_EMAIL: info.demoAccounts[1].email,
    TEST_DEMO2_PASSWORD: info.demoAccounts[1].password,
    TEST_DEMO2_NAME: info.demoAccounts[1].name,
    TEST_ADMIN_EMAIL: info.demoAccounts.find((a) => a.admin).email,
    TEST_ADMIN_PASSWORD: info.demoAccounts.find((a) => a.admin).password,
    TEST_RUN_DIR: runDir,
    // The local cloud's process: its listening sockets (and its children's) are checked (issue #36).
    TEST_CLOUD_PID: String(child.pid),
  });
  globalThis.__localCloud = { child, runDir };
}
