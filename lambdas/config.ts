// Server configuration: parsed from the environment once, failing fast with one line that names the
// variable. Domain code never reads process.env; handlers and adapters call getConfig().
import * as z from 'zod';
import { isLimitRule, type LimitRule, type LimitRuleSpec } from './usecases/limits';
import { DEFAULT_API_KEY_RATE_PER_MINUTE } from '../shared/domain/api-keys';
import { ANCHOR_MODES, MERKLE_BATCH_AGE_SECONDS, MERKLE_BATCH_MAX } from '../shared/domain/anchoring';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const intFrom = (def: number) => z.coerce.number().int().positive().default(def);

/** Overrides of the abuse limits (lambdas/usecases/limits.ts DEFAULT_LIMITS):
 *  `rule=limit/windowSeconds` or `rule=limit`, comma-separated, e.g. `smsPerOwner=50/3600,resendInterval=1/120`. */
const rateLimits = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const out: Partial<Record<LimitRule, Partial<LimitRuleSpec>>> = {};
    for (const entry of text
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const m = /^([A-Za-z]+)=(\d+)(?:\/(\d+))?$/.exec(entry);
      if (!m || !isLimitRule(m[1]!) || Number(m[2]) < 1 || (m[3] !== undefined && Number(m[3]) < 1)) {
        ctx.addIssue({ code: 'custom', message: `bad entry '${entry}' (rule=limit[/windowSeconds])` });
        return z.NEVER;
      }
      out[m[1]] = { limit: Number(m[2]), ...(m[3] === undefined ? {} : { windowSeconds: Number(m[3]) }) };
    }
    return out;
  });

/** `TSA_URLS`: 1 to 4 http(s) URLs, comma-separated, trimmed. */
const tsaUrls = z.string().transform((text, ctx) => {
  const urls = text
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  // The entry's position, never its text: a URL may carry an authority's credentials.
  const bad = urls.findIndex((u) => !URL.canParse(u) || !/^https?:$/.test(new URL(u).protocol));
  if (bad >= 0 || urls.length < 1 || urls.length > 4) {
    ctx.addIssue({
      code: 'custom',
      message: bad >= 0 ? `entry ${bad + 1} is not an http(s) URL` : 'must list 1 to 4 http(s) URLs',
    });
    return z.NEVER;
  }
  return urls;
});

export const configSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  DOCUMENTS_BUCKET: z.string().min(1),
  SEAL_QUEUE_URL: z.url(),
  ANCHOR_QUEUE_URL: z.url(),
  NOTIFY_QUEUE_URL: z.url(),
  BULK_QUEUE_URL: z.url(),
  /** Scheduled work's queue (issue #28): what a due schedule delivers its job to. */
  SCHEDULE_QUEUE_URL: z.url(),
  /** The dead-letter queues: only the admin Jobs page's functions have them (issue #20). */
  SEAL_DLQ_URL: z.url().optional(),
  ANCHOR_DLQ_URL: z.url().optional(),
  NOTIFY_DLQ_URL: z.url().optional(),
  BULK_DLQ_URL: z.url().optional(),
  SCHEDULE_DLQ_URL: z.url().optional(),
  /** Webhook deliveries (issue #31 item 3): their queue and its dead-letter queue. Unset, no event is
   *  queued (a function that emits none). */
  WEBHOOK_QUEUE_URL: z.url().optional(),
  WEBHOOK_DLQ_URL: z.url().optional(),
  /** Local cloud only: webhook endpoints may be http and loopback (local receivers). Never deployed. */
  WEBHOOK_ALLOW_LOOPBACK: z.enum(['0', '1']).default('0'),
  /** Local cloud only: the factor on the webhook retry schedule (0 < x ≤ 1; 1 deployed). */
  WEBHOOK_RETRY_SCALE: z.coerce.number().gt(0).lte(1).default(1),
  /** Scheduled work in AWS (issue #28, architecture §20): the EventBridge Scheduler schedule group,
   *  the `schedule` queue's ARN (every schedule's target) and the role EventBridge Scheduler assumes
   *  to send to it. Set by the CDK app; unset, the Scheduler is the local table's (the local cloud). */
  SCHEDULE_GROUP: z
    .string()
    .regex(/^[0-9A-Za-z_.-]{1,64}$/, 'must be 1 to 64 of 0-9 A-Z a-z - _ .')
    .optional(),
  SCHEDULE_QUEUE_ARN: z
    .string()
    .regex(/^arn:[^:]+:sqs:/, 'must be an SQS queue ARN')
    .optional(),
  SCHEDULE_ROLE_ARN: z
    .string()
    .regex(/^arn:[^:]+:iam::/, 'must be an IAM role ARN')
    .optional(),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** Sender of every e-mail, e.g. "SignSeal <no-reply@example.com>". */
  MAIL_FROM: z.string().min(3),
  MAIL_REPLY_TO: z.string().min(3).optional(),
  /** Public base URL of the SPA, used in e-mailed links. */
  APP_URL: z.url(),
  /** Embedded signing (issue #31 item 4): whether http://localhost, 127.0.0.1 and [::1] origins may be
   *  allowed to frame signing sessions. Only the local cloud sets it; deployed, never. */
  EMBED_ALLOW_LOOPBACK: bool.default(false),
  /** The SPA's Content-Security-Policy (shared/web/csp.ts, as CloudFront or the local server sends
   *  it): the embedded signer page sends it with the account's frame-ancestors. Set on the embed
   *  function only. */
  SPA_CONTENT_SECURITY_POLICY: z.string().min(1).optional(),
  /** s3rver only understands path-style addressing. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** 'sns' publishes SMS through SNS; 'mailbox' writes them to the local mailbox (local cloud only). */
  SMS_MODE: z.enum(['sns', 'mailbox']).default('sns'),
  MAX_UPLOAD_BYTES: intFrom(50_000_000),
  /** Budgets of an uploaded PDF (lambdas/usecases/pdf-budget.ts, issue #13). */
  PDF_MAX_PAGES: intFrom(2000),
  PDF_MAX_INFLATED_MB: intFrom(256),
  PDF_MAX_PARSE_MS: intFrom(5000),
  /** Agreement videos (issue #15): the longest recording, the time after it to upload it, and the
   *  largest file accepted. A recording session's window is VIDEO_MAX_SECONDS + VIDEO_GRACE_SECONDS. */
  VIDEO_MAX_SECONDS: intFrom(60),
  VIDEO_GRACE_SECONDS: intFrom(300),
  VIDEO_MAX_BYTES: intFrom(50_000_000),
  MIN_AGE: intFrom(18),
  /** Country assumed for a phone number written without '+' on English pages (ISO 3166 alpha-2). */
  DEFAULT_PHONE_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('US'),
  /** The sealing key (issue #6): a JSON file locally, a Secrets Manager secret id when deployed. */
  SEAL_SIGNER_FILE: z.string().min(1).optional(),
  SEAL_SIGNER_SECRET_ID: z.string().min(1).optional(),
  /** The sweep re-queues seal/anchor work owed for longer than this, at most SWEEP_MAX_PER_RUN a run. */
  SWEEP_MIN_AGE_SECONDS: intFrom(300),
  SWEEP_MAX_PER_RUN: intFrom(25),
  /** Overrides of the abuse limits' defaults (architecture §18); empty: the defaults. */
  RATE_LIMITS: rateLimits,
  /** Requests one API key may make per minute (issue #31, lambdas/usecases/api-keys.ts). */
  API_KEY_RATE_PER_MINUTE: intFrom(DEFAULT_API_KEY_RATE_PER_MINUTE),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Payments (issue #18, architecture §16). Deployed: STRIPE_SECRET_ID names a Secrets Manager secret
   *  holding JSON {"secretKey", "webhookSecret"}. Locally: the keys in clear and the local
   *  Stripe-compatible server's URL. */
  STRIPE_SECRET_ID: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  /** `plan=priceId,…` for month_personal, month_standard, year_personal, year_standard, price_onetime. */
  STRIPE_PRICE_IDS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const out: Record<string, string> = {};
      for (const entry of text
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)) {
        const m = /^(month_personal|month_standard|year_personal|year_standard|price_onetime)=(\S+)$/.exec(
          entry,
        );
        if (!m) {
          ctx.addIssue({ code: 'custom', message: `bad entry '${entry}' (plan=priceId)` });
          return z.NEVER;
        }
        out[m[1]!] = m[2]!;
      }
      return out;
    }),
  /** Entitlements (issue #18, shared/domain/entitlements.ts): contracts of a new trial account, and
   *  the sends a month of the personal plan and of each standard seat. */
  TRIAL_CONTRACTS: z.coerce.number().int().nonnegative().default(5),
  PERSONAL_SENDS_PER_MONTH: intFrom(5),
  STANDARD_SENDS_PER_SEAT: intFrom(5),
  // The anchoring chain (architecture §9). Optional here, since most functions never touch it;
  // chainConfig() demands what the chain adapter needs, naming the missing variable.
  /** JSON-RPC endpoint of the EVM chain. */
  CHAIN_RPC_URL: z.url().optional(),
  CHAIN_ID: z.coerce.number().int().positive().optional(),
  /** The deployed DocumentAnchor contract. */
  CHAIN_CONTRACT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
    .optional(),
  /** The minter's private key in clear: the local cloud's dev key only. */
  CHAIN_MINTER_KEY: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a 32-byte hex private key')
    .optional(),
  /** AWS: the Secrets Manager secret (name or ARN) holding the minter's private key. */
  CHAIN_MINTER_SECRET_ID: z.string().min(1).optional(),
  /** Display name of the chain, e.g. "Local chain (ganache)" or "Polygon Amoy". */
  CHAIN_NAME: z.string().min(1).default('EVM chain'),
  /** A block explorer's transaction page with {txHash} in it, e.g. https://amoy.polygonscan.com/tx/{txHash}. */
  CHAIN_EXPLORER_TX_URL: z
    .string()
    .regex(/^https?:\/\/\S*\{txHash\}\S*$/, 'must be an http(s) URL holding {txHash}')
    .optional(),
  /** The gas budget (issue #32): the highest fee per gas, in gwei, the minter pays for a mint or a
   *  claim's transfer; when the network asks more, the anchor job fails and retries later. */
  CHAIN_MAX_FEE_GWEI: z.coerce.number().positive().optional(),
  /** Bound on every chain call (RPC request, receipt wait), so a chain that is down fails fast. */
  CHAIN_TIMEOUT_MS: intFrom(10_000),
  /** Issue #33: the MerkleAnchor contract (roots of batches of hashes); read by the verification and
   *  written by the anchor worker in ANCHOR_MODE 'merkle'. */
  CHAIN_MERKLE_CONTRACT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
    .optional(),
  /** Issue #33: how the anchor worker anchors: 'token' (one ERC-721 per hash, the default) or
   *  'merkle' (batches of hashes under one root, docs/anchoring.md). Only the anchor worker has it. */
  ANCHOR_MODE: z.enum(ANCHOR_MODES).default('token'),
  /** A Merkle batch closes at this many documents (at most MERKLE_BATCH_MAX)… */
  ANCHOR_BATCH_SIZE: z.coerce.number().int().positive().max(MERKLE_BATCH_MAX).default(MERKLE_BATCH_MAX),
  /** …or this many seconds after its oldest document, whichever comes first. */
  ANCHOR_BATCH_AGE_SECONDS: z.coerce.number().int().positive().default(MERKLE_BATCH_AGE_SECONDS),
  /** The RFC 3161 timestamp authorities (issue #30, architecture §22): comma-separated http(s) URLs, 1
   *  to 4, asked in order (primary, then fallbacks). Only the functions that seal have it (the seal and
   *  anchor workers, as CHAIN_* only where the chain is used); there it is required by
   *  lambdas/deps.ts trustServices(): without one a seal could only carry our own clock, which PAdES
   *  B-T and the product never accept, so the job fails with the variable's name instead. */
  TSA_URLS: tsaUrls.optional(),
  /** Bound on each timestamp or OCSP round trip (lambdas/adapters/trust.ts). */
  TSA_TIMEOUT_MS: intFrom(10_000),
  /** Renew a sealed file's archive timestamp this many days before its authority's certificate ends
   *  (at most halfway through the time left; issue #30 item 3). */
  EVIDENCE_RENEW_BEFORE_DAYS: intFrom(90),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment; throws ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'environment');
  const problem = env[variable] === undefined ? 'is missing' : `is malformed (${issue.message})`;
  throw new ConfigError(variable, problem);
}

/** What the chain adapter needs, checked: the RPC, the contract and where the minter key comes from. */
export interface ChainConfig {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly contractAddress: string;
  /** Where the minter's key comes from; undefined for functions that only read the chain (health). */
  readonly minterKey:
    | { readonly kind: 'plain'; readonly key: string }
    | { readonly kind: 'secret'; readonly secretId: string }
    | undefined;
  readonly name: string;
  readonly explorerTxUrl: string | undefined;
  readonly timeoutMs: number;
  /** The gas budget in gwei (CHAIN_MAX_FEE_GWEI); undefined: no cap. */
  readonly maxFeeGwei: number | undefined;
}

/** The chain settings of a parsed configuration; throws ConfigError naming the first missing one. */
export function chainConfig(c: Config): ChainConfig {
  const need = <T>(value: T | undefined, variable: string): T => {
    if (value === undefined) throw new ConfigError(variable, 'is missing (the anchoring chain needs it)');
    return value;
  };
  const rpcUrl = need(c.CHAIN_RPC_URL, 'CHAIN_RPC_URL');
  const chainId = need(c.CHAIN_ID, 'CHAIN_ID');
  const contractAddress = need(c.CHAIN_CONTRACT_ADDRESS, 'CHAIN_CONTRACT_ADDRESS');
  const minterKey: ChainConfig['minterKey'] = c.CHAIN_MINTER_KEY
    ? { kind: 'plain', key: c.CHAIN_MINTER_KEY }
    : c.CHAIN_MINTER_SECRET_ID
      ? { kind: 'secret', secretId: c.CHAIN_MINTER_SECRET_ID }
      : undefined;
  return {
    rpcUrl,
    chainId,
    contractAddress,
    minterKey,
    name: c.CHAIN_NAME,
    explorerTxUrl: c.CHAIN_EXPLORER_TX_URL,
    timeoutMs: c.CHAIN_TIMEOUT_MS,
    maxFeeGwei: c.CHAIN_MAX_FEE_GWEI,
  };
}

/** The explorer page of a transaction, when an explorer is configured. */
export function explorerTxUrl(template: string | undefined, txHash: string): string | undefined {
  return template?.replaceAll('{txHash}', txHash);
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** For tests and the local cloud, which change the environment between runs. */
export function resetConfigCache(): void {
  cached = undefined;
}
