// The owner's wallet (issue #32): Connect (a sign-in message to sign, then the signed message),
// Disconnect, and the claim of a held token. One function for the four owner routes (the app stack's
// resource budget); the route key picks the route. Never logs a message or a signature.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { docuIdParamsSchema } from '../../shared/api/schemas/documents';
import { connectWalletRequestSchema, walletChallengeRequestSchema } from '../../shared/api/schemas/wallet';
import { AppError } from '../core/errors';
import { httpHandler, type HttpEvent } from '../core/http';
import { claimDeps, walletDeps } from '../deps';
import { claimToken, connectWallet, disconnectWallet, walletChallenge } from '../usecases/wallet';

const signInRequired = () => new AppError('errors.unauthorized', 'Sign-in required');

const ROUTES = {
  'POST /api/me/wallet/challenge': httpHandler(
    { auth: 'owner', body: walletChallengeRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      return { body: await walletChallenge(walletDeps(), req.user, req.body) };
    },
  ),
  'POST /api/me/wallet': httpHandler({ auth: 'owner', body: connectWalletRequestSchema }, async (req) => {
    if (!req.user) throw signInRequired();
    const profile = await connectWallet(walletDeps(), req.user, req.body);
    req.log.info('wallet connected', { userId: req.user.sub });
    return { body: profile };
  }),
  'DELETE /api/me/wallet': httpHandler({ auth: 'owner' }, async (req) => {
    if (!req.user) throw signInRequired();
    const profile = await disconnectWallet(walletDeps(), req.user);
    req.log.info('wallet disconnected', { userId: req.user.sub });
    return { body: profile };
  }),
  'POST /api/documents/{docuId}/token/claim': httpHandler(
    { auth: 'owner', params: docuIdParamsSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      const claim = await claimToken(claimDeps(), req.user, req.params.docuId);
      req.log.info('token claim queued', { userId: req.user.sub, docuId: req.params.docuId });
      return { status: 202, body: { claim } };
    },
  ),
} as const;

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such wallet route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
