import type { ClaimDeps, WalletDeps } from './usecases/wallet';
import type { CountryCode } from 'libphonenumber-js';
import type { AccountDeps } from './usecases/account';
import type { ContractDeps } from './usecases/contract-access';
import type { DocumentDeps } from './usecases/document-access';
import type { OwnerSignsDeps } from './usecases/owner-signs';
import type { BrandDeps } from './usecases/brand';
import type { EmbedDeps } from './usecases/embedded-signing';
import type { SigningDeps } from './usecases/signer-link';
import type { HandoffDeps } from './usecases/video-handoff';
import type { VideoDeps } from './usecases/videos';
import type { BillingDeps } from './usecases/billing';
import { stripeClient } from './adapters/stripe-payments';
// Composition root: builds each adapter once from the configuration. Handlers and workers take
// what they need from here; use cases receive ports, never SDK clients.
//
// Each adapter has its own lazy getter (a plain function, so esbuild can drop it): a handler's
// bundle carries only the adapters, SDK clients and libraries its handler reaches. getDeps()
// reaches all of them; only the health check, the local cloud and tests call it. The sealing code
// (pdf-lib, fontkit, the CMS) is imported through lambdas/droppable, so that only the bundles that
// seal or certify carry it. See docs/performance.md (cold start) before adding an adapter to the
// narrower *Deps() functions.
import { chainConfig, ConfigError, getConfig } from './config';
import { cognito, documentClient, dynamo, s3, schedulerClient, ses, sesv2, sns, sqs } from './adapters/aws';
import { CognitoDirectory } from './adapters/cognito-directory';
import { pdfjsPageRenderer } from './adapters/page-renderer';
import { DynamoContractRepository } from './adapters/dynamo/contracts';
import { DynamoDocumentRepository } from './adapters/dynamo/documents';
import { DynamoRepository } from './adapters/dynamo/repository';
import { DynamoRateLimiter } from './adapters/dynamo/rate-limits';
import { DynamoTemplateStore } from './adapters/dynamo/templates';
import type { TemplateDeps } from './usecases/templates';
import { enforceLimits, limitTable, type Limits } from './usecases/limits';
import { DynamoVerificationCodes } from './adapters/dynamo/verification-codes';
import { setAccountStateReader } from './usecases/account-state';
import { setEntitlementRules, setTrialContracts } from './usecases/profile';
import { setJobFailureRecorder } from './core/worker';
import { DynamoJobFailures } from './adapters/dynamo/job-failures';
import { S3Storage } from './adapters/s3-storage';
import { SesAccountCheck } from './adapters/ses-account';
import { SesMailer } from './adapters/ses-mailer';
import { MailboxSms, SnsSms } from './adapters/sms';
import { DynamoBulkStore } from './adapters/dynamo/bulk';
import { DynamoScheduleStore, TableScheduler } from './adapters/dynamo/schedules';
import { EventBridgeScheduler } from './adapters/eventbridge-scheduler';
import { localClock, systemClock } from './core/clock';
import type { BulkDeps } from './usecases/bulk-send';
import { SqsJobQueue } from './adapters/sqs-queue';
import { SqsJobsConsole, waitingMessages, type JobsConsole } from './adapters/sqs-console';
import { SqsDeadLetterQueue } from './adapters/sqs-dead-letters';
import { DynamoAdminAuditTrail, type AdminAuditTrail } from './adapters/dynamo/admin-audit';
import { EvmChain } from './adapters/evm-chain';
import { EvmChainReader } from './adapters/evm-reader';
import { EvmMerkleAnchor } from './adapters/evm-merkle';
import { EvmMerkleReader } from './adapters/evm-merkle-reader';
import { DynamoMerkleBatches } from './adapters/dynamo/merkle-batches';
import { DynamoSealRepository } from './adapters/dynamo/sealing';
import { DynamoShortLinkStore } from './adapters/dynamo/short-links';
import type { OpenShortLinkDeps } from './usecases/short-links';
import { serviceSignerLoader } from './adapters/service-signer';
import { certificatePdf, renewArchiveTimestamp, sealPdf, timestampFacts } from './droppable/sealing';
import { createTrustServices } from './droppable/trust';
import type { SealingKey, ServiceSigner, TrustServices } from './sealing/types';
import type { AnchorDeps } from './usecases/anchoring';
import type { SealDeps } from './usecases/sealing';
import type { RenewalDeps } from './usecases/evidence-renewal';
import type { SweepDeps } from './usecases/sweep';
import type { VerifyDeps } from './usecases/verify';
import { minterKeyFromSecret } from './chain/minter-key';
import { DynamoCommentStore } from './adapters/dynamo/comments';
import type { CommentDeps } from './usecases/comments';
import { DynamoApiKeyStore } from './adapters/dynamo/api-keys';
import type { ApiKeyAuthDeps, ApiKeyDeps, OwnerState } from './usecases/api-keys';

import { DynamoWebhookStore } from './adapters/dynamo/webhooks';
import { HttpWebhookSender } from './adapters/webhook-sender';
import { messageHider } from './adapters/sqs-visibility';
import { queueWebhookEvent, setWebhookEmitter } from './usecases/webhook-events';
import type { WebhookDeps } from './usecases/webhooks';
import type { WebhookDeliveryDeps } from './usecases/webhook-delivery';
import { WEBHOOK_LIMITS } from '../shared/domain/webhooks';
import type {
  AnchorChain,
  ChainReader,
  MerkleRootReader,
  Clock,
  Scheduler,
  HealthCheckable,
  IdentityDirectory,
  JobQueue,
  Mailer,
  ObjectStorage,
  LargeObjects,
  SmsSender,
  BatchJobQueue,
} from './ports';

export interface Deps {
  readonly repo: DynamoRepository;
  readonly storage: ObjectStorage;
  readonly mailer: Mailer;
  readonly sms: SmsSender;
  readonly queue: JobQueue;
  readonly directory: IdentityDirectory;
}

/** The adapters built so far (or set by a test). */
let built: { -readonly [K in keyof Deps]?: Deps[K] } = {};

export function repository(): DynamoRepository {
  return (built.repo ??= new DynamoRepository(dynamo(), documentClient(), getConfig().TABLE_NAME));
}

// New accounts get the configured number of trial contracts (issue #18).
setTrialContracts(() => getConfig().TRIAL_CONTRACTS);
setEntitlementRules(() => ({
  personalSendsPerMonth: getConfig().PERSONAL_SENDS_PER_MONTH,
  standardSendsPerSeatPerMonth: getConfig().STANDARD_SENDS_PER_SEAT,
}));

// Every owner request asks whether its account is closed (lambdas/core/http.ts): from the user records.
setAccountStateReader((userId) => repository().getById(userId));

export function jobFailures(): DynamoJobFailures {
  return new DynamoJobFailures(documentClient(), getConfig().TABLE_NAME);
}

// The SQS workers note each failure's error code for the admin Jobs page (lambdas/core/worker.ts).
setJobFailureRecorder((failure) =>
  jobFailures().recordJobFailure({ ...failure, at: new Date().toISOString() }),
);

export function objectStorage(): ObjectStorage {
  return (built.storage ??= new S3Storage(s3(), getConfig().DOCUMENTS_BUCKET));
}

export function mailer(): Mailer {
  const c = getConfig();
  return (built.mailer ??= new SesMailer(ses(), c.MAIL_FROM, c.MAIL_REPLY_TO));
}

export function smsSender(): SmsSender {
  return (built.sms ??= getConfig().SMS_MODE === 'mailbox' ? new MailboxSms(mailer()) : new SnsSms(sns()));
}

export function identityDirectory(): IdentityDirectory {
  return (built.directory ??= new CognitoDirectory(cognito(), getConfig().USER_POOL_ID));
}

function queueUrls() {
  const c = getConfig();
  return {
    seal: c.SEAL_QUEUE_URL,
    anchor: c.ANCHOR_QUEUE_URL,
    notify: c.NOTIFY_QUEUE_URL,
    bulk: c.BULK_QUEUE_URL,
    schedule: c.SCHEDULE_QUEUE_URL,
    // Webhook deliveries (issue #31): unset, events are not queued (lambdas/usecases/webhook-events.ts).
    webhook: c.WEBHOOK_QUEUE_URL ?? '',
  };
}

export function jobQueue(): JobQueue {
  setWebhookEmitterOnce();
  return (built.queue ??= new SqsJobQueue(sqs(), queueUrls()));
}

let batchQueue: BatchJobQueue | undefined;

/** The queues, taking many jobs at once (bulk send). */
export function batchJobQueue(): BatchJobQueue {
  setWebhookEmitterOnce();
  return (batchQueue ??= new SqsJobQueue(sqs(), queueUrls()));
}

/** The admin Jobs page's view of the queues (issue #20); needs the <NAME>_DLQ_URL variables. */
export function jobsConsole(): JobsConsole {
  const c = getConfig();
  const dlq = (name: string, url: string | undefined): string => {
    if (!url) throw new ConfigError(name, 'is missing (the admin Jobs page needs it)');
    return url;
  };
  return new SqsJobsConsole(sqs(), queueUrls(), {
    seal: dlq('SEAL_DLQ_URL', c.SEAL_DLQ_URL),
    anchor: dlq('ANCHOR_DLQ_URL', c.ANCHOR_DLQ_URL),
    notify: dlq('NOTIFY_DLQ_URL', c.NOTIFY_DLQ_URL),
    bulk: dlq('BULK_DLQ_URL', c.BULK_DLQ_URL),
    schedule: dlq('SCHEDULE_DLQ_URL', c.SCHEDULE_DLQ_URL),
    webhook: dlq('WEBHOOK_DLQ_URL', c.WEBHOOK_DLQ_URL),
  });
}

/** Whether this runs deployed: a schedule group is configured (the CDK app gives every function
 *  one), or Lambda runs it. */
function deployed(): boolean {
  return Boolean(getConfig().SCHEDULE_GROUP || process.env.AWS_LAMBDA_FUNCTION_NAME);
}

/** The time scheduled work reads (issue #28): the system clock deployed; locally, the system clock
 *  plus the test clock's offset (lambdas/core/clock.ts, moved by the local test-clock endpoint). */
export function clock(): Clock {
  return deployed() ? systemClock : localClock;
}

let schedulerAdapter: Scheduler | undefined;

/**
 * Scheduled work (issue #28, architecture §20): EventBridge Scheduler where a schedule group is
 * configured (deployed: SCHEDULE_GROUP, SCHEDULE_QUEUE_ARN, SCHEDULE_ROLE_ARN), else the local
 * table's schedules, which the local cloud's loop fires on its clock.
 */
export function scheduler(): Scheduler {
  if (schedulerAdapter) return schedulerAdapter;
  const c = getConfig();
  if (c.SCHEDULE_GROUP) {
    const need = (value: string | undefined, variable: string): string => {
      if (!value) throw new ConfigError(variable, 'is missing (SCHEDULE_GROUP is set: scheduling needs it)');
      return value;
    };
    schedulerAdapter = new EventBridgeScheduler(schedulerClient(), {
      group: c.SCHEDULE_GROUP,
      queueArn: need(c.SCHEDULE_QUEUE_ARN, 'SCHEDULE_QUEUE_ARN'),
      roleArn: need(c.SCHEDULE_ROLE_ARN, 'SCHEDULE_ROLE_ARN'),
      queue: jobQueue(),
      clock: systemClock,
    });
  } else {
    schedulerAdapter = new TableScheduler(new DynamoScheduleStore(documentClient(), c.TABLE_NAME), clock());
  }
  return schedulerAdapter;
}

/** Tests replace the scheduler with a fake; undefined rebuilds it from the configuration. */
export function setScheduler(next: Scheduler | undefined): void {
  schedulerAdapter = next;
}

export function adminAuditTrail(): AdminAuditTrail {
  return new DynamoAdminAuditTrail(documentClient(), getConfig().TABLE_NAME);
}

/**
 * What GET /api/health checks for messaging: the SES account (may it send?), and SNS — or, where SMS
 * go to the local mailbox, the same SES account.
 */
export function messagingChecks(): { mail: HealthCheckable; sms: HealthCheckable } {
  const mail = new SesAccountCheck(sesv2());
  return { mail, sms: getConfig().SMS_MODE === 'mailbox' ? mail : new SnsSms(sns()) };
}

/** Every adapter (health check, local cloud, tests). */
export function getDeps(): Deps {
  return {
    repo: repository(),
    storage: objectStorage(),
    mailer: mailer(),
    sms: smsSender(),
    queue: jobQueue(),
    directory: identityDirectory(),
  };
}

/** Tests replace adapters with fakes; `undefined` rebuilds them (and the limits) from the configuration. */
export function setDeps(next: Deps | undefined): void {
  built = next ? { ...next } : {};
  rateLimits = undefined;
  schedulerAdapter = undefined;
}

let rateLimits: Limits | undefined;

/** The abuse limits (architecture §18): the counters in the table and the configured limits. */
export function limits(): Limits {
  return (rateLimits ??= {
    limiter: new DynamoRateLimiter(documentClient(), getConfig().TABLE_NAME),
    rules: limitTable(getConfig().RATE_LIMITS),
  });
}

let codeStore: DynamoVerificationCodes | undefined;

/** The pending verification codes: e-mail codes and the wallet's sign-in messages (one table item each). */
function verificationCodes(): DynamoVerificationCodes {
  return (codeStore ??= new DynamoVerificationCodes(documentClient(), getConfig().TABLE_NAME));
}

/** What the account use cases need. */
export function accountDeps(): AccountDeps {
  const c = getConfig();
  return {
    repo: repository(),
    seats: repository(),
    directory: identityDirectory(),
    minAge: c.MIN_AGE,
    englishPhoneCountry: c.DEFAULT_PHONE_COUNTRY as CountryCode,
    codes: verificationCodes(),
    links: repository(),
    queue: jobQueue(),
    appUrl: c.APP_URL,
    // Code mails (sign-up and My Info → Verify) count per address and per user (architecture §18);
    // per IP address, the WAF's sign-up rule limits them in AWS.
    limitCodeMail: ({ email, userId }) =>
      enforceLimits(limits(), [
        { rule: 'verificationCodesPerAddress', key: email },
        ...(userId ? [{ rule: 'verificationCodesPerUser' as const, key: userId }] : []),
      ]),
  };
}

let documentRepo: DynamoDocumentRepository | undefined;

/** Documents, recipients, tokens, history, signs and account-less signers (one table). */
function documents(): DynamoDocumentRepository {
  return (documentRepo ??= new DynamoDocumentRepository(documentClient(), getConfig().TABLE_NAME));
}

/** What the document use cases need (issue #4). */
/** Templates (issue #27): the documents' deps, the templates and the company seats (sharing). */
export function templateDeps(): TemplateDeps {
  return {
    ...documentDeps(),
    storage: objectStorage() as ObjectStorage & LargeObjects,
    templates: new DynamoTemplateStore(documentClient(), getConfig().TABLE_NAME),
    seats: repository(),
  };
}

/** Bulk send (issue #27 item 6): the templates' deps, the bulks' records and batch enqueueing. */
export function bulkDeps(): BulkDeps {
  return {
    ...templateDeps(),
    bulks: new DynamoBulkStore(documentClient(), getConfig().TABLE_NAME),
    bulkQueue: batchJobQueue(),
  };
}

export function documentDeps(): DocumentDeps {
  const c = getConfig();
  return {
    docs: documents(),
    users: repository(),
    signs: documents(),
    storage: objectStorage(),
    queue: jobQueue(),
    limits: limits(),
    maxUploadBytes: c.MAX_UPLOAD_BYTES,
    pdfBudgets: {
      maxPages: c.PDF_MAX_PAGES,
      maxInflatedBytes: c.PDF_MAX_INFLATED_MB * 1024 * 1024,
      maxParseMs: c.PDF_MAX_PARSE_MS,
    },
    englishPhoneCountry: c.DEFAULT_PHONE_COUNTRY as CountryCode,
    appUrl: c.APP_URL,
    shortLinks: shortLinks(),
    seats: repository(),
    entitlementRules: {
      personalSendsPerMonth: c.PERSONAL_SENDS_PER_MONTH,
      standardSendsPerSeatPerMonth: c.STANDARD_SENDS_PER_SEAT,
    },
    // Reminders and expiry (issue #28): scheduled here, on this clock.
    scheduler: scheduler(),
    clock: clock(),
    // Issue #33: images of an accepted upload's first pages (loaded on the first upload only).
    pageRenderer: pdfjsPageRenderer(),
  };
}

/** Plans and payments (issue #18): the Stripe SDK, the price ids, the user records, event ids. */
export function billingDeps(): BillingDeps {
  const c = getConfig();
  return {
    stripe: () => stripeClient(c),
    priceIds: c.STRIPE_PRICE_IDS,
    users: repository(),
    events: repository(),
    seats: repository(),
    queue: jobQueue(),
    appUrl: c.APP_URL,
    rules: {
      personalSendsPerMonth: c.PERSONAL_SENDS_PER_MONTH,
      standardSendsPerSeatPerMonth: c.STANDARD_SENDS_PER_SEAT,
    },
  };
}

let shortLinkStore: DynamoShortLinkStore | undefined;

/** The short links of SMS messages (issue #14). */
function shortLinks(): DynamoShortLinkStore {
  return (shortLinkStore ??= new DynamoShortLinkStore(documentClient(), getConfig().TABLE_NAME));
}

/** What opening a short link needs: the links, the document (a final PDF's key) and storage. */
export function shortLinkDeps(): OpenShortLinkDeps {
  return {
    shortLinks: shortLinks(),
    docs: documents(),
    storage: objectStorage(),
    appUrl: getConfig().APP_URL,
  };
}

/** What the owner's sign list needs (issue #4: the owner as a contractor). */
export function ownerSignsDeps(): OwnerSignsDeps {
  return { users: repository(), signs: documents(), storage: objectStorage(), limits: limits() };
}

/** Branding (issue #29 item 2): the user records, the company seats, the logos' storage. */
export function brandDeps(): BrandDeps {
  return { users: repository(), seats: repository(), storage: objectStorage(), limits: limits() };
}

/** Embedded signing (issue #31 item 4): the accounts' origins, the documents and the session tokens. */
export function embedDeps(): EmbedDeps {
  const c = getConfig();
  return {
    users: repository(),
    seats: repository(),
    docs: documents(),
    signers: documents(),
    limits: limits(),
    appUrl: c.APP_URL,
    allowLoopback: c.EMBED_ALLOW_LOOPBACK,
    clock: clock(),
  };
}

/** What the signer flow needs (issue #5): the document deps and the account-less signer records. */
export function signingDeps(): SigningDeps {
  return { ...documentDeps(), signers: documents(), markOpened };
}

/** Routing (issue #28): the signer flow's deps (with the scheduler and clock of documentDeps). */
export function routingDeps(): SigningDeps {
  return signingDeps();
}

/** What agreement videos need (issue #15): the documents, storage that streams, the limits. */
export function videoDeps(): VideoDeps {
  // A stored video is a webhook event (video.recorded), though storing one queues no job.
  setWebhookEmitterOnce();
  const c = getConfig();
  const storage = objectStorage();
  if (!('getStream' in storage && 'copy' in storage)) throw new Error('The storage cannot stream or copy');
  return {
    docs: documents(),
    storage: storage as ObjectStorage & LargeObjects,
    limits: limits(),
    video: {
      maxSeconds: c.VIDEO_MAX_SECONDS,
      graceSeconds: c.VIDEO_GRACE_SECONDS,
      maxBytes: c.VIDEO_MAX_BYTES,
    },
  };
}

/** The phone hand-off of the video step (issue #15): the video deps and the hand-off links. */
export function videoHandoffDeps(): HandoffDeps {
  return { ...videoDeps(), mobileTokens: documents() };
}

let chain: AnchorChain | undefined;

/** The anchoring chain (issue #6), built on first use: only the functions that anchor, verify or check
 *  health need CHAIN_* set. The minter key is fetched on the first mint, never for reads. */
export function getChain(): AnchorChain {
  if (chain) return chain;
  const c = getConfig();
  const cc = chainConfig(c);
  const key = cc.minterKey;
  chain = new EvmChain({
    rpcUrl: cc.rpcUrl,
    chainId: cc.chainId,
    contractAddress: cc.contractAddress,
    timeoutMs: cc.timeoutMs,
    ...(cc.maxFeeGwei ? { maxFeePerGasWei: BigInt(Math.round(cc.maxFeeGwei * 1e9)) } : {}),
    minterKey: !key
      ? undefined
      : key.kind === 'plain'
        ? () => Promise.resolve(key.key)
        : () => minterKeyFromSecret(key.secretId, c.AWS_REGION),
  });
  return chain;
}

let reader: ChainReader | undefined;

/** Reading the anchoring chain (verification, the health check): the chain itself when it was built
 *  (or set by a test), else a read-only reader — JSON-RPC over fetch with ethers' ABI coder, without
 *  ethers' provider and Wallet, so the bundles that only read do not carry them. */
export function chainReader(): ChainReader {
  if (chain) return chain;
  if (reader) return reader;
  const cc = chainConfig(getConfig());
  reader = new EvmChainReader({
    rpcUrl: cc.rpcUrl,
    chainId: cc.chainId,
    contractAddress: cc.contractAddress,
    timeoutMs: cc.timeoutMs,
  });
  return reader;
}

/** Whether this function is configured for the chain (GET /api/health checks it only then). */
export function hasChain(): boolean {
  return Boolean(getConfig().CHAIN_RPC_URL);
}

/** Tests replace the chain with a fake; undefined rebuilds it from the configuration. */
export function setChain(next: AnchorChain | undefined): void {
  if (chain instanceof EvmChain && chain !== next) chain.destroy();
  chain = next;
  reader = undefined;
}

let sealRepo: DynamoSealRepository | undefined;
function seals(): DynamoSealRepository {
  sealRepo ??= new DynamoSealRepository(documentClient(), getConfig().TABLE_NAME);
  return sealRepo;
}

let signer: (() => Promise<ServiceSigner | SealingKey>) | undefined;

/** The sealing key, loaded once per process (the seal job's PDF, the anchor job's certificate). */
function serviceSigner(): () => Promise<ServiceSigner | SealingKey> {
  const c = getConfig();
  signer ??= serviceSignerLoader({ file: c.SEAL_SIGNER_FILE, secretId: c.SEAL_SIGNER_SECRET_ID });
  return signer;
}

/** What the seal job needs (issue #6). */
export function sealDeps(): SealDeps {
  const base = documentDeps();
  const c = getConfig();
  return {
    docs: base.docs,
    signers: documents(),
    seals: seals(),
    users: base.users,
    storage: base.storage,
    queue: base.queue,
    serviceSigner: serviceSigner(),
    trust: trustServices,
    timestampFacts,
    renewBeforeDays: c.EVIDENCE_RENEW_BEFORE_DAYS,
    sealPdf,
    appUrl: c.APP_URL,
    shortLinks: shortLinks(),
  };
}

/** What an archive timestamp renewal needs (issue #30 item 3): the seal worker runs it. */
export function renewalDeps(): RenewalDeps {
  const base = documentDeps();
  return {
    docs: base.docs,
    seals: seals(),
    storage: base.storage,
    trust: trustServices,
    renewBeforeDays: getConfig().EVIDENCE_RENEW_BEFORE_DAYS,
    renewArchiveTimestamp,
  };
}

let merkleRoots: EvmMerkleAnchor | undefined;

/** The MerkleAnchor contract with the minter's key (issue #33, anchorMode 'merkle'). */
function merkleRootAnchor(): EvmMerkleAnchor {
  if (merkleRoots) return merkleRoots;
  const c = getConfig();
  const cc = chainConfig(c);
  if (!c.CHAIN_MERKLE_CONTRACT_ADDRESS)
    throw new ConfigError('CHAIN_MERKLE_CONTRACT_ADDRESS', "is missing (anchorMode 'merkle' needs it)");
  const key = cc.minterKey;
  if (!key) throw new ConfigError('CHAIN_MINTER_SECRET_ID', "is missing (anchorMode 'merkle' sends roots)");
  merkleRoots = new EvmMerkleAnchor({
    rpcUrl: cc.rpcUrl,
    chainId: cc.chainId,
    contractAddress: c.CHAIN_MERKLE_CONTRACT_ADDRESS,
    timeoutMs: cc.timeoutMs,
    ...(cc.maxFeeGwei ? { maxFeePerGasWei: BigInt(Math.round(cc.maxFeeGwei * 1e9)) } : {}),
    minterKey:
      key.kind === 'plain'
        ? () => Promise.resolve(key.key)
        : () => minterKeyFromSecret(key.secretId, c.AWS_REGION),
  });
  return merkleRoots;
}

let merkleReader: MerkleRootReader | undefined;

/** Reading the MerkleAnchor contract (verification of a document anchored in a batch); null when
 *  none is configured. */
export function merkleRootReader(): MerkleRootReader | null {
  const c = getConfig();
  if (!c.CHAIN_RPC_URL || !c.CHAIN_MERKLE_CONTRACT_ADDRESS) return null;
  if (merkleRoots) return merkleRoots;
  const cc = chainConfig(c);
  merkleReader ??= new EvmMerkleReader({
    rpcUrl: cc.rpcUrl,
    chainId: cc.chainId,
    contractAddress: c.CHAIN_MERKLE_CONTRACT_ADDRESS,
    timeoutMs: cc.timeoutMs,
  });
  return merkleReader;
}

/** Tests: forget the MerkleAnchor clients (a new configuration builds them again). */
export function resetMerkleClients(): void {
  merkleRoots?.destroy();
  merkleRoots = undefined;
  merkleReader = undefined;
}

/** What the anchor job needs (issue #6). */
export function anchorDeps(): AnchorDeps {
  const base = documentDeps();
  const c = getConfig();
  return {
    ...(c.ANCHOR_MODE === 'merkle'
      ? {
          merkle: {
            batches: new DynamoMerkleBatches(documentClient(), c.TABLE_NAME),
            roots: merkleRootAnchor,
            queue: base.queue,
            batchSize: c.ANCHOR_BATCH_SIZE,
            batchAgeSeconds: c.ANCHOR_BATCH_AGE_SECONDS,
          },
        }
      : {}),
    docs: base.docs,
    seals: seals(),
    users: base.users,
    storage: base.storage,
    queue: base.queue,
    chain: getChain,
    links: repository(),
    chainName: c.CHAIN_NAME,
    certificatePdf,
    serviceSigner: serviceSigner(),
    trust: trustServices,
    appUrl: c.APP_URL,
    shortLinks: shortLinks(),
  };
}

/** The owner's wallet (issue #32): Connect, Disconnect. */
export function walletDeps(): WalletDeps {
  const c = getConfig();
  return {
    repo: repository(),
    directory: identityDirectory(),
    links: repository(),
    codes: verificationCodes(),
    limits: limits(),
    appUrl: c.APP_URL,
    // Only the id: the message names the chain, and the claim's transfer is the anchor worker's.
    chainId: c.CHAIN_ID ?? null,
    clock: clock(),
  };
}

/** The claim of a held token (issue #32): queued to the anchor worker. */
export function claimDeps(): ClaimDeps {
  return { docs: documents(), users: repository(), seals: seals(), queue: jobQueue(), clock: clock() };
}

/** What the public verification needs (issue #6): no chain configured reads as 'unavailable'. Only
 *  the reads: no storage or queue client, and the chain through the read-only reader. */
export function verifyDeps(): VerifyDeps {
  return {
    docs: documents(),
    seals: seals(),
    users: repository(),
    chain: () => (hasChain() ? chainReader() : null),
    chainName: getConfig().CHAIN_NAME,
    merkle: merkleRootReader,
  };
}

/** What the sweep needs (issue #6). */
export function sweepDeps(): SweepDeps {
  const base = documentDeps();
  const c = getConfig();
  // The notify queue's dead letters (issue #36): re-queued by the sweep where it is given their URL.
  const notifyDeadLetters = c.NOTIFY_DLQ_URL
    ? new SqsDeadLetterQueue(sqs(), c.NOTIFY_QUEUE_URL, c.NOTIFY_DLQ_URL)
    : undefined;
  return {
    docs: base.docs,
    seals: seals(),
    queue: base.queue,
    ...(notifyDeadLetters ? { notifyDeadLetters } : {}),
    backlog: (queue) => waitingMessages(sqs(), queue === 'seal' ? c.SEAL_QUEUE_URL : c.ANCHOR_QUEUE_URL),
  };
}

/** What the admin console's reads and "seal again" need (issue #20). */
export function adminDeps() {
  return { docs: documents(), seals: seals(), queue: jobQueue(), audit: adminAuditTrail() };
}

/** The signer flow records when a contractor first opened their link (audit pages). */
export function markOpened(docuId: string, index: number, at: string): Promise<void> {
  return seals().markOpened(docuId, index, at);
}

let contractRepo: DynamoContractRepository | undefined;

/** What contract management needs (issue #7): the document deps and the list/delete queries. */
export function contractDeps(): ContractDeps {
  const base = documentDeps();
  contractRepo ??= new DynamoContractRepository(documentClient(), getConfig().TABLE_NAME);
  return { ...base, contracts: contractRepo };
}

/** Collaborative commenting (issue #29 item 3): the signer flow's deps (links, limits, queue, the
 *  company seats) and the comment items. */
export function commentDeps(): CommentDeps {
  return { ...signingDeps(), comments: new DynamoCommentStore(documentClient(), getConfig().TABLE_NAME) };
}

let trust: TrustServices | undefined;

/** The timestamp authorities and OCSP responders (issue #30): one per process, so its cache of OCSP
 *  answers serves every seal a warm worker makes. Built from TSA_URLS and TSA_TIMEOUT_MS. */
export function trustServices(): TrustServices {
  if (trust) return trust;
  const c = getConfig();
  if (!c.TSA_URLS) throw new ConfigError('TSA_URLS', 'is missing (sealing needs a timestamp authority)');
  trust = createTrustServices({ tsaUrls: c.TSA_URLS, timeoutMs: c.TSA_TIMEOUT_MS });
  return trust;
}

/** Tests replace the trust services; undefined rebuilds them from the configuration. */
export function setTrustServices(next: TrustServices | undefined): void {
  trust = next;
}

const apiKeyOwners = new Map<string, { until: number; owner: OwnerState }>();
let apiKeyStore: { table: string; store: DynamoApiKeyStore } | undefined;

function apiKeys(): DynamoApiKeyStore {
  const table = getConfig().TABLE_NAME;
  if (apiKeyStore?.table !== table)
    apiKeyStore = { table, store: new DynamoApiKeyStore(documentClient(), table) };
  return apiKeyStore.store;
}

/** API keys (issue #31 item 1): the key items, the owners' records and company seats, the limits,
 *  and the per-key rate; the owner cache lives as long as the container. Serves both the owner routes
 *  (ApiKeyDeps) and authenticateApiKey (ApiKeyAuthDeps). */
export function apiKeyDeps(): ApiKeyDeps & ApiKeyAuthDeps {
  return {
    keys: apiKeys(),
    users: repository(),
    seats: repository(),
    limits: limits(),
    ratePerMinute: getConfig().API_KEY_RATE_PER_MINUTE,
    ownerCache: apiKeyOwners,
  };
}

let webhookStoreAdapter: DynamoWebhookStore | undefined;

/** Webhook endpoints and their delivery log (issue #31 item 3). */
function webhookStore(): DynamoWebhookStore {
  return (webhookStoreAdapter ??= new DynamoWebhookStore(documentClient(), getConfig().TABLE_NAME));
}

/** POSTs behind the SSRF guard: public addresses only, loopback too where WEBHOOK_ALLOW_LOOPBACK=1
 *  (the local cloud sets it; the CDK app never does). */
function webhookSender(): HttpWebhookSender {
  const allowLoopback = getConfig().WEBHOOK_ALLOW_LOOPBACK === '1';
  return new HttpWebhookSender(
    { allowLoopback },
    WEBHOOK_LIMITS.requestTimeoutMs,
    WEBHOOK_LIMITS.maxResponseBytes,
  );
}

/** My Info → Webhooks' routes. */
export function webhookDeps(): WebhookDeps {
  return {
    users: repository(),
    webhooks: webhookStore(),
    sender: webhookSender(),
    queue: jobQueue(),
    limits: limits(),
  };
}

/** The webhook worker, for the message it handles (its receipt handle: its own backoff). */
export function webhookDeliveryDeps(receiptHandle: string): WebhookDeliveryDeps {
  const c = getConfig();
  const queueUrl = c.WEBHOOK_QUEUE_URL;
  if (!queueUrl) throw new ConfigError('WEBHOOK_QUEUE_URL', 'is missing (the webhook worker needs it)');
  return {
    webhooks: webhookStore(),
    sender: webhookSender(),
    retryAfter: messageHider(sqs(), queueUrl, receiptHandle),
    retryScale: c.WEBHOOK_RETRY_SCALE,
  };
}

// Every contract event goes to the account's webhook endpoints (lambdas/usecases/webhook-events.ts),
// where a webhook queue is configured. (A process without a configuration — a unit test of another
// use case — emits nothing.) Registered by the first job queue made, not when this module loads: every
// use case that emits also queues jobs, and a function that queues nothing (the notify worker) then
// carries neither the webhook store nor the SQS client (its bundle stays under 1 MB).
let webhookEmitterSet = false;
function setWebhookEmitterOnce(): void {
  if (webhookEmitterSet) return;
  webhookEmitterSet = true;
  setWebhookEmitter(async (ownerId, type, data) => {
    let queueUrl: string | undefined;
    try {
      queueUrl = getConfig().WEBHOOK_QUEUE_URL;
    } catch {
      return 0;
    }
    if (!queueUrl) return 0;
    return queueWebhookEvent({ webhooks: webhookStore(), queue: batchJobQueue() }, ownerId, type, data);
  });
}
