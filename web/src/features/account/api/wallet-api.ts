// The owner's wallet (issue #32): the sign-in message to sign, the signed message, Disconnect, and the
// claim of a token the service holds for the owner.
import {
  claimTokenResponseSchema,
  walletChallengeResponseSchema,
  type WalletChallenge,
} from '../../../../../shared/api/schemas/wallet';
import { meResponseSchema, type MeResponse } from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';

export function walletChallenge(address: string): Promise<WalletChallenge> {
  return apiRequest({
    method: 'POST',
    path: '/me/wallet/challenge',
    schema: walletChallengeResponseSchema,
    body: { address },
    auth: true,
  });
}

export function connectWallet(message: string, signature: string): Promise<MeResponse> {
  return apiRequest({
    method: 'POST',
    path: '/me/wallet',
    schema: meResponseSchema,
    body: { message, signature },
    auth: true,
  });
}

export function disconnectWallet(): Promise<MeResponse> {
  return apiRequest({ method: 'DELETE', path: '/me/wallet', schema: meResponseSchema, auth: true });
}

export function claimToken(docuId: string) {
  return apiRequest({
    method: 'POST',
    path: `/documents/${encodeURIComponent(docuId)}/token/claim`,
    schema: claimTokenResponseSchema,
    auth: true,
  });
}
