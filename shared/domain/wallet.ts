// The owner's wallet (issue #32, architecture §24): connected by Sign-In with Ethereum (EIP-4361). The
// server writes the message (this site's domain and URI, the chain id, a one-time nonce, the time and
// its expiry); the browser's wallet signs it with personal_sign (EIP-191); the server recovers the
// signer and keeps the address as verified. A typed address that was never signed for is shown, but
// no token is delivered to it.

/** A sign-in message must be signed and sent back within this many minutes. */
export const WALLET_CHALLENGE_TTL_MINUTES = 10;

/** Wrong tries (a bad signature, a changed message) before a pending message is void. */
export const WALLET_CHALLENGE_MAX_ATTEMPTS = 5;

/** How far back (blocks) the anchor worker looks for a claim's Transfer event when a retry finds the
 *  token moved already (public RPCs refuse long eth_getLogs ranges). */
export const TRANSFER_LOOKBACK_BLOCKS = 5000;

/** EIP-4361's version line. */
export const SIWE_VERSION = '1';

/** The statement of the message (EIP-4361 asks for ASCII, one line). */
export const SIWE_STATEMENT =
  'Connect this wallet to SignSeal. Tokens proving your contracts are delivered to it. This signature costs no gas.';

export interface SiweFields {
  /** The site's host (RFC 3986 authority), e.g. `app.example.com` or `localhost:5173`. */
  readonly domain: string;
  /** The EIP-55 address that signs. */
  readonly address: string;
  /** The site's URL. */
  readonly uri: string;
  readonly chainId: number;
  /** At least 8 letters and digits (EIP-4361). */
  readonly nonce: string;
  /** ISO 8601. */
  readonly issuedAt: string;
  /** ISO 8601. */
  readonly expirationTime: string;
}

/** The EIP-4361 message for these fields, line by line as the standard writes it. */
export function siweMessage(f: SiweFields): string {
  return [
    `${f.domain} wants you to sign in with your Ethereum account:`,
    f.address,
    '',
    SIWE_STATEMENT,
    '',
    `URI: ${f.uri}`,
    `Version: ${SIWE_VERSION}`,
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
    `Expiration Time: ${f.expirationTime}`,
  ].join('\n');
}

/** The address line of an EIP-4361 message (its second line), or null when it has none. */
export function siweAddress(message: string): string | null {
  const line = message.split('\n')[1] ?? '';
  return /^0x[0-9a-fA-F]{40}$/.test(line) ? line : null;
}

/** Whether a wallet address is a verified delivery address: connected by a signed message. */
export function isVerifiedWallet(user: { walletAddress?: string | null; walletVerifiedAt?: string | null }) {
  return Boolean(user.walletAddress && user.walletVerifiedAt);
}
