import type { CountryCode } from 'libphonenumber-js';
import type { AccountDeps } from './usecases/account';
import type { DocumentDeps } from './usecases/documents';
import type { SigningDeps } from './usecases/signing';
// Composition root: builds each adapter once from the configuration. Handlers and workers take
// what they need from here; use cases receive ports, never SDK clients.
//
// Each adapter has its own lazy getter (a plain function, so esbuild can drop it): a handler's
// bundle carries only the adapters, SDK clients and libraries its handler reaches. getDeps()
// reaches all of them; only the health check, the local cloud and tests call it. See
// docs/performance.md (cold start) before adding an adapter to the narrower *Deps() functions.
import { getConfig } from './config';
import { cognito, documentClient, dynamo, s3, ses, sesv2, sns, sqs } from './adapters/aws';
import { CognitoDirectory } from './adapters/cognito-directory';
import { DynamoDocumentRepository } from './adapters/dynamo/documents';
import { DynamoRepository } from './adapters/dynamo/repository';
import { S3Storage } from './adapters/s3-storage';
import { SesMailer } from './adapters/ses-mailer';
import { MailboxSms, SnsSms } from './adapters/sms';
import { SqsJobQueue } from './adapters/sqs-queue';
import type { IdentityDirectory, JobQueue, Mailer, ObjectStorage, SmsSender } from './ports';

export interface Deps {
  readonly repo: DynamoRepository;
  readonly storage: ObjectStorage;
  readonly mailer: Mailer;
  readonly sms: SmsSender;
  readonly queue: JobQueue;
  readonly directory: IdentityDirectory;
}

/** The adapters built so far (or set by a test). */
let built: { -readonly [K in keyof Deps]?: Deps[K] } = {};

export function repository(): DynamoRepository {
  return (built.repo ??= new DynamoRepository(dynamo(), documentClient(), getConfig().TABLE_NAME));
}

export function objectStorage(): ObjectStorage {
  return (built.storage ??= new S3Storage(s3(), getConfig().DOCUMENTS_BUCKET));
}

export function mailer(): Mailer {
  const c = getConfig();
  return (built.mailer ??= new SesMailer(ses(), sesv2(), c.MAIL_FROM, c.MAIL_REPLY_TO));
}

export function smsSender(): SmsSender {
  return (built.sms ??= getConfig().SMS_MODE === 'mailbox' ? new MailboxSms(mailer()) : new SnsSms(sns()));
}

export function identityDirectory(): IdentityDirectory {
  return (built.directory ??= new CognitoDirectory(cognito(), getConfig().USER_POOL_ID));
}

export function jobQueue(): JobQueue {
  const c = getConfig();
  return (built.queue ??= new SqsJobQueue(sqs(), {
    seal: c.SEAL_QUEUE_URL,
    anchor: c.ANCHOR_QUEUE_URL,
    notify: c.NOTIFY_QUEUE_URL,
  }));
}

/** Every adapter (health check, local cloud, tests). */
export function getDeps(): Deps {
  return {
    repo: repository(),
    storage: objectStorage(),
    mailer: mailer(),
    sms: smsSender(),
    queue: jobQueue(),
    directory: identityDirectory(),
  };
}

/** Tests replace adapters with fakes; `undefined` rebuilds them from the configuration. */
export function setDeps(next: Deps | undefined): void {
  built = next ? { ...next } : {};
}

/** What the account use cases need. */
export function accountDeps(): AccountDeps {
  const c = getConfig();
  return {
    repo: repository(),
    directory: identityDirectory(),
    minAge: c.MIN_AGE,
    englishPhoneCountry: c.DEFAULT_PHONE_COUNTRY as CountryCode,
  };
}

let documentRepo: DynamoDocumentRepository | undefined;

/** What the document use cases need (issue #4). */
export function documentDeps(): DocumentDeps {
  const c = getConfig();
  documentRepo ??= new DynamoDocumentRepository(documentClient(), c.TABLE_NAME);
  return {
    docs: documentRepo,
    users: repository(),
    storage: objectStorage(),
    queue: jobQueue(),
    maxUploadBytes: c.MAX_UPLOAD_BYTES,
    englishPhoneCountry: c.DEFAULT_PHONE_COUNTRY as CountryCode,
    appUrl: c.APP_URL,
  };
}

/** What the signer flow needs (issue #5): the document deps and the account-less signer records. */
export function signingDeps(): SigningDeps {
  const base = documentDeps();
  return { ...base, signers: documentRepo! };
}
