// DynamoDB single-table model, declared with ElectroDB. Only the repository adapters touch it.
// Index names and key fields match shared/infra/definitions.ts (TABLE), which both the CDK and the local
// cloud use to create the table.
import { Entity, type EntityItem } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { OWNER_SIGN_KINDS } from '../../../shared/domain/owner-signs';
import { DOCUMENT_LIST_TABS, DOCUMENT_STATUSES, HISTORY_ACTIONS } from '../../../shared/domain/status';

const SERVICE = 'signseal';

/** A reminder plan (issue #28): the first after N days, then every M days, at most K. */
const REMINDER_PLAN = {
  type: 'map',
  properties: {
    firstAfterDays: { type: 'number', required: true },
    everyDays: { type: 'number', required: true },
    max: { type: 'number', required: true },
  },
} as const;

export function createEntities(client: DynamoDBDocumentClient, table: string) {
  const user = new Entity(
    {
      model: { entity: 'user', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        email: { type: 'string', required: true },
        emailVerified: { type: 'boolean', default: false },
        name: { type: 'string', required: true },
        phone: { type: 'string' },
        image: { type: 'string' },
        walletAddress: { type: 'string' },
        /** Issue #32: when the wallet was proved by a signed sign-in message (absent: typed, never
         *  signed for; no token is delivered to it). */
        walletVerifiedAt: { type: 'string' },
        plan: {
          type: ['trial', 'month_personal', 'month_standard', 'year_personal', 'year_standard'] as const,
          required: true,
        },
        validDate: { type: 'string', required: true },
        availableTickets: { type: 'number', required: true },
        customerId: { type: 'string' },
        /** Entitlements (issue #18, shared/domain/entitlements.ts): ticket lots used first-in-first-out,
         *  standard seats, this month's subscription sends, and a version every consumption checks. */
        ticketLots: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              source: { type: ['trial', 'onetime', 'grant'] as const, required: true },
              count: { type: 'number', required: true },
              addedAt: { type: 'string', required: true },
              expiresAt: { type: 'string' },
            },
          },
        },
        seats: { type: 'number' },
        usageMonth: { type: 'string' },
        usageCount: { type: 'number' },
        entitlementVersion: { type: 'number' },
        subscriptionId: { type: 'string' },
        /** Stripe's subscription status and its scheduled end (cancel at period end). */
        subscriptionStatus: { type: 'string' },
        cancelAt: { type: 'string' },
        /** A standard plan's company members (issue #18): the e-mails (lower case) that share it; the
         *  buyer's own seat is not listed. Each has a seatMember item naming this user. */
        memberEmails: { type: 'list', items: { type: 'string' } },
        isAdmin: { type: 'boolean', default: false },
        /** The default sign of the owner's sign list (a sign item of this user). spec: default_sign_index. */
        defaultSignId: { type: 'string' },
        /** Sign-click tutorial counter (issue #17; absent = 0). spec: comp_signclick. */
        signClickTutorialCount: { type: 'number' },
        /** Issue #28: My Info's routing defaults for new contracts (absent: reminders off, no expiry,
         *  no delegation). */
        routingDefaults: {
          type: 'map',
          properties: {
            reminders: REMINDER_PLAN,
            expiryDays: { type: 'number' },
            allowDelegation: { type: 'boolean' },
          },
        },
        /** Issue #29 item 2: My Info → Brand (usecases/brand.ts). The logo is the object
         *  `brands/{logoSha256}.png` (our re-encoding); the colour is AA against white. Kept when the
         *  plan lapses (then not applied), removed by Remove brand. */
        brand: {
          type: 'map',
          properties: {
            logoSha256: { type: 'string' },
            logoWidth: { type: 'number' },
            logoHeight: { type: 'number' },
            color: { type: 'string', required: true },
            updatedAt: { type: 'string', required: true },
          },
        },
        /** Issue #31 item 4: the exact origins that may frame this account's embedded signing sessions
         *  (shared/domain/embed.ts; at most 10, normalised). Absent: none. */
        embedOrigins: { type: 'list', items: { type: 'string' } },
        closed: { type: 'boolean', default: false },
        closedAt: { type: 'string' },
        /** Registration consents, with when, in which language and to which terms version. */
        consents: {
          type: 'map',
          properties: {
            termsOfService: { type: 'boolean', required: true },
            privacyPolicy: { type: 'boolean', required: true },
            ageConfirmed: { type: 'boolean', required: true },
            marketing: { type: 'boolean', required: true },
            thirdPartyProvision: { type: 'boolean', required: true },
            termsVersion: { type: 'string', required: true },
            consentedAt: { type: 'string', required: true },
            lang: { type: 'string', required: true },
          },
        },
        createdAt: { type: 'string', required: true },
        lastLoginAt: { type: 'string' },
      },
      indexes: {
        byId: {
          pk: { field: 'pk', composite: ['userId'] },
          sk: { field: 'sk', composite: [] },
        },
        byEmail: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['email'] },
          sk: { field: 'gsi1sk', composite: [] },
        },
      },
    },
    { client, table },
  );

  /** An e-mail verification code the product sent (issue #13): for a sign-up (keyed by the address)
   *  or for an account's address (keyed by the user id). Only a salted SHA-256 of the code is kept,
   *  with the wrong attempts counted; it expires by TTL. A sign-up's name, consents and language wait
   *  here until the code is confirmed (never the password). */
  const verificationCode = new Entity(
    {
      model: { entity: 'verificationCode', version: '1', service: SERVICE },
      attributes: {
        /** `{purpose}#{SHA-256 of the key}`: no address in clear in the key. */
        codeId: { type: 'string', required: true },
        email: { type: 'string', required: true },
        salt: { type: 'string', required: true },
        codeHash: { type: 'string', required: true },
        attempts: { type: 'number', required: true },
        /** Epoch milliseconds. */
        expiresAt: { type: 'number', required: true },
        /** JSON of what a sign-up waits with (name, consents, language). */
        payload: { type: 'string' },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['codeId'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  /** A job's side effect, claimed before it runs and marked done after, so a retried SQS message
   *  never repeats it. A 'pending' claim whose lease ran out (the worker died mid-way) may be taken
   *  again. Expires by TTL. */
  const jobRecord = new Entity(
    {
      model: { entity: 'jobRecord', version: '1', service: SERVICE },
      attributes: {
        key: { type: 'string', required: true },
        state: { type: ['pending', 'done'] as const, required: true },
        /** Epoch milliseconds until which a pending claim belongs to the worker that made it. */
        leaseUntil: { type: 'number', required: true },
        claimedAt: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byKey: { pk: { field: 'pk', composite: ['key'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  // --- Documents (issue #4) ------------------------------------------------------------------
  // A document's items share its partition (pk by docuId): the document itself, one item per
  // recipient (sk by index, so concurrent signers never overwrite each other) and its history.

  const document = new Entity(
    {
      model: { entity: 'document', version: '1', service: SERVICE },
      attributes: {
        docuId: { type: 'string', required: true },
        id4: { type: 'string', required: true },
        ownerId: { type: 'string', required: true },
        kind: { type: ['esign', 'vsign', 'vcontract'] as const, required: true },
        title: { type: 'string', default: '' },
        status: { type: DOCUMENT_STATUSES, required: true },
        /** Video confirmation of an owner who is not a contractor (issue #15): 0 pending, 1, 2. */
        ownerVideoConfirm: { type: 'number' },
        /** The file name of the upload in progress (presigned, not yet checked). */
        pendingFileName: { type: 'string' },
        /** The staging key of the one upload form in force; cleared when it is completed (spent). */
        pendingUploadKey: { type: 'string' },
        originalFileName: { type: 'string' },
        fileKey: { type: 'string' },
        /** The storage's entity tag of the accepted original, checked whenever it is served. */
        fileEtag: { type: 'string' },
        sizeBytes: { type: 'number' },
        sha256: { type: 'string' },
        /** Issue #33: how many leading pages of the original have an image (usecases/page-images.ts). */
        pageImages: { type: 'number' },
        pages: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              width: { type: 'number', required: true },
              height: { type: 'number', required: true },
            },
          },
        },
        /** Issue #27: the uploaded PDF's own form fields (usecases/form-fields.ts), offered to the owner
         *  on Set Position; replaced at each upload. */
        formFields: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              name: { type: 'string', required: true },
              type: { type: 'string', required: true },
              pageIndex: { type: 'number', required: true },
              x: { type: 'number', required: true },
              y: { type: 'number', required: true },
              width: { type: 'number', required: true },
              height: { type: 'number', required: true },
              required: { type: 'boolean', required: true },
              multiline: { type: 'boolean' },
              maxLength: { type: 'number' },
              options: { type: 'list', items: { type: 'string' } },
            },
          },
        },
        privateinfoAgree: { type: 'boolean', default: false },
        /** Issue #28 (architecture §20): routing. Absent order: parallel (documents before it). */
        routingOrder: { type: ['parallel', 'sequential'] as const },
        /** Reminder plan (absent: none). */
        reminders: REMINDER_PLAN,
        /** The expiry date (absent: never expires); `expiredAt`, when it became Expired, and the status
         *  it left (an extension goes back to it). */
        expiresAt: { type: 'string' },
        expiredAt: { type: 'string' },
        expiredFrom: { type: 'string' },
        allowDelegation: { type: 'boolean' },
        /** A voided contract's reason and time. */
        voidReason: { type: 'string' },
        voidedAt: { type: 'string' },
        /** Issue #29 item 2: the brand the contract was sent under (the owner's, a member's company's),
         *  fixed at sending so a later change does not alter a contract in flight; absent: SignSeal's. */
        brand: {
          type: 'map',
          properties: {
            logoSha256: { type: 'string' },
            color: { type: 'string', required: true },
            name: { type: 'string', required: true },
          },
        },
        finalRecipients: { type: 'list', items: { type: 'string' } },
        lang: { type: 'string' },
        createdAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
        uploadedAt: { type: 'string' },
        sentAt: { type: 'string' },
        /** The sealed PDF (issue #6): its key, size and SHA-256 (what is anchored on chain). */
        finalKey: { type: 'string' },
        finalSizeBytes: { type: 'number' },
        finalSha256: { type: 'string' },
        /** Its pages (issue #34 item 4: a video contract's Details describe its record PDF). */
        finalPageCount: { type: 'number' },
        completedAt: { type: 'string' },
        /** The ERC-721 token minted for finalSha256. */
        anchorTokenId: { type: 'string' },
        anchorTxHash: { type: 'string' },
        anchorChainId: { type: 'number' },
        anchorContract: { type: 'string' },
        anchorHolder: { type: 'string' },
        anchorBlockNumber: { type: 'number' },
        anchoredAt: { type: 'string' },
        /** Issue #32: the token was minted to the service's address, held for the owner to claim. */
        anchorHeld: { type: 'boolean' },
        /** Issue #33 (anchorMode 'merkle'): finalSha256 is a leaf of a Merkle root anchored on the
         *  MerkleAnchor contract; its inclusion proof, the root's transaction and block time. */
        merkleAnchor: {
          type: 'map',
          properties: {
            root: { type: 'string', required: true },
            leafIndex: { type: 'number', required: true },
            leafCount: { type: 'number', required: true },
            proof: { type: 'list', items: { type: 'string' }, required: true },
            transactionHash: { type: 'string', required: true },
            blockNumber: { type: 'number', required: true },
            anchoredAt: { type: 'string', required: true },
            chainId: { type: 'number', required: true },
            contractAddress: { type: 'string', required: true },
          },
        },
        /** Issue #32: the owner's claim of a held token: the verified wallet it goes to, when asked,
         *  and, once moved, the transfer's transaction and time (or why it could not be moved). */
        claimTo: { type: 'string' },
        claimRequestedAt: { type: 'string' },
        claimTxHash: { type: 'string' },
        claimedAt: { type: 'string' },
        claimError: { type: 'string' },
        /** The certificate PDF e-mailed after anchoring. */
        certificateKey: { type: 'string' },
        /** Issue #30 item 3: when the sealed file's archive timestamp is next renewed (ISO), before its
         *  authority's certificate expires; an evidenceRenewal item with the same time is the schedule. */
        evidenceRenewBy: { type: 'string' },
        /** How many times the archive timestamp was renewed (each adds a DSS and a document timestamp). */
        evidenceRenewals: { type: 'number' },
        /** Optimistic-concurrency counter: every state-dependent write is conditional on it. */
        version: { type: 'number', required: true },
        /** The contract list's tab (DOCUMENT_LIST_TAB of the status), kept in step with the status by the
         *  repository: it keys byOwnerTab, so a tab's first page is one Query (issue #7). */
        listTab: { type: DOCUMENT_LIST_TABS },
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['docuId'] }, sk: { field: 'sk', composite: [] } },
        /** The owner's documents; query in descending order for newest first. */
        byOwner: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['ownerId'] },
          sk: { field: 'gsi1sk', composite: ['createdAt', 'docuId'] },
        },
        /** The owner's documents of one list tab (draft / pending / signed), newest first in descending order. */
        byOwnerTab: {
          index: 'gsi3',
          pk: { field: 'gsi3pk', composite: ['ownerId', 'listTab'] },
          sk: { field: 'gsi3sk', composite: ['createdAt', 'docuId'] },
        },
      },
    },
    { client, table },
  );

  const signArea = {
    type: 'map',
    properties: {
      pageIndex: { type: 'number', required: true },
      x: { type: 'number', required: true },
      y: { type: 'number', required: true },
      width: { type: 'number', required: true },
      height: { type: 'number', required: true },
      signed: { type: 'boolean', required: true },
      /** The sign image applied by the signer (issue #5). */
      signId: { type: 'string' },
      /** Issue #27: the field's type (shared/domain/fields.ts); absent = 'signature' (areas before it). */
      type: { type: 'string' },
      /** Absent: sign images required, other fields optional (fields.ts isRequired). */
      required: { type: 'boolean' },
      label: { type: 'string' },
      placeholder: { type: 'string' },
      multiline: { type: 'boolean' },
      maxLength: { type: 'number' },
      options: { type: 'list', items: { type: 'string' } },
      /** A value field's value (the owner's pre-fill, then the contractor's). */
      value: { type: 'string' },
      /** When the contractor last filled the field (sign applied, value set, file attached). */
      filledAt: { type: 'string' },
      /** An attachment field's file: checked bytes under a key no upload form names. */
      attachment: {
        type: 'map',
        properties: {
          key: { type: 'string', required: true },
          fileName: { type: 'string', required: true },
          contentType: { type: 'string', required: true },
          sizeBytes: { type: 'number', required: true },
          sha256: { type: 'string', required: true },
        },
      },
      /** The one upload form in force for an attachment field (usecases/signer-attachments.ts): it may
       *  write only `key` (under `uploads/`), until `expiresAt`; spent by its completion, replaced by
       *  the next form. */
      pendingAttachment: {
        type: 'map',
        properties: {
          key: { type: 'string', required: true },
          fileName: { type: 'string', required: true },
          contentType: { type: 'string', required: true },
          expiresAt: { type: 'string', required: true },
        },
      },
    },
  } as const;

  const recipient = new Entity(
    {
      model: { entity: 'recipient', version: '1', service: SERVICE },
      attributes: {
        docuId: { type: 'string', required: true },
        index: { type: 'number', required: true, padding: { length: 4, char: '0' } },
        name: { type: 'string', required: true },
        contact: { type: 'string', required: true },
        method: { type: ['email', 'phone'] as const, required: true },
        isOwner: { type: 'boolean', required: true },
        /** 0 pending, 1 agreed, 2 denied. */
        agreement: { type: 'number', required: true },
        /** Issue #28: 'signer' | 'approver' | 'viewer' (absent: signer) and signing group (absent: 1). */
        role: { type: ['signer', 'approver', 'viewer'] as const },
        group: { type: 'number' },
        /** When their request was sent (their turn opened): reminders count from it. */
        turnOpenedAt: { type: 'string' },
        remindersSent: { type: 'number' },
        lastRemindedAt: { type: 'string' },
        /** Who forwarded this request to the contractor (delegation), with when and why. */
        delegatedFrom: {
          type: 'map',
          properties: {
            name: { type: 'string', required: true },
            contact: { type: 'string', required: true },
            at: { type: 'string', required: true },
            reason: { type: 'string', required: true },
          },
        },
        areas: { type: 'list', items: signArea },
        lang: { type: 'string' },
        /** When, from where and with what the contractor agreed or denied (issue #5). */
        decidedAt: { type: 'string' },
        /** First time the contractor opened their signer link (issue #6, audit pages). */
        openedAt: { type: 'string' },
        decidedIp: { type: 'string' },
        decidedUserAgent: { type: 'string' },
        denyReason: { type: 'string' },
        /** The account-less signer record whose signs this contractor used. */
        outerUserId: { type: 'string' },
        /** SHA-256 of the recipient's current signer token; an older token (resent) is refused. */
        tokenHash: { type: 'string' },
        /** SHA-256 of the signer token issued to the contractor's own account (Continue in the contract
         *  list, issue #7); valid beside the e-mailed one, replaced at each Continue. */
        accountTokenHash: { type: 'string' },
        /** The sign image applied to every area (the owner's default sign at sending). spec: sign_url. */
        signImageKey: { type: 'string' },
        /** Cross video confirmation (issue #15): 0 pending, 1 confirmed, 2 denied; spec video_confirm. */
        videoConfirm: { type: 'number' },
        videoConfirmedAt: { type: 'string' },
        /** The recording session in force (issue #15): one at a time, replaced by the next, spent by
         *  its completion. Its form may write only `key`, and only until `expiresAt`. */
        videoSession: {
          type: 'map',
          properties: {
            sessionId: { type: 'string', required: true },
            /** The 4-digit code shown in the script and read aloud ("My code is 4821"). */
            challenge: { type: 'string', required: true },
            startedAt: { type: 'string', required: true },
            expiresAt: { type: 'string', required: true },
            key: { type: 'string', required: true },
            contentType: { type: 'string', required: true },
          },
        },
        /** The accepted agreement video (spec: vsign_url): checked bytes, their SHA-256 and the session
         *  facts of the audit. Replaced by a new recording until the contractor answers, never after. */
        video: {
          type: 'map',
          properties: {
            key: { type: 'string', required: true },
            contentType: { type: 'string', required: true },
            sizeBytes: { type: 'number', required: true },
            sha256: { type: 'string', required: true },
            etag: { type: 'string' },
            sessionId: { type: 'string', required: true },
            challenge: { type: 'string', required: true },
            sessionStartedAt: { type: 'string', required: true },
            /** When the checked upload was accepted. */
            recordedAt: { type: 'string', required: true },
            ip: { type: 'string' },
            userAgent: { type: 'string' },
            /** Seconds: the container header's Duration where it has one, else the recorder's
             *  measure bounded by the session window (docs/decisions.md 104). */
            durationSeconds: { type: 'number' },
            durationSource: { type: 'string' },
            /** A still the recorder captured (a small JPEG), beside the video. */
            thumbnailKey: { type: 'string' },
          },
        },
        /** The video's RFC 3161 timestamp (issue #30 item 4), written by the seal job at completion:
         *  the token (base64 DER) over `sha256`, and what the audit pages list of it. */
        videoTimestamp: {
          type: 'map',
          properties: {
            sha256: { type: 'string', required: true },
            token: { type: 'string', required: true },
            genTime: { type: 'string', required: true },
            authority: { type: 'string', required: true },
            serialHex: { type: 'string', required: true },
          },
        },
        /** The video's own token (issue #15 item 5), written once by the anchor job. */
        videoAnchor: {
          type: 'map',
          properties: {
            sha256: { type: 'string', required: true },
            tokenId: { type: 'string', required: true },
            transactionHash: { type: 'string', required: true },
            chainId: { type: 'number', required: true },
            contractAddress: { type: 'string', required: true },
            holder: { type: 'string', required: true },
            blockNumber: { type: 'number', required: true },
            anchoredAt: { type: 'string', required: true },
          },
        },
      },
      indexes: {
        byDocument: {
          pk: { field: 'pk', composite: ['docuId'] },
          sk: { field: 'sk', composite: ['index'] },
        },
        /** Where a contact is a contractor: the contract list of a user with that verified e-mail. */
        byContact: {
          index: 'gsi3',
          pk: { field: 'gsi3pk', composite: ['contact'] },
          sk: { field: 'gsi3sk', composite: ['docuId', 'index'] },
        },
      },
    },
    { client, table },
  );

  const historyItem = new Entity(
    {
      model: { entity: 'history', version: '1', service: SERVICE },
      attributes: {
        docuId: { type: 'string', required: true },
        ownerId: { type: 'string', required: true },
        /** Unique within the document (time + random suffix), orders the items. */
        itemId: { type: 'string', required: true },
        time: { type: 'string', required: true },
        action: { type: HISTORY_ACTIONS, required: true },
        actorName: { type: 'string', default: '' },
        actorContact: { type: 'string', default: '' },
        actorContactMasked: { type: 'string', default: '' },
        ip: { type: 'string', default: '' },
        userAgent: { type: 'string', default: '' },
        reason: { type: 'string' },
        /** Whom a request was sent to ('transfer'), and by which channel. */
        targetName: { type: 'string' },
        targetContact: { type: 'string' },
        targetContactMasked: { type: 'string' },
        channel: { type: ['email', 'sms'] as const },
        transactionHash: { type: 'string' },
      },
      indexes: {
        byDocument: {
          pk: { field: 'pk', composite: ['docuId'] },
          sk: { field: 'sk', composite: ['itemId'] },
        },
        /** The owner's activity timeline, by time. */
        byOwner: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['ownerId'] },
          sk: { field: 'gsi2sk', composite: ['itemId', 'docuId'] },
        },
      },
    },
    { client, table },
  );

  /** A signer link: only the SHA-256 of its token is stored. Expires by TTL. */
  const signerToken = new Entity(
    {
      model: { entity: 'signerToken', version: '1', service: SERVICE },
      attributes: {
        tokenHash: { type: 'string', required: true },
        docuId: { type: 'string', required: true },
        recipientIndex: { type: 'number', required: true },
        createdAt: { type: 'string', required: true },
        expiresAt: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
        /** 'vconfirm': a video confirmation link (issue #15; recipientIndex -1 is an owner who is not a
         *  contractor), never accepted as a signer link. Absent: a signer link. */
        purpose: { type: ['vconfirm', 'embed'] as const },
        /** 'embed' (issue #31 item 4): the exact origin the session was made for (the page's
         *  postMessage target), the recipient's link token hash it was made beside (a later resend or
         *  delegation retires the session with the link; '' when the recipient had none), and when it
         *  was first opened (from then `expiresAt` is the session's end, no longer the time to open). */
        parentOrigin: { type: 'string' },
        boundTokenHash: { type: 'string' },
        openedAt: { type: 'string' },
      },
      indexes: {
        byHash: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  /** A phone hand-off link of the video step (issue #15): only the SHA-256 of its token is stored, bound
   *  to one document and contractor, separate from signer tokens (never accepted as one). Short-lived
   *  (TTL); `usedAt` once its video was accepted, after which it opens nothing. */
  const videoMobileToken = new Entity(
    {
      model: { entity: 'videoMobileToken', version: '1', service: SERVICE },
      attributes: {
        tokenHash: { type: 'string', required: true },
        docuId: { type: 'string', required: true },
        recipientIndex: { type: 'number', required: true },
        createdAt: { type: 'string', required: true },
        expiresAt: { type: 'string', required: true },
        usedAt: { type: 'string' },
        /** The recording session whose video used it (a lost answer may be asked again). */
        usedSessionId: { type: 'string' },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byHash: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  /** A short link of an SMS (issue #14): found by the hash of its code; its target is sealed with a key
   *  derived from the code, so the table alone reveals neither the code nor a signer token. */
  const shortLink = new Entity(
    {
      model: { entity: 'shortLink', version: '1', service: SERVICE },
      attributes: {
        codeHash: { type: 'string', required: true },
        /** AES-256-GCM of the target (JSON), base64url: iv (12 bytes) + tag (16) + ciphertext. */
        sealed: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
        expiresAt: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byHash: { pk: { field: 'pk', composite: ['codeHash'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  /** One contractor of an earlier contract per normalised contact, under the owner. */
  const addressBookEntry = new Entity(
    {
      model: { entity: 'addressBook', version: '1', service: SERVICE },
      attributes: {
        ownerId: { type: 'string', required: true },
        contact: { type: 'string', required: true },
        name: { type: 'string', required: true },
        method: { type: ['email', 'phone'] as const, required: true },
        lastUsedAt: { type: 'string', required: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['ownerId'] },
          sk: { field: 'sk', composite: ['contact'] },
        },
      },
    },
    { client, table },
  );

  // --- Account-less signers (issue #5) ----------------------------------------------------------

  /** A signer without an account, found or created by normalised contact and name. */
  const outerUser = new Entity(
    {
      model: { entity: 'outerUser', version: '1', service: SERVICE },
      attributes: {
        contact: { type: 'string', required: true },
        name: { type: 'string', required: true },
        outerUserId: { type: 'string', required: true },
        method: { type: ['email', 'phone'] as const, required: true },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byContact: {
          pk: { field: 'pk', composite: ['contact'] },
          sk: { field: 'sk', composite: ['name'] },
        },
      },
    },
    { client, table },
  );

  /** A sign image of a user or an account-less signer (the PNG is in the documents bucket). */
  const sign = new Entity(
    {
      model: { entity: 'sign', version: '1', service: SERVICE },
      attributes: {
        ownerKind: { type: ['user', 'outer'] as const, required: true },
        ownerId: { type: 'string', required: true },
        signId: { type: 'string', required: true },
        kind: { type: OWNER_SIGN_KINDS, required: true },
        imageKey: { type: 'string', required: true },
        width: { type: 'number' },
        height: { type: 'number' },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['ownerKind', 'ownerId'] },
          sk: { field: 'sk', composite: ['signId'] },
        },
      },
    },
    { client, table },
  );

  // --- Sealing and anchoring (issue #6) ---------------------------------------------------------

  /** Work a worker still owes a document: 'seal' while it is Generating, 'anchor' while it is
   *  Completed without a token. Written in the same transaction as the status change, deleted when
   *  the work is recorded; the sweep reads them to re-enqueue stuck documents (no Scan). */
  const sweepMarker = new Entity(
    {
      model: { entity: 'sweepMarker', version: '1', service: SERVICE },
      attributes: {
        queue: { type: ['seal', 'anchor', 'claim'] as const, required: true },
        docuId: { type: 'string', required: true },
        since: { type: 'string', required: true },
        /** The final hash, for 'anchor'. */
        sha256: { type: 'string' },
        /** The verified wallet a held token is claimed to, for 'claim' (issue #32). */
        to: { type: 'string' },
      },
      indexes: {
        byQueue: {
          pk: { field: 'pk', composite: ['queue'] },
          sk: { field: 'sk', composite: ['docuId'] },
        },
      },
    },
    { client, table },
  );

  /** The last failure of a job message (issue #20): what the admin Jobs page shows for a dead letter
   *  (SQS keeps no reason with a message). The error code only, never the body; gone by TTL. */
  const jobFailure = new Entity(
    {
      model: { entity: 'jobFailure', version: '1', service: SERVICE },
      attributes: {
        messageId: { type: 'string', required: true },
        queue: { type: 'string', required: true },
        code: { type: 'string', required: true },
        attempt: { type: 'number', required: true },
        at: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byMessage: { pk: { field: 'pk', composite: ['messageId'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  /** One action of an operator on the admin pages (issue #20): who, when, what; newest first by `at`. */
  const adminAudit = new Entity(
    {
      model: { entity: 'adminAudit', version: '1', service: SERVICE },
      attributes: {
        /** One partition for the whole trail: operators' actions are few. */
        trail: { type: 'string', required: true, default: 'admin' },
        at: { type: 'string', required: true },
        auditId: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        email: { type: 'string', required: true },
        action: { type: ['redrive', 'reseal'] as const, required: true },
        /** The queue or the document the action was about. */
        target: { type: 'string', required: true },
        /** What it did, e.g. how many messages it moved. */
        result: { type: 'string', required: true },
      },
      indexes: {
        byTime: {
          pk: { field: 'pk', composite: ['trail'] },
          sk: { field: 'sk', composite: ['at', 'auditId'] },
        },
      },
    },
    { client, table },
  );

  /** A sealed file's SHA-256 → its document, for the public verification page. */
  const sealedHash = new Entity(
    {
      model: { entity: 'sealedHash', version: '1', service: SERVICE },
      attributes: {
        sha256: { type: 'string', required: true },
        docuId: { type: 'string', required: true },
        sealedAt: { type: 'string', required: true },
        /** Set when the hash is a contractor's agreement video of the sealed document (issue #15). */
        recipientIndex: { type: 'number' },
        /** Set when the hash is the sealed file after an archive timestamp renewal (issue #30): the
         *  anchored hash is still the document's finalSha256, an earlier revision of this file. */
        renewedAt: { type: 'string' },
      },
      indexes: {
        byHash: { pk: { field: 'pk', composite: ['sha256'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  /** The schedule of archive timestamp renewals (issue #30 item 3): one item per sealed document, in
   *  one partition sorted by due time, so the sweep reads only what is due. */
  const evidenceRenewal = new Entity(
    {
      model: { entity: 'evidenceRenewal', version: '1', service: SERVICE },
      attributes: {
        docuId: { type: 'string', required: true },
        dueAt: { type: 'string', required: true },
      },
      indexes: {
        byDue: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: ['dueAt', 'docuId'] } },
      },
    },
    { client, table },
  );

  // --- Company seats (issue #18) -------------------------------------------------------------

  /** A company member's e-mail (lower case) → the buyer of the standard plan it shares. At most one
   *  buyer per address; the buyer's `memberEmails` must list it too (else the item is stale). */
  /** Issue #32: a verified wallet by its user's verified e-mail (lower case), so that a contractor who
   *  has an account receives the token of their own agreement video. Checked against the user on use
   *  (the e-mail or the wallet may have changed since). */
  const walletLink = new Entity(
    {
      model: { entity: 'walletLink', version: '1', service: SERVICE },
      attributes: {
        email: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        address: { type: 'string', required: true },
      },
      indexes: {
        byEmail: { pk: { field: 'pk', composite: ['email'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  const seatMember = new Entity(
    {
      model: { entity: 'seatMember', version: '1', service: SERVICE },
      attributes: {
        email: { type: 'string', required: true },
        buyerId: { type: 'string', required: true },
        addedAt: { type: 'string', required: true },
      },
      indexes: {
        byEmail: { pk: { field: 'pk', composite: ['email'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  // --- Templates (issue #27, architecture §19) --------------------------------------------------

  /** A reusable contract: its PDF (a copy of its own), roles instead of people, and each role's fields
   *  (the same field maps as a recipient's areas, without values a contractor gave). Using it copies it
   *  into a new draft; a later edit never touches contracts made from it. */
  const template = new Entity(
    {
      model: { entity: 'template', version: '1', service: SERVICE },
      attributes: {
        templateId: { type: 'string', required: true },
        ownerId: { type: 'string', required: true },
        title: { type: 'string', required: true },
        originalFileName: { type: 'string', required: true },
        fileKey: { type: 'string', required: true },
        sizeBytes: { type: 'number', required: true },
        sha256: { type: 'string', required: true },
        pages: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              width: { type: 'number', required: true },
              height: { type: 'number', required: true },
            },
          },
        },
        roles: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              name: { type: 'string', required: true },
              fields: { type: 'list', items: signArea },
            },
          },
        },
        createdAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
        version: { type: 'number', required: true },
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['templateId'] }, sk: { field: 'sk', composite: [] } },
        /** The owner's templates, newest first in descending order. */
        byOwner: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['ownerId'] },
          sk: { field: 'gsi1sk', composite: ['createdAt', 'templateId'] },
        },
      },
    },
    { client, table },
  );

  // --- Bulk send (issue #27 item 6) ---------------------------------------------------------------

  /** One bulk send: who, from which template, and its rows' counts (each changed by one atomic add
   *  in the same transaction as the row's state). Gone by TTL after BULK_KEEP_DAYS. */
  const bulkSend = new Entity(
    {
      model: { entity: 'bulkSend', version: '1', service: SERVICE },
      attributes: {
        bulkId: { type: 'string', required: true },
        ownerId: { type: 'string', required: true },
        templateId: { type: 'string', required: true },
        total: { type: 'number', required: true },
        sent: { type: 'number', required: true },
        failed: { type: 'number', required: true },
        refused: { type: 'number', required: true },
        createdAt: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['bulkId'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  /** One row of a bulk as the worker left it: its attempt, its contract, sent or failed. */
  const bulkRow = new Entity(
    {
      model: { entity: 'bulkRow', version: '1', service: SERVICE },
      attributes: {
        bulkId: { type: 'string', required: true },
        line: { type: 'number', required: true, padding: { length: 6, char: '0' } },
        state: { type: ['working', 'sent', 'failed'] as const, required: true },
        attempt: { type: 'number', required: true },
        docuId: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byRow: { pk: { field: 'pk', composite: ['bulkId'] }, sk: { field: 'sk', composite: ['line'] } },
      },
    },
    { client, table },
  );

  /** A row that failed when sent, kept (with its job, for a retry) until it is sent or retried. */
  const bulkFailure = new Entity(
    {
      model: { entity: 'bulkFailure', version: '1', service: SERVICE },
      attributes: {
        bulkId: { type: 'string', required: true },
        line: { type: 'number', required: true, padding: { length: 6, char: '0' } },
        attempt: { type: 'number', required: true },
        /** A message key, and its values as JSON. */
        error: { type: 'string', required: true },
        errorValues: { type: 'string' },
        job: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byRow: { pk: { field: 'pk', composite: ['bulkId'] }, sk: { field: 'sk', composite: ['line'] } },
      },
    },
    { client, table },
  );

  // --- Scheduled work, local (issue #28) ----------------------------------------------------------

  /** A pending one-time schedule of the local Scheduler (lambdas/adapters/dynamo/schedules.ts; AWS
   *  keeps them in EventBridge Scheduler instead): its name, when it is due and the job it delivers.
   *  The due index keeps every schedule of a partition in time order (gsi2, one partition, no Scan);
   *  keys keep the name's case (two names differing in case are two schedules, as in EventBridge). */
  const schedule = new Entity(
    {
      model: { entity: 'schedule', version: '1', service: SERVICE },
      attributes: {
        name: { type: 'string', required: true },
        /** The due index's partition: 'schedules' (a test may use its own, out of the local loop's sight). */
        partition: { type: 'string', required: true, default: 'schedules' },
        /** ISO 8601 UTC, always `toISOString()`'s 24 characters, so text order is time order. */
        dueAt: { type: 'string', required: true },
        /** The job, as JSON text: what the `schedule` queue receives. */
        job: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byName: {
          pk: { field: 'pk', composite: ['name'], casing: 'none' },
          sk: { field: 'sk', composite: [] },
        },
        byDue: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['partition'], casing: 'none' },
          sk: { field: 'gsi2sk', composite: ['dueAt', 'name'], casing: 'none' },
        },
      },
    },
    { client, table },
  );

  // --- Abuse limits (issue #13, architecture §18) ------------------------------------------------

  /** A rate counter of lambdas/usecases/limits.ts: its id is the rule and the SHA-256 of its key (no
   *  contact or token in clear). Expires by TTL when its window ends. */
  const rateCounter = new Entity(
    {
      model: { entity: 'rateCounter', version: '1', service: SERVICE },
      attributes: {
        counterId: { type: 'string', required: true },
        count: { type: 'number', required: true },
        /** Epoch milliseconds. */
        windowEnd: { type: 'number', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['counterId'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  return {
    schedule,
    bulkSend,
    bulkRow,
    bulkFailure,
    template,
    seatMember,
    rateCounter,
    sweepMarker,
    walletLink,
    adminAudit,
    jobFailure,
    sealedHash,
    evidenceRenewal,
    user,
    verificationCode,
    jobRecord,
    document,
    recipient,
    historyItem,
    signerToken,
    videoMobileToken,
    shortLink,
    addressBookEntry,
    outerUser,
    sign,
  };
}

export type Entities = ReturnType<typeof createEntities>;
export type UserItem = EntityItem<Entities['user']>;
export type VerificationCodeItem = EntityItem<Entities['verificationCode']>;
export type DocumentItem = EntityItem<Entities['document']>;
export type RecipientItem = EntityItem<Entities['recipient']>;
export type HistoryEntityItem = EntityItem<Entities['historyItem']>;
export type SignerTokenItem = EntityItem<Entities['signerToken']>;
export type VideoMobileTokenItem = EntityItem<Entities['videoMobileToken']>;
export type ShortLinkItem = EntityItem<Entities['shortLink']>;
export type AddressBookItem = EntityItem<Entities['addressBookEntry']>;
export type OuterUserItem = EntityItem<Entities['outerUser']>;
export type SignItem = EntityItem<Entities['sign']>;
export type SweepMarkerItem = EntityItem<Entities['sweepMarker']>;
export type SealedHashItem = EntityItem<Entities['sealedHash']>;
export type AdminAuditItem = EntityItem<Entities['adminAudit']>;
export type JobFailureItem = EntityItem<Entities['jobFailure']>;
export type SeatMemberItem = EntityItem<Entities['seatMember']>;
export type RateCounterItem = EntityItem<Entities['rateCounter']>;
export type TemplateItem = EntityItem<Entities['template']>;
export type BulkSendItem = EntityItem<Entities['bulkSend']>;
export type BulkRowItem = EntityItem<Entities['bulkRow']>;
export type BulkFailureItem = EntityItem<Entities['bulkFailure']>;
export type ScheduleItem = EntityItem<Entities['schedule']>;
