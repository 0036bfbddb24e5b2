// The local cloud (architecture §4, §10): emulators → provisioning → demo accounts → SPA build →
// one HTTP server for the SPA and the API → queue pollers. Used by `npm start` and by the tests.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseConfig, resetConfigCache } from '../lambdas/config';
import { startEmulators } from './emulators';
import { jobTimeScale, startPollers } from './pollers';
import { LOCAL_HOST, LocalCloudError, listenOn } from './ports';
import { provision, type Provisioned } from './provision';
import { seedDemoAccounts, seedDemoProfiles, type SeededAccount } from './seed';
import { getDeps, jobQueue, setChain, setDeps } from '../lambdas/deps';
import { documentClient, dynamo, ses, sesv2, sns, sqs } from '../lambdas/adapters/aws';
import { meterClient } from './meter';
import { DynamoScheduleStore } from '../lambdas/adapters/dynamo/schedules';
import { schedulerTickMs, startLocalScheduler } from './scheduler';
import { startLocalChain } from './chain';
import { startSweepTimer } from './sealing';
import { createLocalHandler, localContentSecurityPolicy } from './server';
import { startLocalStripe } from './stripe/server';
import { LOCAL_PRICE_IDS } from './stripe/catalogue';
import { startLocalTrust, type LocalTrust } from './trust/index';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const port = (def: number) => z.coerce.number().int().min(0).max(65535).default(def);

const localEnvSchema = z.object({
  PORT: port(3000),
  LOCAL_DYNAMODB_PORT: port(8000),
  LOCAL_S3_PORT: port(4569),
  LOCAL_SES_PORT: port(8005),
  LOCAL_COGNITO_PORT: port(9229),
  LOCAL_SQS_PORT: port(4566),
  LOCAL_CHAIN_PORT: port(8545),
  LOCAL_STRIPE_PORT: port(12111),
  /** The local trust services (issue #30): timestamp authorities (primary, fallback) and OCSP. */
  LOCAL_TSA_PORT: port(3318),
  LOCAL_TSA_FALLBACK_PORT: port(3319),
  LOCAL_OCSP_PORT: port(2560),
  /** Lifetime of the local TSA certificates, days (e.g. 0.002: a few minutes); 5 years by default. */
  LOCAL_TSA_CERT_DAYS: z.coerce.number().positive().finite().optional(),
  LOCAL_DATA_DIR: z.string().min(1).default('.local'),
  LOCAL_BUILD: z.enum(['auto', 'always', 'never']).default('auto'),
  /** How often the local sweep runs (the EventBridge schedule when deployed), seconds. */
  LOCAL_SWEEP_SECONDS: z.coerce.number().int().positive().default(30),
  /** The sweep re-queues seal/anchor work owed for longer than this (lambdas/config.ts). */
  SWEEP_MIN_AGE_SECONDS: z.coerce.number().int().positive().default(60),
  MAIL_FROM: z.string().min(3).default('SignSeal <no-reply@signseal.local>'),
  /** Embedded signing (issue #31): whether accounts may allow http://localhost parents (a test page
   *  on this machine). On by default here; 'false' behaves as deployed. */
  LOCAL_EMBED_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('true'),
  /** 'off': no queue pollers in this process; separate worker processes (local/worker-process.ts)
   *  poll the queues instead, as the burst bench runs them (bench/burst.ts). */
  LOCAL_POLLERS: z.enum(['on', 'off']).default('on'),
  /** Issue #33: how the anchor worker anchors ('token': one ERC-721 per hash, as deployed by default;
   *  'merkle': batches under one root on the MerkleAnchor contract), and a batch's size and age. */
  LOCAL_ANCHOR_MODE: z.enum(['token', 'merkle']).default('token'),
  LOCAL_ANCHOR_BATCH_SIZE: z.coerce.number().int().positive().optional(),
  LOCAL_ANCHOR_BATCH_AGE_SECONDS: z.coerce.number().int().positive().optional(),
});

export type LocalEnv = z.infer<typeof localEnvSchema>;

export function parseLocalEnv(env: Record<string, string | undefined>): LocalEnv {
  const result = localEnvSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0]);
  throw new LocalCloudError(`Configuration error: ${variable} is malformed (${issue.message}).`);
}

export interface LocalCloud {
  appUrl: string;
  mailboxUrl: string;
  endpoints: Record<'dynamodb' | 's3' | 'ses' | 'cognito' | 'sqs', string>;
  resources: Provisioned;
  /** The local Stripe-compatible server (issue #18): the API, hosted checkout and invoices. */
  stripeUrl: string;
  /** The local EVM chain and the DocumentAnchor contract deployed on it. */
  chain: { rpcUrl: string; chainId: number; contractAddress: string; deployedAt: string };
  /** The local CA, its OCSP responder and the two timestamp authorities (issue #30). */
  trust: LocalTrust;
  demoAccounts: readonly SeededAccount[];
  /** The environment the handlers run with (what a deployed Lambda gets from the CDK). */
  handlerEnv: Record<string, string>;
  dataDir: string;
  stop(): Promise<void>;
}

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the SPA with Vite when it is missing or older than its sources (mode 'auto'). */
export async function buildSpa(mode: LocalEnv['LOCAL_BUILD'], log: (line: string) => void): Promise<void> {
  const index = path.join(ROOT, 'web/dist/index.html');
  if (mode === 'never') return;
  if (mode === 'auto' && fs.existsSync(index)) {
    const built = fs.statSync(index).mtimeMs;
    if (newestMtime(path.join(ROOT, 'web')) <= built && newestMtime(path.join(ROOT, 'shared')) <= built)
      return;
  }
  log('Building the web app (vite)…');
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'web/vite.config.ts'), logLevel: 'warn' });
}

export async function startLocalCloud(
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = (l) => console.log(l),
): Promise<LocalCloud> {
  const cfg = parseLocalEnv(env);
  const host = LOCAL_HOST;
  const dataDir = path.resolve(ROOT, cfg.LOCAL_DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });

  // Every service binds its own port (0: a free one) and the port it holds is read back from its
  // socket and handed to the others (issue #35). The app's socket comes first: its URL goes into the
  // bucket's CORS rules, the Stripe webhooks and the handlers' APP_URL. It answers 503 until ready.
  const appServer = http.createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' });
    res.end('The local cloud is starting.');
  });
  const appPort = await listenOn(appServer, cfg.PORT, 'app', 'PORT', host);
  const appUrl = `http://${host}:${appPort}`;
  const closeApp = () =>
    new Promise<void>((resolve) => {
      appServer.closeAllConnections();
      appServer.close(() => resolve());
    });

  log('Starting the emulators (DynamoDB Local, s3rver, SES, Cognito, SQS/SNS)…');
  const emulators = await startEmulators(
    dataDir,
    {
      dynamodb: cfg.LOCAL_DYNAMODB_PORT,
      s3: cfg.LOCAL_S3_PORT,
      ses: cfg.LOCAL_SES_PORT,
      cognito: cfg.LOCAL_COGNITO_PORT,
      sqs: cfg.LOCAL_SQS_PORT,
    },
    host,
  ).catch(async (err: unknown) => {
    await closeApp();
    throw err;
  });
  const stops: (() => Promise<void>)[] = [closeApp, () => emulators.stop()];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };

  try {
    const { endpoints } = emulators;
    // The chain (compile when stale, ganache, deploy once) starts while the emulators are provisioned.
    const chainStarting = startLocalChain({ dataDir, port: cfg.LOCAL_CHAIN_PORT, host, log });
    stops.push(async () => (await chainStarting.catch(() => undefined))?.stop());
    // Stops the handlers' chain client (its polling timers) before the chain itself.
    stops.push(async () => setChain(undefined));
    // The CA, OCSP responder and timestamp authorities (keys made on first start) start alongside.
    const trustStarting = startLocalTrust({
      dataDir,
      host,
      ports: { tsa: cfg.LOCAL_TSA_PORT, tsaFallback: cfg.LOCAL_TSA_FALLBACK_PORT, ocsp: cfg.LOCAL_OCSP_PORT },
      tsaCertificateDays: cfg.LOCAL_TSA_CERT_DAYS,
      log,
    });
    stops.push(async () => (await trustStarting.catch(() => undefined))?.stop());
    const [resources, chain, trust] = await Promise.all([
      provision(endpoints, appUrl),
      chainStarting,
      trustStarting,
    ]);
    const demoAccounts = await seedDemoAccounts(endpoints.cognito, resources.userPoolId);
    // Payments (architecture §16): the real `stripe` SDK talks to this server; its webhooks go to the app.
    const stripe = await startLocalStripe({
      port: cfg.LOCAL_STRIPE_PORT,
      host,
      dataDir,
      webhookUrl: `${appUrl}/api/stripe/webhook`,
      log,
    });
    stops.push(() => stripe.stop());

    const handlerEnv: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER', // s3rver accepts only its own key; the other emulators accept any
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
      AWS_ENDPOINT_URL_S3: endpoints.s3,
      AWS_ENDPOINT_URL_SES: endpoints.ses,
      AWS_ENDPOINT_URL_SESV2: endpoints.ses,
      AWS_ENDPOINT_URL_SQS: endpoints.sqs,
      AWS_ENDPOINT_URL_SNS: endpoints.sqs,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      TABLE_NAME: resources.tableName,
      DOCUMENTS_BUCKET: resources.documentsBucket,
      SEAL_QUEUE_URL: resources.queueUrls.seal,
      ANCHOR_QUEUE_URL: resources.queueUrls.anchor,
      NOTIFY_QUEUE_URL: resources.queueUrls.notify,
      BULK_QUEUE_URL: resources.queueUrls.bulk,
      SCHEDULE_QUEUE_URL: resources.queueUrls.schedule,
      SEAL_DLQ_URL: resources.dlqUrls.seal,
      ANCHOR_DLQ_URL: resources.dlqUrls.anchor,
      NOTIFY_DLQ_URL: resources.dlqUrls.notify,
      BULK_DLQ_URL: resources.dlqUrls.bulk,
      SCHEDULE_DLQ_URL: resources.dlqUrls.schedule,
      // Webhooks (issue #31): local receivers listen on loopback over http, which only this
      // configuration allows; their retries wait the schedule on the local clock.
      WEBHOOK_QUEUE_URL: resources.queueUrls.webhook,
      WEBHOOK_DLQ_URL: resources.dlqUrls.webhook,
      WEBHOOK_ALLOW_LOOPBACK: '1',
      WEBHOOK_RETRY_SCALE: String(jobTimeScale(env)),
      USER_POOL_ID: resources.userPoolId,
      USER_POOL_CLIENT_ID: resources.userPoolClientId,
      MAIL_FROM: cfg.MAIL_FROM,
      APP_URL: appUrl,
      S3_FORCE_PATH_STYLE: 'true',
      SMS_MODE: 'mailbox',
      ...chain.env,
      ANCHOR_MODE: cfg.LOCAL_ANCHOR_MODE,
      ...(cfg.LOCAL_ANCHOR_BATCH_SIZE ? { ANCHOR_BATCH_SIZE: String(cfg.LOCAL_ANCHOR_BATCH_SIZE) } : {}),
      ...(cfg.LOCAL_ANCHOR_BATCH_AGE_SECONDS
        ? { ANCHOR_BATCH_AGE_SECONDS: String(cfg.LOCAL_ANCHOR_BATCH_AGE_SECONDS) }
        : {}),
      // The sealing key (KMS or Secrets Manager when deployed): made on first start, kept in the data
      // folder, its certificate issued by the local CA; the timestamp authorities, primary first.
      SEAL_SIGNER_FILE: trust.signerFile,
      TSA_URLS: trust.tsaUrls.join(','),
      SWEEP_MIN_AGE_SECONDS: String(cfg.SWEEP_MIN_AGE_SECONDS),
      // Embedded signing (issue #31): loopback parents by configuration, and the SPA's policy the
      // embedded page sends with its account's frame-ancestors (the local server's own, below).
      EMBED_ALLOW_LOOPBACK: cfg.LOCAL_EMBED_ALLOW_LOOPBACK,
      SPA_CONTENT_SECURITY_POLICY: localContentSecurityPolicy({
        cognito: endpoints.cognito,
        storage: endpoints.s3,
        chain: chain.rpcUrl,
      }),
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PRICE_IDS: LOCAL_PRICE_IDS,
    };
    Object.assign(process.env, handlerEnv);
    resetConfigCache();
    setDeps(undefined);
    setChain(undefined);
    parseConfig(process.env); // fail here, with the variable's name, rather than on the first request
    // LOCAL_METER=1 (bench/cost.ts): the handlers' SDK calls are counted (local/meter.ts).
    meterClient('dynamodb', dynamo());
    meterClient('sqs', sqs());
    meterClient('ses', ses());
    meterClient('ses', sesv2());
    meterClient('sns', sns());
    await seedDemoProfiles(getDeps().repo, demoAccounts);
    // What Cognito e-mails in AWS (verification codes), cognito-local only prints: mail it locally.
    emulators.onCognitoMessage(({ destination, code }) => {
      getDeps()
        .mailer.send({
          to: [destination],
          subject: 'Your SignSeal verification code',
          text: `Your verification code is ${code}`,
        })
        .catch((err: unknown) => log(`Could not deliver a verification code to the mailbox: ${String(err)}`));
    });

    await buildSpa(cfg.LOCAL_BUILD, log);

    const runtimeConfig = {
      region: 'us-east-1',
      userPoolId: resources.userPoolId,
      userPoolClientId: resources.userPoolClientId,
      cognitoEndpoint: endpoints.cognito,
      apiBase: '/api',
      minAge: Number(process.env.MIN_AGE ?? 18),
      defaultPhoneCountry: process.env.DEFAULT_PHONE_COUNTRY ?? 'US',
      mailboxUrl: endpoints.ses,
      // Issue #33: the verify page asks the chain itself whether a Merkle root is anchored. ganache
      // answers a browser's CORS preflight for any origin (docs/anchoring.md).
      chainPublicRpcUrl: chain.rpcUrl,
    };
    // Scheduled work (issue #28): the table's due schedules are fired on the local clock into the
    // schedule queue, as EventBridge Scheduler does in AWS; the test clock is served with the API.
    const scheduler = startLocalScheduler({
      store: new DynamoScheduleStore(documentClient(), resources.tableName),
      send: async (body) => {
        await jobQueue().enqueue('schedule', JSON.parse(body));
      },
      tickMs: schedulerTickMs(env),
      log,
    });
    stops.push(() => scheduler.stop());

    // The app's socket has been listening since the start: it now serves the SPA and the API.
    const handler = createLocalHandler({
      testClock: scheduler,
      port: appPort,
      host,
      webDist: path.join(ROOT, 'web/dist'),
      runtimeConfig,
      jwt: {
        issuer: `${endpoints.cognito}/${resources.userPoolId}`,
        audience: resources.userPoolClientId,
        jwksUrl: `${endpoints.cognito}/${resources.userPoolId}/.well-known/jwks.json`,
      },
    });
    appServer.removeAllListeners('request');
    appServer.on('request', handler);

    if (cfg.LOCAL_POLLERS === 'on') {
      const pollers = startPollers(endpoints.sqs, resources.queueUrls);
      stops.push(() => pollers.stop());
    }
    const sweepTimer = startSweepTimer(cfg.LOCAL_SWEEP_SECONDS, log);
    stops.push(() => sweepTimer.stop());

    return {
      appUrl,
      mailboxUrl: endpoints.ses,
      stripeUrl: stripe.url,
      endpoints,
      resources,
      chain: {
        rpcUrl: chain.rpcUrl,
        chainId: chain.chainId,
        contractAddress: chain.deployment.address,
        deployedAt: chain.deployment.deployedAt,
      },
      trust,
      demoAccounts,
      handlerEnv,
      dataDir,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
