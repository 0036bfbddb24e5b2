// The owner's wallet (issue #32, architecture §24).
//
// Connect: the server writes a Sign-In with Ethereum message (EIP-4361) for the address the browser's
// wallet gives (this site's domain and URI, the chain id, a one-time nonce, the time, an expiry
// WALLET_CHALLENGE_TTL_MINUTES later) and keeps only a salted SHA-256 of it, one pending message per
// user; the wallet signs it (personal_sign); the server checks that the message is the one it wrote
// and has not expired, recovers the signer (ethers' verifyMessage) and compares it with the message's
// address, then spends the message (exactly one of racing answers wins) and stores the address as
// verified with its time. Every try is counted before it is checked (WALLET_CHALLENGE_MAX_ATTEMPTS).
//
// Claim: a token minted while the owner had no verified wallet is held by the service's address. The
// owner asks for it once (a conditional write: one of racing claims wins; the others get 409); the
// anchor worker moves it, reading the chain before and after sending, so a retry never moves it twice.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { getAddress } from 'ethers/address';
import { verifyMessage } from 'ethers/hash';
import {
  WALLET_CHALLENGE_MAX_ATTEMPTS,
  WALLET_CHALLENGE_TTL_MINUTES,
  isVerifiedWallet,
  siweAddress,
  siweMessage,
} from '../../shared/domain/wallet';
import type { DocumentRecord } from '../adapters/dynamo/documents';
import type { UserRecord, UserRepository, WalletLinkStore } from '../adapters/dynamo/repository';
import type { SealRepository } from '../adapters/dynamo/sealing';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { AnchorJob } from '../jobs';
import type { Clock, IdentityDirectory, JobQueue, VerificationCodeStore } from '../ports';
import { notFound } from './contract-access';
import { enforceLimits, type Limits } from './limits';
import { getOrCreateUser, toProfile, type Profile } from './profile';

export interface WalletDeps {
  readonly repo: UserRepository;
  readonly directory: IdentityDirectory;
  readonly links: WalletLinkStore;
  /** One pending sign-in message per user, kept hashed (the verification codes' store). */
  readonly codes: VerificationCodeStore;
  readonly limits: Limits;
  /** The site's public URL (config APP_URL): its host is the message's domain. */
  readonly appUrl: string;
  /** The chain the tokens live on (config CHAIN_ID); null when no chain is configured. */
  readonly chainId: number | null;
  readonly clock: Clock;
}

export interface ClaimDeps {
  readonly docs: { getDocument(docuId: string): Promise<DocumentRecord | null> };
  readonly users: { getById(userId: string): Promise<UserRecord | null> };
  readonly seals: Pick<SealRepository, 'requestClaim'>;
  readonly queue: JobQueue;
  readonly clock: Clock;
}

const refused = (code: string, message: string, status = 400, field?: string) =>
  new AppError(`wallet.errors.${code}`, message, { status, ...(field ? { details: { field } } : {}) });

function challengeIdOf(userId: string): string {
  return `wallet#${createHash('sha256').update(userId, 'utf8').digest('hex')}`;
}

function hashMessage(salt: string, message: string): string {
  return createHash('sha256').update(`${salt}:${message}`, 'utf8').digest('hex');
}

function normaliseAddress(raw: string): string {
  try {
    return getAddress(raw.trim());
  } catch {
    throw refused('invalidAddress', 'Not an Ethereum address', 400, 'address');
  }
}

/** POST /api/me/wallet/challenge: the message for the wallet to sign. A newer one replaces the older. */
export async function walletChallenge(
  deps: WalletDeps,
  user: AuthUser,
  input: { address: string },
): Promise<{ message: string; expiresAt: string }> {
  if (deps.chainId === null) throw refused('noChain', 'No chain is configured', 503);
  const address = normaliseAddress(input.address);
  await enforceLimits(deps.limits, [{ rule: 'walletChallengesPerUser', key: user.sub }]);
  const now = deps.clock.now();
  const expires = new Date(now.getTime() + WALLET_CHALLENGE_TTL_MINUTES * 60_000);
  const app = new URL(deps.appUrl);
  const message = siweMessage({
    domain: app.host,
    address,
    uri: app.origin,
    chainId: deps.chainId,
    // 128 bits, hex: EIP-4361 asks for at least 8 alphanumeric characters.
    nonce: randomBytes(16).toString('hex'),
    issuedAt: now.toISOString(),
    expirationTime: expires.toISOString(),
  });
  const salt = randomBytes(16).toString('hex');
  await deps.codes.put({
    codeId: challengeIdOf(user.sub),
    email: user.email,
    salt,
    codeHash: hashMessage(salt, message),
    attempts: 0,
    expiresAt: expires.getTime(),
    // The table's TTL is the real time (the test clock only moves the check above).
    ttl: Math.floor(Date.now() / 1000) + WALLET_CHALLENGE_TTL_MINUTES * 60,
  });
  return { message, expiresAt: expires.toISOString() };
}

/** POST /api/me/wallet: the signed message; stores the verified address. */
export async function connectWallet(
  deps: WalletDeps,
  user: AuthUser,
  input: { message: string; signature: string },
): Promise<Profile> {
  const address = siweAddress(input.message);
  if (!address) throw refused('messageInvalid', 'Not a sign-in message of this site');
  // Counted before it is checked: parallel tries cannot exceed the limit.
  const pending = await deps.codes.countAttempt(challengeIdOf(user.sub), WALLET_CHALLENGE_MAX_ATTEMPTS);
  if (!pending)
    throw refused('challengeUsed', 'No pending sign-in message: used, replaced or never asked', 409);
  const now = deps.clock.now();
  if (pending.expiresAt <= now.getTime())
    throw refused('challengeExpired', 'The sign-in message expired', 410);
  const given = Buffer.from(hashMessage(pending.salt, input.message), 'hex');
  const stored = Buffer.from(pending.codeHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    throw refused('messageInvalid', 'Not the sign-in message this site wrote');
  }
  let signer: string;
  try {
    signer = verifyMessage(input.message, input.signature);
  } catch {
    throw refused('badSignature', 'The signature is not valid');
  }
  if (signer !== address) throw refused('badSignature', 'The message was signed by another address');
  // Spent once: of two answers racing with the same signature, one connects.
  if (!(await deps.codes.consume(pending.codeId, pending.codeHash))) {
    throw refused('challengeUsed', 'The sign-in message was used already', 409);
  }
  const { record } = await getOrCreateUser(deps.repo, deps.directory, user, now);
  const updated = await deps.repo.update(record.userId, {
    walletAddress: address,
    walletVerifiedAt: now.toISOString(),
  });
  // A contractor's own video token finds the wallet by the account's e-mail, once it is verified.
  if (updated.emailVerified) await deps.links.putWalletLink(updated.email, updated.userId, address);
  return toProfile(updated);
}

/** DELETE /api/me/wallet: forgets the wallet (tokens already delivered stay in it). */
export async function disconnectWallet(deps: WalletDeps, user: AuthUser): Promise<Profile> {
  const { record } = await getOrCreateUser(deps.repo, deps.directory, user, deps.clock.now());
  const updated = await deps.repo.update(record.userId, { walletAddress: null, walletVerifiedAt: null });
  await deps.links.deleteWalletLink(record.email, record.userId);
  return toProfile(updated);
}

/** The verified wallet a contractor's own video token goes to: by their account's verified e-mail,
 *  checked against the account now (the e-mail or the wallet may have changed since). */
export async function contractorWallet(
  deps: {
    links: Pick<WalletLinkStore, 'walletLinkOf'>;
    users: { getById(id: string): Promise<UserRecord | null> };
  },
  contact: string,
): Promise<string | null> {
  if (!contact.includes('@')) return null;
  const link = await deps.links.walletLinkOf(contact.toLowerCase());
  if (!link) return null;
  const user = await deps.users.getById(link.userId);
  if (
    !user ||
    user.closed ||
    !user.emailVerified ||
    user.email.toLowerCase() !== contact.toLowerCase() ||
    !isVerifiedWallet(user) ||
    user.walletAddress !== link.address
  ) {
    return null;
  }
  return link.address;
}

export interface ClaimView {
  readonly to: string;
  readonly requestedAt: string;
  readonly status: 'pending' | 'done' | 'failed';
}

/** POST /api/documents/{docuId}/token/claim: moves the token held for the owner to their verified
 *  wallet (202: the anchor worker sends the transfer). */
export async function claimToken(deps: ClaimDeps, user: AuthUser, docuId: string): Promise<ClaimView> {
  const doc = await deps.docs.getDocument(docuId);
  // The owner's only (one read: the recipients ownerAccess also loads are not needed here).
  if (!doc || doc.ownerId !== user.sub) throw notFound(docuId);
  if (doc.status !== 'Completed' || !doc.anchorTokenId || !doc.finalSha256) {
    throw refused('notAnchored', 'The contract has no token yet', 409);
  }
  if (doc.claimTo) throw refused('claimExists', 'The token was claimed already', 409);
  // Minted before issue #32 (no flag): the anchor worker reads the chain and records `notHeld` if so.
  if (doc.anchorHeld === false) throw refused('notHeld', 'The token is not held by the service', 409);
  const owner = await deps.users.getById(user.sub);
  if (!owner || !isVerifiedWallet(owner)) {
    throw refused('notConnected', 'Connect a wallet in My Info first', 409);
  }
  const to = owner.walletAddress!;
  const at = deps.clock.now().toISOString();
  if (!(await deps.seals.requestClaim(docuId, to, at))) {
    throw refused('claimExists', 'The token was claimed already', 409);
  }
  const job: AnchorJob = { docuId, hash: doc.finalSha256, claim: true };
  await deps.queue.enqueue('anchor', job);
  return { to, requestedAt: at, status: 'pending' };
}
