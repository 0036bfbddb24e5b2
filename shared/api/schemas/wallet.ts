// The owner's wallet (issue #32, architecture §24): Connect by a signed sign-in message (EIP-4361),
// Disconnect, and the claim of a token held for the owner.
import * as z from 'zod';

/** POST /api/me/wallet/challenge: the address the browser's wallet gives. */
export const walletChallengeRequestSchema = z.object({ address: z.string().min(1).max(64) }).strict();

/** The message the wallet is to sign, and until when it can be sent back. */
export const walletChallengeResponseSchema = z.object({
  message: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type WalletChallenge = z.infer<typeof walletChallengeResponseSchema>;

/** POST /api/me/wallet: the message exactly as written, and its personal_sign signature. */
export const connectWalletRequestSchema = z
  .object({
    message: z.string().min(1).max(2000),
    signature: z.string().min(1).max(200),
  })
  .strict();
export type ConnectWalletRequest = z.infer<typeof connectWalletRequestSchema>;

/** A claim of a held token, as the contract list shows it. */
export const tokenClaimSchema = z.object({
  /** The verified wallet the token goes to. */
  to: z.string(),
  requestedAt: z.iso.datetime({ offset: true }),
  /** pending: asked, not yet moved; done: moved; failed: not held by the service (cannot move). */
  status: z.enum(['pending', 'done', 'failed']),
});
export type TokenClaim = z.infer<typeof tokenClaimSchema>;

/** POST /api/documents/{docuId}/token/claim → 202. */
export const claimTokenResponseSchema = z.object({ claim: tokenClaimSchema });
