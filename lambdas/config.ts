// Server configuration: parsed from the environment once, failing fast with one line that names the
// variable. Domain code never reads process.env; handlers and adapters call getConfig().
import { z } from 'zod';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const intFrom = (def: number) => z.coerce.number().int().positive().default(def);

export const configSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  DOCUMENTS_BUCKET: z.string().min(1),
  SEAL_QUEUE_URL: z.url(),
  ANCHOR_QUEUE_URL: z.url(),
  NOTIFY_QUEUE_URL: z.url(),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** Sender of every e-mail, e.g. "SignSeal <no-reply@example.com>". */
  MAIL_FROM: z.string().min(3),
  MAIL_REPLY_TO: z.string().min(3).optional(),
  /** Public base URL of the SPA, used in e-mailed links. */
  APP_URL: z.url(),
  /** s3rver only understands path-style addressing. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** 'sns' publishes SMS through SNS; 'mailbox' writes them to the local mailbox (local cloud only). */
  SMS_MODE: z.enum(['sns', 'mailbox']).default('sns'),
  MAX_UPLOAD_BYTES: intFrom(50_000_000),
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
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
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

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** For tests and the local cloud, which change the environment between runs. */
export function resetConfigCache(): void {
  cached = undefined;
}
