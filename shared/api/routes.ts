// The one route table. The CDK Api construct creates an HTTP API route per entry (with the Cognito
// JWT authorizer when auth is 'owner'); the local cloud serves the same entries through the same
// handler modules, behind an equivalent JWT check. Adding an endpoint = one entry + its handler.

/** Who may call a route: 'owner' needs a Cognito ID/access token; 'signer', 'apiKey' and 'public' are
 *  open at the gateway ('signer' routes check the signer token in the handler, 'apiKey' routes the
 *  public API's key, issue #31). */
export type RouteAuth = 'owner' | 'signer' | 'public' | 'apiKey';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A route's method: one, or 'ANY' for a route whose handler routes by itself (the public API). */
export type RouteMethod = HttpMethod | 'ANY';

/** Extra permissions a route's function needs beyond its data access (`access`). Each maps to IAM
 *  actions in one place (lib/access.ts ROUTE_GRANT_ACTIONS). */
export type RouteGrant =
  /** Read a user's attributes from the user pool (cognito-idp:AdminGetUser). */
  | 'userDirectoryRead'
  /** Create, disable and sign out users in the user pool, and mark their address verified (sign-up
   *  confirmation, close account, e-mail verification): cognito-idp:AdminGetUser, AdminCreateUser,
   *  AdminSetUserPassword, AdminDeleteUser, AdminDisableUser, AdminUserGlobalSignOut,
   *  AdminUpdateUserAttributes. */
  | 'userDirectoryWrite'
  /** Read-only account checks of the mail and SMS services (ses:GetAccount, sns:GetSMSAttributes). */
  | 'notificationsCheck'
  /** Read-only checks of the data stores: describe the table, head the documents bucket, read the
   *  queues' attributes (GET /api/health). */
  | 'storageCheck'
  /** The admin Jobs page (issue #20): read every job queue's and dead-letter queue's counts
   *  (sqs:GetQueueAttributes) and peek at dead-lettered messages (sqs:ReceiveMessage on the DLQs,
   *  visibility 0, so a peek hides nothing). */
  | 'jobsInspect'
  /** Move dead-lettered messages back (sqs:ReceiveMessage, sqs:DeleteMessage on the DLQs; sending to
   *  the job queues is the route's `enqueue`). */
  | 'jobsRedrive'
  /** The payment provider's keys (issue #18): secretsmanager:GetSecretValue on the Stripe secret. */
  | 'payments'
  /** Scheduled work (issue #28, lambdas/ports.ts Scheduler): create, replace, delete and read the
   *  product's one-time schedules in its EventBridge Scheduler group, hand the scheduler's role to
   *  them (iam:PassRole on that role only), and send a job due too soon straight to the `schedule`
   *  queue (sqs:SendMessage on it). */
  | 'schedules';

/** The areas of the documents bucket, by key prefix: each function is granted object actions per area. */
export const OBJECT_AREAS = {
  /** A document's original, sealed final and certificates: `documents/{docuId}/…`. */
  documents: 'documents/',
  /** An owner's sign images: `signs/user/{userId}/…`. */
  ownerSigns: 'signs/user/',
  /** Sign images of contractors without an account: `signs/outer/{outerUserId}/…`. */
  signerSigns: 'signs/outer/',
  /** Templates' own PDFs (issue #27): `templates/{templateId}/…`, copied from a document and copied
   *  again into each contract made from it. */
  templates: 'templates/',
  /** Staging keys of upload forms, `uploads/{docuId}/{uploadId}.pdf` (issue #13),
   *  `uploads/{docuId}/videos/{recipientIndex}/{sessionId}.{webm|mp4}` (issue #15) and
   *  `uploads/{docuId}/attachments/{areaIndex}/{uploadId}.{pdf|jpg|png}` (issue #27): the only keys a
   *  browser may write; checked bytes are copied to `documents/`, and what stays expires in a day. */
  uploads: 'uploads/',
  /** Brand logos (issue #29 item 2): `brands/{sha256}.png`, our own re-encoding, named by its bytes and
   *  served publicly (GET /api/brand/logos/{file}); never deleted (sent contracts name them). */
  brands: 'brands/',
} as const;
export type ObjectArea = keyof typeof OBJECT_AREAS;

/** `read`: get an object or sign a download URL for it; `write`: put one or sign an upload form for it;
 *  `delete`: delete objects and their versions (the bucket is versioned). */
export type ObjectAction = 'read' | 'write' | 'delete';

/**
 * What a function does with the product's data, and nothing more is granted (lib/access.ts turns it
 * into IAM; test/cdk/access.test.ts checks each function's policies against it). Every function still
 * gets the variables naming the table, bucket and queues (lambdas/config.ts requires them).
 */
export interface DataAccess {
  /** `read`: GetItem, BatchGetItem, Query; `write`: those plus PutItem, UpdateItem, DeleteItem,
   *  BatchWriteItem, ConditionCheckItem (transactions). @default - no item access */
  readonly table?: 'read' | 'write';
  /** Object actions per area of the documents bucket. @default - none */
  readonly objects?: { readonly [A in ObjectArea]?: readonly ObjectAction[] };
  /** Job queues it sends to. @default - none */
  readonly enqueue?: readonly WorkerName[];
}

export interface RouteDefinition {
  /** Stable identifier, also used for the CDK construct id. */
  readonly id: string;
  readonly method: RouteMethod;
  /** API Gateway HTTP API path syntax: `/api/documents/{docuId}`; a greedy last part `{proxy+}`. */
  readonly path: string;
  readonly auth: RouteAuth;
  /** Handler module: `lambdas/handlers/<handler>.ts`, exporting `handler`. One Lambda per module. */
  readonly handler: string;
  /** What the use case reads and writes (lambdas/handlers → usecases → deps.ts). Required for every
   *  route of ROUTES: the CDK app refuses a route without it. */
  readonly access?: DataAccess;
  readonly grants?: readonly RouteGrant[];
}

// Shorthands for the access of the route table (a route may also spell its access out).
const READ: DataAccess = { table: 'read' };
const WRITE: DataAccess = { table: 'write' };
/** Reads the document and answers its view, which carries a download URL of the original. */
const VIEW: DataAccess = { table: 'read', objects: { documents: ['read'] } };
/** Changes the document and answers its view. */
const EDIT: DataAccess = { table: 'write', objects: { documents: ['read'] } };
/** The signer page: the original and the contractor's saved signs (and when they first opened it). */
const SIGNER_VIEW: DataAccess = { table: 'write', objects: { documents: ['read'], signerSigns: ['read'] } };

/** Several owner routes served by one function (the app stack's resource budget): one access and
 *  grants for all; the handler picks its route by the route key. */
function ownerFunction(
  handler: string,
  access: DataAccess,
  routes: readonly (readonly [id: string, method: HttpMethod, path: string])[],
  grants?: readonly RouteGrant[],
): RouteDefinition[] {
  return routes.map(([id, method, path]) => ({
    id,
    method,
    path,
    auth: 'owner',
    handler,
    access,
    ...(grants ? { grants } : {}),
  }));
}

export const ROUTES: readonly RouteDefinition[] = [
  {
    id: 'Health',
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    handler: 'health',
    access: {},
    grants: ['notificationsCheck', 'storageCheck'],
  },
  // The locale shares the default route's function (lambdas/handlers/not-found.ts): public, no data.
  { id: 'GetLocale', method: 'GET', path: '/api/locale', auth: 'public', handler: 'not-found', access: {} },
  /** Public verification of a sealed document by hash or id; reads the chain live (issue #6). */
  { id: 'Verify', method: 'GET', path: '/api/verify', auth: 'public', handler: 'verify', access: READ },
  // Sign-up answers the same for a new and a taken address; the account is created only when the
  // mailed code comes back (issue #13).
  {
    id: 'SignUp',
    method: 'POST',
    path: '/api/auth/signup',
    auth: 'public',
    handler: 'signup',
    access: { table: 'write', enqueue: ['notify'] },
    grants: ['userDirectoryRead'],
  },
  {
    id: 'ConfirmSignUp',
    method: 'POST',
    path: '/api/auth/signup/confirm',
    auth: 'public',
    handler: 'signup-confirm',
    access: WRITE,
    grants: ['userDirectoryWrite'],
  },
  {
    id: 'GetMe',
    method: 'GET',
    path: '/api/me',
    auth: 'owner',
    handler: 'me',
    access: WRITE,
    grants: ['userDirectoryRead'],
  },
  {
    id: 'UpdateMe',
    method: 'PATCH',
    path: '/api/me',
    auth: 'owner',
    handler: 'update-me',
    access: WRITE,
    grants: ['userDirectoryRead'],
  },
  {
    id: 'CloseAccount',
    method: 'DELETE',
    path: '/api/me',
    auth: 'owner',
    handler: 'close-account',
    access: WRITE,
    grants: ['userDirectoryWrite'],
  },
  {
    id: 'RecordLogin',
    method: 'POST',
    path: '/api/me/login',
    auth: 'owner',
    handler: 'record-login',
    access: WRITE,
    grants: ['userDirectoryRead'],
  },
  {
    id: 'SaveConsents',
    method: 'POST',
    path: '/api/me/consents',
    auth: 'owner',
    handler: 'save-consents',
    access: WRITE,
    grants: ['userDirectoryRead'],
  },
  // The product's own e-mail verification (issue #13): a code mailed by our Mailer; confirming it
  // records the address as verified on the user record and in the user pool.
  {
    id: 'SendEmailVerification',
    method: 'POST',
    path: '/api/me/email/verification',
    auth: 'owner',
    handler: 'email-verification',
    access: { table: 'write', enqueue: ['notify'] },
    grants: ['userDirectoryRead'],
  },
  {
    id: 'ConfirmEmailVerification',
    method: 'POST',
    path: '/api/me/email/verification/confirm',
    auth: 'owner',
    handler: 'email-verification-confirm',
    access: WRITE,
    grants: ['userDirectoryWrite'],
  },
  // The owner's own signs (issue #4: an owner who is a contractor signs at sending).
  {
    id: 'ListOwnerSigns',
    method: 'GET',
    path: '/api/me/signs',
    auth: 'owner',
    handler: 'owner-signs',
    access: { table: 'read', objects: { ownerSigns: ['read'] } },
  },
  {
    id: 'CreateOwnerSign',
    method: 'POST',
    path: '/api/me/signs',
    auth: 'owner',
    handler: 'create-owner-sign',
    access: { table: 'write', objects: { ownerSigns: ['read', 'write'] } },
  },
  {
    id: 'SetDefaultSign',
    method: 'PUT',
    path: '/api/me/signs/default',
    auth: 'owner',
    handler: 'set-default-sign',
    access: { table: 'write', objects: { ownerSigns: ['read'] } },
  },
  // Issue #17: the sign manager deletes one of the caller's signs or stamps (the record only: a sent
  // document whose owner signed with it still seals with its image, decision 97).
  {
    id: 'DeleteOwnerSign',
    method: 'DELETE',
    path: '/api/me/signs/{signId}',
    auth: 'owner',
    handler: 'delete-owner-sign',
    access: { table: 'write', objects: { ownerSigns: ['read'] } },
  },
  // Branding (issue #29 item 2): My Info → Brand; one function for the owner's three routes.
  // Webhooks (issue #31 item 3): an account's endpoints, their delivery log, tests and replays (which
  // queue a delivery).
  ...ownerFunction('webhooks', { table: 'write', enqueue: ['webhook'] }, [
    ['ListWebhooks', 'GET', '/api/me/webhooks'],
    ['CreateWebhook', 'POST', '/api/me/webhooks'],
    ['UpdateWebhook', 'PATCH', '/api/me/webhooks/{endpointId}'],
    ['DeleteWebhook', 'DELETE', '/api/me/webhooks/{endpointId}'],
    ['RevealWebhookSecret', 'GET', '/api/me/webhooks/{endpointId}/secret'],
    ['RotateWebhookSecret', 'POST', '/api/me/webhooks/{endpointId}/rotate'],
    ['TestWebhook', 'POST', '/api/me/webhooks/{endpointId}/test'],
    ['ListWebhookDeliveries', 'GET', '/api/me/webhooks/{endpointId}/deliveries'],
    ['ReplayWebhookDelivery', 'POST', '/api/me/webhooks/{endpointId}/deliveries/{deliveryId}/replay'],
  ]),
  ...ownerFunction('brand', { table: 'write', objects: { brands: ['read', 'write'] } }, [
    ['GetBrand', 'GET', '/api/me/brand'],
    ['SaveBrand', 'PUT', '/api/me/brand'],
    ['RemoveBrand', 'DELETE', '/api/me/brand'],
  ]),
  // The owner's wallet (issue #32): Connect (a sign-in message, then the signed message), Disconnect,
  // and the claim of a held token (queued to the anchor worker, which alone sends transactions).
  ...ownerFunction(
    'wallet',
    { table: 'write', enqueue: ['anchor'] },
    [
      ['CreateWalletChallenge', 'POST', '/api/me/wallet/challenge'],
      ['ConnectWallet', 'POST', '/api/me/wallet'],
      ['DisconnectWallet', 'DELETE', '/api/me/wallet'],
      ['ClaimToken', 'POST', '/api/documents/{docuId}/token/claim'],
    ],
    ['userDirectoryRead'],
  ),
  // API keys (issue #31 item 1): My Info → API; one function for the owner's three routes.
  ...ownerFunction('api-keys', WRITE, [
    ['ListApiKeys', 'GET', '/api/account/api-keys'],
    ['CreateApiKey', 'POST', '/api/account/api-keys'],
    ['RevokeApiKey', 'DELETE', '/api/account/api-keys/{keyId}'],
  ]),
  // The logos, public and content-addressed (e-mails and signer pages load them without a token),
  // served by the same function (the app stack's resource budget).
  {
    id: 'GetBrandLogo',
    method: 'GET',
    path: '/api/brand/logos/{file}',
    auth: 'public',
    handler: 'brand',
    access: { objects: { brands: ['read'] } },
  },
  // Embedded signing (issue #31 item 4, decision 160): My Info → Embedding's allowed origins, the
  // owner's session for one contractor (lambdas/handlers/embed.ts, one function)…
  ...ownerFunction('embed', { table: 'write' }, [
    ['GetEmbedOrigins', 'GET', '/api/account/embed-origins'],
    ['SaveEmbedOrigins', 'PUT', '/api/account/embed-origins'],
    ['CreateEmbeddedSession', 'POST', '/api/documents/{docuId}/recipients/{index}/embedded-session'],
  ]),
  // …and the embedded signer page: the app shell with the account's frame-ancestors. Outside /api:
  // CloudFront sends /embed/* to the API (lib/constructs/web.ts); the session token is checked here.
  {
    id: 'GetEmbedPage',
    method: 'GET',
    path: '/embed/{lang}/{docuId}/{token}',
    auth: 'signer',
    handler: 'embed',
    access: { table: 'write' },
  },
  // Documents: the e-sign creation funnel (issue #4).
  {
    id: 'CreateDocument',
    method: 'POST',
    path: '/api/documents',
    auth: 'owner',
    handler: 'create-document',
    access: EDIT,
  },
  {
    id: 'GetDocument',
    method: 'GET',
    path: '/api/documents/{docuId}',
    auth: 'owner',
    handler: 'get-document',
    access: VIEW,
  },
  {
    id: 'UpdateDocument',
    method: 'PATCH',
    path: '/api/documents/{docuId}',
    auth: 'owner',
    handler: 'update-document',
    access: EDIT,
  },
  {
    id: 'CreateUpload',
    method: 'POST',
    path: '/api/documents/{docuId}/upload',
    auth: 'owner',
    handler: 'create-upload',
    access: { table: 'write', objects: { uploads: ['write', 'delete'] } },
  },
  {
    id: 'CompleteUpload',
    method: 'POST',
    path: '/api/documents/{docuId}/upload/complete',
    auth: 'owner',
    handler: 'complete-upload',
    access: {
      table: 'write',
      objects: { uploads: ['read', 'delete'], documents: ['read', 'write', 'delete'] },
    },
  },
  {
    id: 'SaveRecipients',
    method: 'PUT',
    path: '/api/documents/{docuId}/recipients',
    auth: 'owner',
    handler: 'save-recipients',
    access: EDIT,
  },
  {
    id: 'SaveAreas',
    method: 'PUT',
    path: '/api/documents/{docuId}/areas',
    auth: 'owner',
    handler: 'save-areas',
    access: EDIT,
  },
  {
    id: 'SendDocument',
    method: 'POST',
    path: '/api/documents/{docuId}/send',
    auth: 'owner',
    handler: 'send-document',
    access: { ...EDIT, enqueue: ['notify', 'seal', 'webhook'] },
    // Routing (issue #28): sending plans reminders and expiry; an answer cancels or moves them.
    grants: ['schedules'],
  },
  // Templates (issue #27): one function (./handlers/templates.ts) for the template routes and bulk send.
  ...ownerFunction(
    'templates',
    {
      table: 'write',
      objects: { documents: ['read', 'write'], templates: ['read', 'write', 'delete'] },
      enqueue: ['bulk'],
    },
    [
      ['ListTemplates', 'GET', '/api/templates'],
      ['CreateTemplate', 'POST', '/api/templates'],
      ['GetTemplate', 'GET', '/api/templates/{templateId}'],
      ['UpdateTemplate', 'PATCH', '/api/templates/{templateId}'],
      ['DeleteTemplate', 'DELETE', '/api/templates/{templateId}'],
      ['DuplicateTemplate', 'POST', '/api/templates/{templateId}/duplicate'],
      ['UseTemplate', 'POST', '/api/templates/{templateId}/use'],
      ['BulkSend', 'POST', '/api/templates/{templateId}/bulk'],
      ['GetBulkSend', 'GET', '/api/templates/{templateId}/bulk/{bulkId}'],
      ['RetryBulkSend', 'POST', '/api/templates/{templateId}/bulk/{bulkId}/retry'],
    ],
  ),
  {
    id: 'GetAddressBook',
    method: 'GET',
    path: '/api/address-book',
    auth: 'owner',
    handler: 'address-book',
    access: READ,
  },
  {
    id: 'ResendRequest',
    method: 'POST',
    path: '/api/documents/{docuId}/recipients/{index}/resend',
    auth: 'owner',
    handler: 'resend-request',
    access: { table: 'write', enqueue: ['notify'] },
  },
  // Routing (issue #28): the owner's control of a sent contract, one function (./handlers/routing.ts).
  // A new contact or expiry reschedules; voiding cancels (and is a webhook event, issue #31).
  ...ownerFunction(
    'routing',
    { table: 'write', enqueue: ['notify', 'webhook'] },
    [
      ['RemindRecipient', 'POST', '/api/documents/{docuId}/recipients/{index}/remind'],
      ['ChangeRecipientContact', 'PUT', '/api/documents/{docuId}/recipients/{index}/contact'],
      ['VoidDocument', 'POST', '/api/documents/{docuId}/void'],
      ['SetExpiry', 'PUT', '/api/documents/{docuId}/expiry'],
    ],
    ['schedules'],
  ),
  // Contract management (issue #7): lists, details, activity, status, download, mail, delete, and the
  // contractor's own signer link (Continue).
  {
    id: 'ListContracts',
    method: 'GET',
    path: '/api/documents',
    auth: 'owner',
    handler: 'list-contracts',
    access: READ,
  },
  {
    id: 'GetContractDetails',
    method: 'GET',
    path: '/api/documents/{docuId}/details',
    auth: 'owner',
    handler: 'contract-details',
    access: READ,
  },
  {
    id: 'GetContractStatus',
    method: 'GET',
    path: '/api/documents/{docuId}/status',
    auth: 'owner',
    handler: 'contract-status',
    access: READ,
  },
  {
    id: 'DownloadDocument',
    method: 'GET',
    path: '/api/documents/{docuId}/download',
    auth: 'owner',
    handler: 'download-document',
    access: VIEW,
  },
  {
    id: 'MailDocument',
    method: 'POST',
    path: '/api/documents/{docuId}/mail',
    auth: 'owner',
    handler: 'mail-document',
    // Reads only today; the per-owner send limits (architecture §18) count in the table.
    access: { table: 'write', enqueue: ['notify'] },
  },
  {
    id: 'DeleteDocument',
    method: 'DELETE',
    path: '/api/documents/{docuId}',
    auth: 'owner',
    handler: 'delete-document',
    access: { table: 'write', objects: { documents: ['delete'], uploads: ['delete'] } },
  },
  // Issue #15: the owner plays a contractor's agreement video in the details (short-lived presigned GET).
  {
    id: 'GetContractVideo',
    method: 'GET',
    path: '/api/documents/{docuId}/videos/{index}',
    auth: 'owner',
    handler: 'contract-video',
    access: VIEW,
  },
  {
    id: 'ContractorSignerLink',
    method: 'POST',
    path: '/api/documents/{docuId}/signer-link',
    auth: 'owner',
    handler: 'contractor-signer-link',
    access: WRITE,
  },
  {
    id: 'GetActivity',
    method: 'GET',
    path: '/api/activity',
    auth: 'owner',
    handler: 'activity',
    access: READ,
  },
  // Short links of SMS messages (issue #14): public; the handler checks the code and its expiry, then
  // redirects (302) to the signer or verify page, or to a fresh presigned download of a final PDF.
  {
    id: 'OpenShortLink',
    method: 'GET',
    path: '/api/s/{code}',
    auth: 'public',
    handler: 'short-link',
    access: { table: 'read', objects: { documents: ['read'] } },
  },
  // The operators' console (issue #20): owner routes whose handlers refuse every user but an admin
  // (the user record's isAdmin flag) with 403; each action is written to the audit trail.
  {
    id: 'AdminJobs',
    method: 'GET',
    path: '/api/admin/jobs',
    auth: 'owner',
    handler: 'admin-jobs',
    access: READ,
    grants: ['jobsInspect'],
  },
  {
    id: 'AdminRedrive',
    method: 'POST',
    path: '/api/admin/jobs/{queue}/redrive',
    auth: 'owner',
    handler: 'admin-redrive',
    access: { table: 'write', enqueue: ['seal', 'anchor', 'notify'] },
    grants: ['jobsRedrive'],
  },
  {
    id: 'AdminReseal',
    method: 'POST',
    path: '/api/admin/documents/{docuId}/reseal',
    auth: 'owner',
    handler: 'admin-reseal',
    access: { table: 'write', enqueue: ['seal', 'anchor'] },
  },
  {
    id: 'AdminSettings',
    method: 'GET',
    path: '/api/admin/settings',
    auth: 'owner',
    handler: 'admin-settings',
    access: READ,
  },
  {
    id: 'AdminAudit',
    method: 'GET',
    path: '/api/admin/audit',
    auth: 'owner',
    handler: 'admin-audit',
    access: READ,
  },
  // Signing without an account (issue #5): open at the gateway, the handler checks the signer token.
  {
    id: 'GetSignerView',
    method: 'GET',
    path: '/api/sign/{docuId}/{token}',
    auth: 'signer',
    handler: 'signer-view',
    // The first view is a webhook event (issue #31).
    access: { ...SIGNER_VIEW, enqueue: ['webhook'] },
  },
  {
    id: 'UploadSign',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/signs',
    auth: 'signer',
    handler: 'signer-upload-sign',
    access: { table: 'write', objects: { signerSigns: ['read', 'write'] } },
  },
  {
    id: 'ApplySigns',
    method: 'PUT',
    path: '/api/sign/{docuId}/{token}/areas',
    auth: 'signer',
    handler: 'signer-fields',
    access: SIGNER_VIEW,
  },
  // Fields (issue #27): values of the signer's own value fields; attachment fields use the originals'
  // staging design (a one-time form for one `uploads/` key, checked bytes copied to `documents/`).
  {
    id: 'FillFields',
    method: 'PUT',
    path: '/api/sign/{docuId}/{token}/fields',
    auth: 'signer',
    handler: 'signer-fields',
    access: SIGNER_VIEW,
  },
  {
    id: 'CreateAttachmentUpload',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/attachments',
    auth: 'signer',
    handler: 'signer-attachment-upload',
    access: { table: 'write', objects: { uploads: ['write', 'delete'] } },
  },
  {
    id: 'CompleteAttachmentUpload',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/attachments/complete',
    auth: 'signer',
    handler: 'signer-fields',
    access: {
      table: 'write',
      objects: {
        uploads: ['read', 'delete'],
        documents: ['read', 'write', 'delete'],
        signerSigns: ['read'],
      },
    },
  },
  {
    id: 'DeleteAttachment',
    method: 'DELETE',
    path: '/api/sign/{docuId}/{token}/attachments/{areaIndex}',
    auth: 'signer',
    handler: 'signer-fields',
    access: { table: 'write', objects: { documents: ['read', 'delete'], signerSigns: ['read'] } },
  },
  {
    id: 'SignerAgree',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/agree',
    auth: 'signer',
    handler: 'signer-agree',
    access: { table: 'write', enqueue: ['seal', 'notify', 'webhook'] },
    // Routing (issue #28): sending plans reminders and expiry; an answer cancels or moves them.
    grants: ['schedules'],
  },
  {
    id: 'SignerDeny',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/deny',
    auth: 'signer',
    handler: 'signer-deny',
    access: { table: 'write', enqueue: ['notify', 'webhook'] },
    // Routing (issue #28): sending plans reminders and expiry; an answer cancels or moves them.
    grants: ['schedules'],
  },
  {
    id: 'SignerRejectTerms',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/reject-terms',
    auth: 'signer',
    handler: 'signer-reject-terms',
    access: { table: 'write', enqueue: ['notify', 'webhook'] },
    // Routing (issue #28): sending plans reminders and expiry; an answer cancels or moves them.
    grants: ['schedules'],
  },
  // Delegation (issue #28): the contractor forwards their request (a new link; the old one revoked).
  {
    id: 'SignerDelegate',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/delegate',
    auth: 'signer',
    handler: 'signer-delegate',
    access: { table: 'write', enqueue: ['notify'] },
    // The delegate's turn opens: their reminders replace the delegator's.
    grants: ['schedules'],
  },
  // Collaborative commenting (issue #29 item 3): one function (./handlers/comments.ts) for the thread of
  // the owner and company members (signed in) and of each contractor (their signer link, checked in
  // the handler). Mentions queue e-mails under the send limits (counted in the table).
  ...ownerFunction('comments', { table: 'write', enqueue: ['notify'] }, [
    ['ListComments', 'GET', '/api/documents/{docuId}/comments'],
    ['PostComment', 'POST', '/api/documents/{docuId}/comments'],
    ['EditComment', 'PATCH', '/api/documents/{docuId}/comments/{commentId}'],
    ['DeleteComment', 'DELETE', '/api/documents/{docuId}/comments/{commentId}'],
  ]),
  ...(
    [
      ['SignerListComments', 'GET', '/api/sign/{docuId}/{token}/comments'],
      ['SignerPostComment', 'POST', '/api/sign/{docuId}/{token}/comments'],
      ['SignerEditComment', 'PATCH', '/api/sign/{docuId}/{token}/comments/{commentId}'],
      ['SignerDeleteComment', 'DELETE', '/api/sign/{docuId}/{token}/comments/{commentId}'],
    ] as const
  ).map(([id, method, path]): RouteDefinition => ({
    id,
    method,
    path,
    auth: 'signer',
    handler: 'comments',
    access: { table: 'write', enqueue: ['notify'] },
  })),
  // Cross video confirmation (issue #15 item 4): a party's own link (purpose 'vconfirm', hash stored).
  {
    id: 'GetVideoConfirmView',
    method: 'GET',
    path: '/api/video-confirm/{docuId}/{token}',
    auth: 'signer',
    handler: 'video-confirm-view',
    access: { table: 'read', objects: { documents: ['read'] } },
  },
  {
    id: 'ConfirmVideos',
    method: 'POST',
    path: '/api/video-confirm/{docuId}/{token}/confirm',
    auth: 'signer',
    handler: 'video-confirm',
    access: { table: 'write', enqueue: ['seal'] },
    // Routing (issue #28): sending plans reminders and expiry; an answer cancels or moves them.
    grants: ['schedules'],
  },
  {
    id: 'DenyVideos',
    method: 'POST',
    path: '/api/video-confirm/{docuId}/{token}/deny',
    auth: 'signer',
    handler: 'video-confirm-deny',
    access: { table: 'write', enqueue: ['notify'] },
    // Routing (issue #28): sending plans reminders and expiry; an answer cancels or moves them.
    grants: ['schedules'],
  },
  // Agreement videos (issue #15): a recording session signs a form for one staging key of its own (and
  // removes the replaced session's file); completion streams it, checks it, and copies the checked
  // bytes to `documents/{docuId}/videos/…`, a key no form names.
  {
    id: 'StartVideoSession',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/video-session',
    auth: 'signer',
    handler: 'signer-video-session',
    access: { table: 'write', objects: { uploads: ['write', 'delete'] } },
  },
  {
    id: 'CompleteVideoSession',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/video-session/{sessionId}/complete',
    auth: 'signer',
    handler: 'signer-video-complete',
    access: {
      table: 'write',
      objects: { uploads: ['read', 'delete'], documents: ['write', 'delete'] },
      enqueue: ['webhook'],
    },
  },
  // The owner as a contractor of a Video Sign contract records in the funnel (SetPos, before sending):
  // the same sessions, forms and checks, for the owner's own contractor row.
  {
    id: 'StartOwnerVideoSession',
    method: 'POST',
    path: '/api/documents/{docuId}/video-session',
    auth: 'owner',
    handler: 'owner-video-session',
    access: { table: 'write', objects: { uploads: ['write', 'delete'] } },
  },
  {
    id: 'CompleteOwnerVideoSession',
    method: 'POST',
    path: '/api/documents/{docuId}/video-session/{sessionId}/complete',
    auth: 'owner',
    handler: 'owner-video-complete',
    access: {
      table: 'write',
      objects: { uploads: ['read', 'delete'], documents: ['write', 'delete'] },
      enqueue: ['webhook'],
    },
  },
  // Phone hand-off of the video step (issue #15): a 15-minute link of its own (only its hash stored)
  // opens recording sessions of its contractor from a phone; the computer polls the video status.
  {
    id: 'CreateVideoMobileLink',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/video-mobile-link',
    auth: 'signer',
    handler: 'signer-video-mobile-link',
    access: { table: 'write' },
  },
  {
    id: 'SignerVideoStatus',
    method: 'GET',
    path: '/api/sign/{docuId}/{token}/video',
    auth: 'signer',
    handler: 'signer-video-status',
    access: { table: 'read' },
  },
  // The signer page's 'Caution!' check (issue #29): the signed-in user's e-mail against the link's
  // contractor's real contact, server-side; only a boolean is answered.
  {
    id: 'SignerIdentity',
    method: 'POST',
    path: '/api/sign/{docuId}/{token}/identity',
    auth: 'owner',
    handler: 'signer-identity',
    access: { table: 'read' },
  },
  {
    id: 'MobileVideoView',
    method: 'GET',
    path: '/api/vsign-mobile/{mobileToken}',
    auth: 'signer',
    handler: 'mobile-video-view',
    access: { table: 'read' },
  },
  {
    id: 'StartMobileVideoSession',
    method: 'POST',
    path: '/api/vsign-mobile/{mobileToken}/video-session',
    auth: 'signer',
    handler: 'mobile-video-session',
    access: { table: 'write', objects: { uploads: ['write', 'delete'] } },
  },
  {
    id: 'CompleteMobileVideoSession',
    method: 'POST',
    path: '/api/vsign-mobile/{mobileToken}/video-session/{sessionId}/complete',
    auth: 'signer',
    handler: 'mobile-video-complete',
    access: {
      table: 'write',
      objects: { uploads: ['read', 'delete'], documents: ['write', 'delete'] },
      enqueue: ['webhook'],
    },
  },
  // Plans and payments (issue #18, architecture §16). The webhook is public and checked by the
  // provider's signature only; each event id is claimed once (a job record).
  {
    id: 'GetPlanPrices',
    method: 'GET',
    path: '/api/plans/prices',
    auth: 'public',
    handler: 'billing',
    access: {},
    grants: ['payments'],
  },
  {
    id: 'CreateCheckout',
    method: 'POST',
    path: '/api/billing/checkout',
    auth: 'owner',
    handler: 'billing',
    access: WRITE,
    grants: ['payments'],
  },
  {
    id: 'StripeWebhook',
    method: 'POST',
    path: '/api/stripe/webhook',
    auth: 'public',
    handler: 'billing',
    // A failed renewal queues a notice to the owner.
    access: { ...WRITE, enqueue: ['notify'] },
    grants: ['payments'],
  },
  {
    id: 'GetMyPlan',
    method: 'GET',
    path: '/api/billing/plan',
    auth: 'owner',
    handler: 'billing',
    access: READ,
    grants: ['payments'],
  },
  {
    id: 'CancelSubscription',
    method: 'POST',
    path: '/api/billing/cancel',
    auth: 'owner',
    handler: 'billing',
    access: READ,
    grants: ['payments'],
  },
  {
    id: 'ListInvoices',
    method: 'GET',
    path: '/api/billing/invoices',
    auth: 'owner',
    handler: 'billing',
    access: READ,
    grants: ['payments'],
  },
  // The public REST API (issue #31): every /api/v1 method and path, one function that routes by the v1
  // registry (shared/api/v1/routes.ts) and checks the API key itself. Its access is the union of the
  // SPA routes it reuses: upload, complete, send, void, use a template, download.
  {
    id: 'ApiV1',
    method: 'ANY',
    path: '/api/v1/{proxy+}',
    auth: 'apiKey',
    handler: 'api-v1',
    access: {
      table: 'write',
      objects: {
        documents: ['read', 'write', 'delete'],
        uploads: ['read', 'write', 'delete'],
        templates: ['read'],
      },
      enqueue: ['notify', 'seal'],
    },
    grants: ['schedules'],
  },
  // A standard plan's company members: one route, two methods (the app stack's resource budget).
  {
    id: 'GetMembers',
    method: 'GET',
    path: '/api/billing/members',
    auth: 'owner',
    handler: 'billing',
    access: READ,
    grants: ['payments'],
  },
  {
    id: 'SaveMembers',
    method: 'PUT',
    path: '/api/billing/members',
    auth: 'owner',
    handler: 'billing',
    access: WRITE,
    grants: ['payments'],
  },
];

/** Every method and path not in ROUTES: API Gateway's `$default` route, and the local gateway's
 *  fallback. Its handler answers a JSON 404 (errors.routeNotFound). */
export const DEFAULT_ROUTE = { id: 'Default', handler: 'not-found', access: {} } as const;

/** Worker handler modules, one per queue: `lambdas/workers/<queue>.ts`, exporting `handler`. */
export const WORKERS = ['seal', 'anchor', 'notify', 'bulk', 'schedule', 'webhook'] as const;
export type WorkerName = (typeof WORKERS)[number];

/** The extra permissions of workers (as a route's `grants`): the bulk worker sends contracts (their
 *  reminders and expiry are scheduled, issue #28), the schedule worker plans the next reminder. */
export const WORKER_GRANTS: Readonly<Partial<Record<WorkerName, readonly RouteGrant[]>>> = {
  bulk: ['schedules'],
  schedule: ['schedules'],
};

/** What each worker (and the scheduled sweep, lambdas/workers/sweep.ts) does with the data; see DataAccess. */
export const WORKER_ACCESS: Readonly<Record<WorkerName | 'sweep', DataAccess>> = {
  // Reads the original and the sign images, writes the final PDF (removing it again when the
  // document changed meanwhile), then queues the anchor job and the completion messages.
  seal: {
    table: 'write',
    objects: {
      documents: ['read', 'write', 'delete'],
      ownerSigns: ['read'],
      signerSigns: ['read'],
      // The brand logo on the first audit page (issue #29 item 2).
      brands: ['read'],
    },
    enqueue: ['anchor', 'notify', 'webhook'],
  },
  // Writes the certificates, then queues their messages.
  // The certificate carries the brand logo (issue #29 item 2).
  anchor: {
    table: 'write',
    objects: { documents: ['write'], brands: ['read'] },
    enqueue: ['notify', 'webhook'],
  },
  // Attaches the final PDF or a certificate; records what it sent (idempotency).
  notify: { table: 'write', objects: { documents: ['read'] } },
  // Bulk send: makes each row's contract from a copy of the template's PDF (as Use template does) and
  // sends it (as Send does: requests to the notify queue, a seal when nobody else signs).
  bulk: {
    table: 'write',
    objects: { documents: ['read', 'write'], templates: ['read'] },
    enqueue: ['notify', 'seal', 'webhook'],
  },
  // Scheduled work (issue #28): a due reminder or expiry checks the document again, records what it
  // did and queues the reminder's or the expiry's messages (never a seal).
  schedule: { table: 'write', enqueue: ['notify', 'webhook'] },
  // Webhook deliveries (issue #31 item 3): reads the endpoint, writes the delivery log; no queue (its
  // own retries are visibility changes on its queue, which its event source already grants).
  webhook: { table: 'write' },
  // Re-queues overdue seal and anchor work and removes the markers it handled; sends dead-lettered
  // notifications back to the notify queue (issue #36; its DLQ rights: lib/stacks/app-stack.ts).
  sweep: { table: 'write', enqueue: ['seal', 'anchor', 'notify'] },
};
