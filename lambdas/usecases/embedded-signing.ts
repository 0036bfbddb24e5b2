// Embedded signing (issue #31 item 4, architecture §23, decision 160): an account's allowed origins
// (My Info → Embedding), the owner's signing session for one contractor, and what the embedded page's
// route needs to answer. A session is a signer token (./signer-tokens.ts, one token system) with
// purpose 'embed': bound to one recipient of one document and to the exact origin it was made for,
// to be opened within EMBED_OPEN_MINUTES, then good for EMBED_SESSION_MINUTES, and only while the
// recipient's own link is the one it was made beside (a resend or a delegation retires it). The
// signer routes accept it through resolveSigner (./signer-link.ts) like any signer link.
import type {
  EmbeddedSession,
  EmbedOriginsSettings,
  SaveEmbedOriginsRequest,
} from '../../shared/api/schemas';
import type { Language } from '../../shared/domain/constants';
import {
  EMBED_OPEN_MINUTES,
  EMBED_SESSION_MINUTES,
  MAX_EMBED_ORIGINS,
  normalizeEmbedOrigin,
  normalizeEmbedOrigins,
} from '../../shared/domain/embed';
import type { DocumentRepository, EmbedSessionStore, SignerRepository } from '../adapters/dynamo/documents';
import type { SeatMemberStore, UserRecord, UserRepository } from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { Clock } from '../ports';
import { brandAccountOf } from './brand-account';
import { featuresOf } from './seats';
import { enforceLimits, type Limits } from './limits';
import { agreementOf, isLanguage } from './signer-link';
import { hashSignerToken, newSignerToken } from './signer-tokens';
import { assertRoutingLetsIn } from './routing-guard';

/** Where the disabled editor links to. */
export const EMBED_PLANS_PATH = '/home/select_plan';

export interface EmbedDeps {
  readonly users: Pick<UserRepository, 'getById' | 'update'>;
  readonly seats: SeatMemberStore;
  readonly docs: Pick<DocumentRepository, 'getDocument' | 'listRecipients' | 'getToken'>;
  readonly signers: Pick<SignerRepository, 'putToken'> & EmbedSessionStore;
  readonly limits: Limits;
  /** Public base URL of the SPA (config APP_URL): the session URL's origin. */
  readonly appUrl: string;
  /** config EMBED_ALLOW_LOOPBACK: the local cloud's http://localhost parents. */
  readonly allowLoopback: boolean;
  readonly clock?: Clock;
}

/**
 * The plan gate of embedding: the public API's feature (Standard, one-time tickets, the trial), as
 * for API keys and webhooks. `account` is the buyer's for a company member (brandAccountOf).
 */
export function embeddingAllowed(account: UserRecord, now: Date): boolean {
  return featuresOf(account, now).api;
}

const badOrigin = (reason: string, origin: string) =>
  new AppError(`embed.errors.${reason}`, `The origin is refused (${reason})`, {
    status: 400,
    details: { origin: origin.slice(0, 300) },
  });

const notFound = (what: string) => new AppError('errors.notFound', `${what} not found`, { status: 404 });

async function requireRecord(deps: EmbedDeps, user: AuthUser): Promise<UserRecord> {
  const record = await deps.users.getById(user.sub);
  if (!record) throw new AppError('errors.unauthorized', 'Sign-in required');
  return record;
}

async function settingsOf(deps: EmbedDeps, record: UserRecord, now: Date): Promise<EmbedOriginsSettings> {
  const { account, role } = await brandAccountOf(deps, record, now);
  return {
    role,
    allowed: embeddingAllowed(account, now),
    managedBy: role === 'member' ? { name: account.name, email: account.email } : null,
    origins: account.embedOrigins ?? [],
    max: MAX_EMBED_ORIGINS,
    allowLoopback: deps.allowLoopback,
    plansPath: EMBED_PLANS_PATH,
  };
}

/** GET /api/account/embed-origins. */
export async function getEmbedOrigins(
  deps: EmbedDeps,
  user: AuthUser,
  now = new Date(),
): Promise<EmbedOriginsSettings> {
  return settingsOf(deps, await requireRecord(deps, user), now);
}

/** PUT /api/account/embed-origins: the whole list, each origin exact and normalised, at most
 *  MAX_EMBED_ORIGINS after duplicates are dropped; by the managing account on a plan with embedding.
 *  An empty list is always accepted (a lapsed plan's list can be cleared). */
export async function saveEmbedOrigins(
  deps: EmbedDeps,
  user: AuthUser,
  input: SaveEmbedOriginsRequest,
  now = new Date(),
): Promise<EmbedOriginsSettings> {
  const record = await requireRecord(deps, user);
  const { account, role } = await brandAccountOf(deps, record, now);
  if (role === 'member') {
    throw new AppError('embed.errors.managedByCompany', 'The company buyer manages the allowed origins', {
      status: 403,
      details: { email: account.email },
    });
  }
  const result = normalizeEmbedOrigins(input.origins, { allowLoopback: deps.allowLoopback });
  if (!result.ok) throw badOrigin(result.reason, input.origins[result.index] ?? '');
  if (result.origins.length > MAX_EMBED_ORIGINS) {
    throw new AppError('embed.errors.tooMany', `At most ${MAX_EMBED_ORIGINS} origins`, {
      status: 400,
      details: { max: MAX_EMBED_ORIGINS },
    });
  }
  if (result.origins.length > 0 && !embeddingAllowed(record, now)) {
    throw new AppError('embed.errors.planRequired', 'The plan does not include embedded signing', {
      status: 403,
      details: { plansPath: EMBED_PLANS_PATH },
    });
  }
  const updated = await deps.users.update(user.sub, { embedOrigins: result.origins });
  return settingsOf(deps, updated, now);
}

/** The allowed origins in force for documents of `ownerId` (the managing account's, while its plan
 *  includes embedding; else none). */
async function originsInForce(deps: EmbedDeps, ownerId: string, now: Date): Promise<string[]> {
  const owner = await deps.users.getById(ownerId);
  if (!owner) return [];
  const { account } = await brandAccountOf(deps, owner, now);
  return embeddingAllowed(account, now) ? (account.embedOrigins ?? []) : [];
}

/**
 * An embedded signing session for contractor `recipientIndex` of the owner's sent document, to be
 * framed by `parentOrigin` (one of the account's allowed origins). Another owner's document, an
 * unknown contractor or the owner's own row: 404. Not sent, answered, or not their turn: 409.
 * The REST v1 route and the SPA's owner route both call this.
 */
export async function createEmbeddedSession(
  deps: EmbedDeps,
  owner: AuthUser,
  docuId: string,
  recipientIndex: number,
  parentOrigin: string,
  now: Date,
  lang?: Language,
): Promise<EmbeddedSession> {
  const doc = await deps.docs.getDocument(docuId);
  if (!doc || doc.ownerId !== owner.sub) throw notFound(`Document ${docuId}`);
  const recipients = await deps.docs.listRecipients(docuId);
  const me = recipients.find((r) => r.index === recipientIndex);
  if (!me || me.isOwner) throw notFound(`Contractor ${recipientIndex}`);

  const origin = normalizeEmbedOrigin(parentOrigin, { allowLoopback: deps.allowLoopback });
  if (!origin.ok) throw badOrigin(origin.reason, parentOrigin);
  const record = await requireRecord(deps, owner);
  const { account } = await brandAccountOf(deps, record, now);
  if (!embeddingAllowed(account, now)) {
    throw new AppError('embed.errors.planRequired', 'The plan does not include embedded signing', {
      status: 403,
      details: { plansPath: EMBED_PLANS_PATH },
    });
  }
  if (!(account.embedOrigins ?? []).includes(origin.origin)) {
    throw badOrigin('originNotAllowed', origin.origin);
  }

  if (doc.status !== 'Agree') {
    throw new AppError('embed.errors.notSent', `The document is ${doc.status}: nothing to sign`, {
      status: 409,
    });
  }
  if (agreementOf(me) !== 0) {
    throw new AppError('embed.errors.answered', 'This contractor has already answered', { status: 409 });
  }
  // Not their turn yet, expired or voided: routing's own 409.
  assertRoutingLetsIn(doc, recipients, me, deps.clock?.now() ?? now);
  await enforceLimits(deps.limits, [
    { rule: 'embedSessionsPerRecipient', key: `${docuId}#${recipientIndex}` },
  ]);

  const token = newSignerToken();
  const expiresAtMs = now.getTime() + EMBED_OPEN_MINUTES * 60_000;
  const expiresAt = new Date(expiresAtMs).toISOString();
  await deps.signers.putToken({
    tokenHash: hashSignerToken(token),
    docuId,
    recipientIndex,
    createdAt: now.toISOString(),
    expiresAt,
    // Kept for the session's whole possible life, so a page opened late still finds its account.
    ttl: Math.floor((expiresAtMs + EMBED_SESSION_MINUTES * 60_000) / 1000),
    purpose: 'embed',
    parentOrigin: origin.origin,
    boundTokenHash: me.tokenHash ?? '',
  });
  const pageLang = lang ?? (isLanguage(doc.lang) ? doc.lang : 'en');
  const base = deps.appUrl.replace(/\/+$/, '');
  return {
    url: `${base}/embed/${pageLang}/${encodeURIComponent(docuId)}/${token}`,
    expiresAt,
  };
}

/** What the embedded page's route answers with (null: not a session, a 404 that no site may frame). */
export interface EmbedPage {
  /** The frame-ancestors: the account's allowed origins in force now. */
  readonly origins: string[];
  /** The page's postMessage target: the exact origin the session was made for. */
  readonly parentOrigin: string;
  readonly recipientIndex: number;
}

/**
 * GET /embed/{lang}/{docuId}/{token}: the session's account and target. A session not yet opened and
 * still within its time to open is opened now (from then it lasts EMBED_SESSION_MINUTES). One found
 * but expired still answers its account's origins: the page then shows the refused link inside the
 * parent's frame and tells the parent (`signseal:error`) rather than leaving it an empty frame.
 */
export async function openEmbedPage(
  deps: EmbedDeps,
  docuId: string,
  token: string,
  now = new Date(),
): Promise<EmbedPage | null> {
  const tokenHash = hashSignerToken(token);
  const record = await deps.docs.getToken(tokenHash);
  if (!record || record.purpose !== 'embed' || record.docuId !== docuId || !record.parentOrigin) return null;
  const doc = await deps.docs.getDocument(docuId);
  if (!doc) return null;
  const origins = await originsInForce(deps, doc.ownerId, now);
  if (!record.openedAt && Date.parse(record.expiresAt) > now.getTime()) {
    const end = new Date(now.getTime() + EMBED_SESSION_MINUTES * 60_000).toISOString();
    await deps.signers.openEmbedSession(tokenHash, now.toISOString(), end);
  }
  return { origins, parentOrigin: record.parentOrigin, recipientIndex: record.recipientIndex };
}
