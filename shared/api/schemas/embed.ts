// Embedded signing (issue #31 item 4, decision 160): My Info → Embedding's allowed origins and the
// owner's embedded signing session. The origins' rules are shared/domain/embed.ts; the use case
// (lambdas/usecases/embedded-signing.ts) judges them, so these schemas only bound the input's size.
import * as z from 'zod';
import { languageSchema } from './accounts';

/** GET/PUT /api/account/embed-origins (owner). */
export const embedOriginsSettingsSchema = z.object({
  /** 'owner': the caller manages the list; 'member': the company's buyer does (read-only here). */
  role: z.enum(['owner', 'member']),
  /** Whether the managing account's plan includes embedding now (sessions need it). */
  allowed: z.boolean(),
  /** The manager's name and e-mail (members only). */
  managedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The allowed origins, exact (`https://host[:port]`), normalised. */
  origins: z.array(z.string()),
  /** The most origins an account may list. */
  max: z.number().int(),
  /** Whether http://localhost and 127.0.0.1 origins are accepted here (the local cloud only). */
  allowLoopback: z.boolean(),
  /** The plans page, for the disabled editor's link. */
  plansPath: z.string(),
});
export type EmbedOriginsSettings = z.infer<typeof embedOriginsSettingsSchema>;

/** PUT /api/account/embed-origins: the whole list (an empty list allows no site). Bounded loosely
 *  here; the use case answers too many and each bad origin with its own message. */
export const saveEmbedOriginsRequestSchema = z.object({
  origins: z.array(z.string().max(2000)).max(100),
});
export type SaveEmbedOriginsRequest = z.infer<typeof saveEmbedOriginsRequestSchema>;

/** POST /api/documents/{docuId}/recipients/{index}/embedded-session. */
export const embeddedSessionParamsSchema = z.object({
  docuId: z.string().min(1).max(64),
  index: z.coerce.number().int().nonnegative().max(1000),
});
export const createEmbeddedSessionRequestSchema = z.object({
  /** The exact origin of the page that will frame the session: one of the account's allowed origins. */
  parentOrigin: z.string().max(2000),
  /** The signer page's language. @default - the document's */
  lang: languageSchema.optional(),
});
export type CreateEmbeddedSessionRequest = z.infer<typeof createEmbeddedSessionRequestSchema>;

export const embeddedSessionSchema = z.object({
  /** The page to put in the iframe's src (carries the session's token: treat it as a secret). */
  url: z.string(),
  /** It must be opened before this time; once opened, it signs for EMBED_SESSION_MINUTES. */
  expiresAt: z.string(),
});
export type EmbeddedSession = z.infer<typeof embeddedSessionSchema>;

/** GET /embed/{lang}/{docuId}/{token}: the embedded signer page's shell (HTML). */
export const embedPageParamsSchema = z.object({
  lang: languageSchema,
  docuId: z.string().min(1).max(64),
  token: z.string().min(1).max(128),
});
