// The one route table. The CDK Api construct creates an HTTP API route per entry (with the Cognito
// JWT authorizer when auth is 'owner'); the local cloud serves the same entries through the same
// handler modules, behind an equivalent JWT check. Adding an endpoint = one entry + its handler.

/** Who may call a route: 'owner' needs a Cognito ID/access token; 'signer' and 'public' are open at the
 *  gateway ('signer' routes check the signer token in the handler). */
export type RouteAuth = 'owner' | 'signer' | 'public';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Extra permissions a route's function needs beyond the table, bucket and queues every function gets. */
export type RouteGrant =
  /** Read a user's attributes from the user pool (cognito-idp:AdminGetUser). */
  | 'userDirectoryRead'
  /** Create, disable and sign out users in the user pool (sign-up, close account). */
  | 'userDirectoryWrite'
  /** Read-only account checks of the mail and SMS services (ses:GetAccount, sns:GetSMSAttributes). */
  | 'notificationsCheck';

export interface RouteDefinition {
  /** Stable identifier, also used for the CDK construct id. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway HTTP API path syntax: `/api/documents/{docuId}`. */
  readonly path: string;
  readonly auth: RouteAuth;
  /** Handler module: `lambdas/handlers/<handler>.ts`, exporting `handler`. One Lambda per module. */
  readonly handler: string;
  readonly grants?: readonly RouteGrant[];
}

export const ROUTES: readonly RouteDefinition[] = [
  {
    id: 'Health',
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    handler: 'health',
    grants: ['notificationsCheck'],
  },
  { id: 'GetLocale', method: 'GET', path: '/api/locale', auth: 'public', handler: 'locale' },
  /** Public verification of a sealed document by hash or id; reads the chain live (issue #6). */
  { id: 'Verify', method: 'GET', path: '/api/verify', auth: 'public', handler: 'verify' },
  {
    id: 'SignUp',
    method: 'POST',
    path: '/api/auth/signup',
    auth: 'public',
    handler: 'signup',
    grants: ['userDirectoryWrite'],
  },
  {
    id: 'GetMe',
    method: 'GET',
    path: '/api/me',
    auth: 'owner',
    handler: 'me',
    grants: ['userDirectoryRead'],
  },
  {
    id: 'UpdateMe',
    method: 'PATCH',
    path: '/api/me',
    auth: 'owner',
    handler: 'update-me',
    grants: ['userDirectoryRead'],
  },
  {
    id: 'CloseAccount',
    method: 'DELETE',
    path: '/api/me',
    auth: 'owner',
    handler: 'close-account',
    grants: ['userDirectoryWrite'],
  },
  {
    id: 'RecordLogin',
    method: 'POST',
    path: '/api/me/login',
    auth: 'owner',
    handler: 'record-login',
    grants: ['userDirectoryRead'],
  },
  {
    id: 'SaveConsents',
    method: 'POST',
    path: '/api/me/consents',
    auth: 'owner',
    handler: 'save-consents',
    grants: ['userDirectoryRead'],
  },
  // The owner's own signs (issue #4: an owner who is a contractor signs at sending).
  { id: 'ListOwnerSigns', method: 'GET', path: '/api/me/signs', auth: 'owner', handler: 'owner-signs' },
  {
    id: 'CreateOwnerSign',
    method: 'POST',
    path: '/api/me/signs',
    auth: 'owner',
    handler: 'create-owner-sign',
  },
  {
    id: 'SetDefaultSign',
    method: 'PUT',
    path: '/api/me/signs/default',
    auth: 'owner',
    handler: 'set-default-sign',
  },
  // Documents: the e-sign creation funnel (issue #4).
  { id: 'CreateDocument', method: 'POST', path: '/api/documents', auth: 'owner', handler: 'create-document' },
  {
    id: 'GetDocument',
    method: 'GET',
    path: '/api/documents/{docuId}',
    auth: 'owner',
    handler: 'get-document',
  },
  {
    id: 'UpdateDocument',
    method: 'PATCH',
    path: '/api/documents/{docuId}',
    auth: 'owner',
    handler: 'update-document',
  },
  {
    id: 'CreateUpload',
    method: 'POST',
    path: '/api/documents/{docuId}/upload',
    auth: 'owner',
    handler: 'create-upload',
  },
  {
    id: 'CompleteUpload',
    method: 'POST',
    path: '/api/documents/{docuId}/upload/complete',
    auth: 'owner',
    handler: 'complete-upload',
  },
  {
    id: 'SaveRecipients',
    method: 'PUT',
    path: '/api/documents/{docuId}/recipients',
    auth: 'owner',
    handler: 'save-recipients',
  },
  {
    id: 'SaveAreas',
    method: 'PUT',
    path: '/api/documents/{docuId}/areas',
    auth: 'owner',
    handler: 'save-areas',
  },
  {
    id: 'SendDocument',
    method: 'POST',
    path: '/api/documents/{docuId}/send',
    auth: 'owner',
    handler: 'send-document',
  },
  { id: 'GetAddressBook', method: 'GET', path: '/api/address-book', auth: 'owner', handler: 'address-book' },
  {
    id: 'ResendRequest',
    method: 'POST',
    path: '/api/documents/{docuId}/recipients/{index}/resend',
    auth: 'owner',
    handler: 'resend-request',
  },
  // Contract management (issue #7): lists, details, activity, status, download, mail, delete, and the
  // contractor's own signer link (Continue).
  { id: 'ListContracts', method: 'GET', path: '/api/documents', auth: 'owner', handler: 'list-contracts' },
  {
    id: 'GetContractDetails',
    method: 'GET',
    path: '/api/documents/{docuId}/details',
    auth: 'owner',
    handler: 'contract-details',
  },
  {
    id: 'GetContractStatus',
    method: 'GET',
    path: '/api/documents/{docuId}/status',
    auth: 'owner',
    handler: 'contract-status',
  },
  {
    id: 'DownloadDocument',
    method: 'GET',
    path: '/api/documents/{docuId}/download',
    auth: 'owner',
    handler: 'download-document',
  },
  {
    id: 'MailDocument',
    method: 'POST',
    path: '/api/documents/{docuId}/mail',
    auth: 'owner',
    handler: 'mail-document',
  },
  {
    id: 'DeleteDocument',
    method: 'DELETE',
    path: '/api/documents/{docuId}',
    auth: 'owner',
    handler: 'delete-document',
  },
  {
    id: 'ContractorSignerLink',
    method: 'POST',
    path: '/api/documents/{docuId}/signer-link',
    auth: 'owner',
    handler: 'contractor-signer-link',
  },
  { id: 'GetActivity', method: 'GET', path: '/api/activity', auth: 'owner', handler: 'activity' },
  // Short links of SMS messages (issue #14): public; the handler checks the code and its expiry, then
  // redirects (302) to the signer or verify page, or to a fresh presigned download of a final PDF.
  { id: 'OpenShortLink', method: 'GET', path: '/api/s/{code}', auth: 'public', handler: 'short-link' },
  // Signing without an account (issue #5): open at the gateway, the handler checks the signer token.
  {
    id: 'GetSignerView',
    method: 'GET',
    path: '/api/sign/{docuId}/{token}',
    auth: 'signer',
    handler: 'signer-view',
  },
  {
    id: 'UploadSign',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/signs',
    auth: 'signer',
    handler: 'signer-upload-sign',
  },
  {
    id: 'ApplySigns',
    method: 'PUT',
    path: '/api/sign/{docuId}/{token}/areas',
    auth: 'signer',
    handler: 'signer-apply-signs',
  },
  {
    id: 'SignerAgree',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/agree',
    auth: 'signer',
    handler: 'signer-agree',
  },
  {
    id: 'SignerDeny',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/deny',
    auth: 'signer',
    handler: 'signer-deny',
  },
  {
    id: 'SignerRejectTerms',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/reject-terms',
    auth: 'signer',
    handler: 'signer-reject-terms',
  },
];

/** Every method and path not in ROUTES: API Gateway's `$default` route, and the local gateway's
 *  fallback. Its handler answers a JSON 404 (errors.routeNotFound). */
export const DEFAULT_ROUTE = { id: 'Default', handler: 'not-found' } as const;

/** Worker handler modules, one per queue: `lambdas/workers/<queue>.ts`, exporting `handler`. */
export const WORKERS = ['seal', 'anchor', 'notify'] as const;
export type WorkerName = (typeof WORKERS)[number];
