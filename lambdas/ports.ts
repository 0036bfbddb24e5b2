// Ports: what use cases need from the outside world. Adapters in lambdas/adapters implement them
// against AWS (and, through the same SDK calls, against the local cloud's emulators).
import type { WorkerName } from '../shared/api/routes';

/** A dependency that GET /api/health reports on. */
export interface HealthCheckable {
  check(): Promise<void>;
}

export interface PresignedUpload {
  readonly url: string;
  readonly fields: Record<string, string>;
  readonly key: string;
  readonly expiresAt: string;
}

export interface StoredObjectInfo {
  readonly size: number;
  readonly contentType: string | undefined;
  /** The store's entity tag of the bytes (changes whenever they do). */
  readonly etag?: string;
}

export interface DownloadOptions {
  readonly expiresSeconds: number;
  readonly filename?: string;
  readonly contentType?: string;
  /** Served for playing in the page (`inline`), never as a download or a page of its own. */
  readonly inline?: boolean;
}

export interface ObjectStorage extends HealthCheckable {
  /** A browser POST straight to S3, limited to one key, a size range and a content type. */
  presignUpload(
    key: string,
    options: { contentType: string; maxBytes: number; expiresSeconds: number },
  ): Promise<PresignedUpload>;
  /** A short-lived GET. `filename` makes it a download (attachment); `contentType` and `inline`
   *  fix the type and disposition the store answers with, whatever the object was stored with. */
  presignDownload(key: string, options: DownloadOptions): Promise<string>;
  head(key: string): Promise<StoredObjectInfo | null>;
  getBytes(key: string): Promise<Uint8Array>;
  /** Stores the bytes; answers their entity tag where the store gives one. */
  put(key: string, body: Uint8Array | string, contentType: string): Promise<{ etag?: string }>;
  deleteMany(keys: readonly string[]): Promise<void>;
}

/** Large objects (videos): read as a stream of chunks, so a file is never held in memory, and
 *  copied by the store itself. */
export interface LargeObjects {
  /** The object's bytes in chunks; null when there is no such object. Stop iterating to stop reading. */
  getStream(key: string): Promise<AsyncIterable<Uint8Array> | null>;
  /** Copies `from` to `to` inside the store, only while `from` still has the entity tag `ifMatch`;
   *  answers the copy's entity tag (compare it: not every store honours the condition). With
   *  `contentType` the copy is stored with that type, not the one the source was posted with. */
  copy(
    from: string,
    to: string,
    options: { ifMatch?: string; contentType?: string },
  ): Promise<{ etag?: string }>;
}

export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

export interface OutgoingMail {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly replyTo?: string;
  readonly attachments?: readonly MailAttachment[];
}

/** Sends e-mail; its health is checked apart (lambdas/adapters/ses-account.ts). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

/** Sends SMS; the health check uses `smsCheck()` (lambdas/deps.ts). */
export interface SmsSender {
  /** `to` in E.164 form. */
  send(to: string, text: string): Promise<{ messageId: string }>;
}

export interface JobQueue extends HealthCheckable {
  enqueue(
    queue: WorkerName,
    job: unknown,
    options?: { delaySeconds?: number },
  ): Promise<{ messageId: string }>;
}

/** A queue that also takes many jobs at once (bulk send). */
export interface BatchJobQueue extends JobQueue {
  /** Many jobs of one queue (SQS batches of ten, a few batches at once); resolves when all are in.
   *  Throws if any could not be sent (the caller's jobs are idempotent, so sending again is safe). */
  enqueueMany(queue: WorkerName, jobs: readonly unknown[]): Promise<void>;
}

export interface IdentityProfile {
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string | undefined;
}

export type CreateUserResult =
  { ok: true; sub: string } | { ok: false; reason: 'emailTaken' | 'weakPassword' };

/** The user directory (Cognito), through its admin API only. */
export interface IdentityDirectory {
  /** Attributes a token may not carry. */
  getProfile(sub: string): Promise<IdentityProfile | null>;
  /** Whether a user signs in with this e-mail address (lower case). */
  emailExists(email: string): Promise<boolean>;
  /** A confirmed e-mail + password account whose address the product has just verified. */
  createUser(input: { email: string; password: string; name: string }): Promise<CreateUserResult>;
  /** Records in the directory that the user's address (this one) is verified. */
  markEmailVerified(sub: string, email: string): Promise<void>;
  /** The user can no longer sign in. */
  disableUser(sub: string): Promise<void>;
  /** Revokes the user's refresh and access tokens (ID tokens run until they expire). */
  signOutEverywhere(sub: string): Promise<void>;
}

/** An e-mail verification code the product sent: only a salted SHA-256 of it is kept. */
export interface VerificationCodeRecord {
  readonly codeId: string;
  readonly email: string;
  readonly salt: string;
  readonly codeHash: string;
  /** Wrong (or any) attempts counted so far. */
  readonly attempts: number;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
  readonly payload?: string;
  /** Epoch seconds (the table's TTL). */
  readonly ttl: number;
}

/** The pending verification codes (DynamoDB with TTL). */
export interface VerificationCodeStore {
  /** Stores a code, replacing any earlier one of the same id. */
  put(record: VerificationCodeRecord): Promise<void>;
  /** Counts one attempt unless `maxAttempts` were counted already; the record after counting, or null
   *  when there is none (or no attempt is left). */
  countAttempt(codeId: string, maxAttempts: number): Promise<VerificationCodeRecord | null>;
  /** Removes the code if it is still this one (`codeHash`): true for exactly one caller. */
  consume(codeId: string, codeHash: string): Promise<boolean>;
}

/** The on-chain record of a SHA-256: the ERC-721 token minted for it (architecture §9). */
export interface ChainRecord {
  readonly sha256: string;
  readonly tokenId: string;
  /** The token's holder (the owner's wallet, else the service's address). */
  readonly holder: string;
  readonly transactionHash: string;
  readonly blockNumber: number;
  /** The block's time, ISO 8601. */
  readonly anchoredAt: string;
  readonly chainId: number;
  readonly contractAddress: string;
}

/** Reading the anchoring contract (verification, health). Every call may throw when the RPC is down
 *  or times out. */
export interface ChainReader extends HealthCheckable {
  readonly chainId: number;
  readonly contractAddress: string;
  /** The record minted for this hash (64 lower-case hex characters), or null when none. */
  findByHash(sha256: string): Promise<ChainRecord | null>;
}

/** The anchoring contract on an EVM chain: reading it, and minting with the service's key. */
export interface AnchorChain extends ChainReader {
  /** The minter's (service's) address: the holder when the owner has no wallet. */
  serviceAddress(): Promise<string>;
  /** Mints one token for the hash to `holder` and waits for the receipt. Safe to retry: when the
   *  hash is already minted it returns the existing record instead of sending a transaction. */
  mint(sha256: string, holder: string): Promise<ChainRecord>;
  /**
   * Moves a token the service holds to `to` (issue #32), exactly once: the chain is read before
   * sending, and again after a failed send, so a retry or a racing worker never moves it twice.
   * Resolves with the transfer (found again when an earlier attempt sent it); rejects with
   * TokenNotHeldError when the token is held by someone else than the service and `to`.
   */
  transferHeld(tokenId: string, to: string): Promise<TokenTransfer>;
}

/** A Merkle root recorded on the MerkleAnchor contract (issue #33). */
export interface MerkleRootRecord {
  /** 0x, 32 bytes. */
  readonly root: string;
  readonly transactionHash: string;
  readonly blockNumber: number;
  /** The block's time, ISO 8601. */
  readonly anchoredAt: string;
  readonly chainId: number;
  readonly contractAddress: string;
}

/** Reading the MerkleAnchor contract (verification). Every call may throw when the RPC is down. */
export interface MerkleRootReader {
  readonly chainId: number;
  readonly contractAddress: string;
  /** The root's record, or null when it was never anchored. */
  findRoot(root: string): Promise<MerkleRootRecord | null>;
}

/** Anchoring Merkle roots with the service's key (the anchor worker in anchorMode 'merkle'). */
export interface MerkleRootAnchor extends MerkleRootReader {
  /** Anchors the root and waits for the receipt. Exactly once: the chain is read before each send
   *  and after a failed one, so a retry or a racing worker finds the root anchored instead. */
  anchorRoot(root: string): Promise<MerkleRootRecord>;
}

/** A held token's move to its owner's wallet (issue #32). */
export interface TokenTransfer {
  readonly tokenId: string;
  readonly to: string;
  /** Empty when the token had moved by an earlier attempt whose event is out of reach. */
  readonly transactionHash: string;
}

/** A rate counter (lambdas/usecases/limits.ts): how many were counted in the window that ends at
 *  `windowEnd` (epoch milliseconds). */
export interface RateCounter {
  readonly count: number;
  readonly windowEnd: number;
}

/** One counter's new state, conditional on the state read (`null`: the counter did not exist). */
export interface RateCounterWrite {
  readonly id: string;
  readonly expected: RateCounter | null;
  readonly next: RateCounter;
}

/** The store of the abuse limits' counters (architecture §18); the window logic is the use case's. */
export interface RateLimiter {
  /** The counters that exist (strongly consistent), by id. */
  read(ids: readonly string[]): Promise<Map<string, RateCounter>>;
  /** Writes all or none; false when a counter is no longer as it was read (a concurrent call). Each
   *  counter expires (TTL) when its window ends. */
  write(writes: readonly RateCounterWrite[]): Promise<boolean>;
}

/**
 * Scheduled work (issue #28, architecture §20): reminders and expiry, later archive timestamps. One
 * exact one-time schedule per pending item, named by its use case so that scheduling again replaces
 * it (idempotent on name) and cancelling a missing one is no error. When due, the job (./jobs.ts
 * ScheduledJob) is delivered to the `schedule` queue, whose worker checks the document's state again:
 * a late, duplicate or stale delivery changes nothing. AWS: EventBridge Scheduler one-time schedules
 * (`at(...)`, deleted after completion) targeting the queue. Locally: a table of schedules fired by
 * the local cloud's in-process scheduler, whose clock a test may advance (local only).
 */
export interface Scheduler extends HealthCheckable {
  /** Creates or replaces the schedule `name` to deliver `job` at `at` (a past time fires at once). */
  schedule(name: string, at: Date, job: unknown): Promise<void>;
  /** Removes the schedule `name`; a missing one (fired, cancelled, never made) is not an error. */
  cancel(name: string): Promise<void>;
}

/** The time the use cases read for scheduled work. AWS: the system clock. Locally: the system clock
 *  plus the test clock's offset (advanced through the local-only test-clock endpoint). */
export interface Clock {
  now(): Date;
}

/** Images of a PDF's first pages (issue #33, decision 163): what a phone shows before pdf.js loads. */
export interface PageRenderer {
  /**
   * WebP images of pages 1…n of the PDF, in order, each `widthPx` wide: it stops at the first page it
   * cannot render within the options (too tall, too large, past the deadline), so the answer is always
   * the document's leading pages. Page 1 is made whatever the time; the next pages only within
   * `budgetMs` of page 1's end (a cold start's module and font loading does not count against them).
   */
  render(
    pdf: Uint8Array,
    options: {
      pages: number;
      widthPx: number;
      quality: number;
      maxAspect: number;
      maxBytes: number;
      budgetMs: number;
    },
  ): Promise<Uint8Array[]>;
}
