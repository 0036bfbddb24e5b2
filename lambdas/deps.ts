import type { CountryCode } from 'libphonenumber-js';
import type { AccountDeps } from './usecases/account';
import type { ContractDeps } from './usecases/contracts';
import type { DocumentDeps } from './usecases/documents';
import type { SigningDeps } from './usecases/signing';
// Composition root: builds each adapter once from the configuration. Handlers and workers take
// what they need from here; use cases receive ports, never SDK clients.
import { getConfig } from './config';
import { cognito, documentClient, dynamo, s3, ses, sesv2, sns, sqs } from './adapters/aws';
import { CognitoDirectory } from './adapters/cognito-directory';
import { DynamoContractRepository } from './adapters/dynamo/contracts';
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

let deps: Deps | undefined;

export function getDeps(): Deps {
  if (deps) return deps;
  const c = getConfig();
  const mailer = new SesMailer(ses(), sesv2(), c.MAIL_FROM, c.MAIL_REPLY_TO);
  deps = {
    repo: new DynamoRepository(dynamo(), documentClient(), c.TABLE_NAME),
    storage: new S3Storage(s3(), c.DOCUMENTS_BUCKET),
    mailer,
    sms: c.SMS_MODE === 'mailbox' ? new MailboxSms(mailer) : new SnsSms(sns()),
    directory: new CognitoDirectory(cognito(), c.USER_POOL_ID),
    queue: new SqsJobQueue(sqs(), {
      seal: c.SEAL_QUEUE_URL,
      anchor: c.ANCHOR_QUEUE_URL,
      notify: c.NOTIFY_QUEUE_URL,
    }),
  };
  return deps;
}

/** Tests replace adapters with fakes. */
export function setDeps(next: Deps | undefined): void {
  deps = next;
}

/** What the account use cases need. */
export function accountDeps(): AccountDeps {
  const { repo, directory } = getDeps();
  const c = getConfig();
  return { repo, directory, minAge: c.MIN_AGE, englishPhoneCountry: c.DEFAULT_PHONE_COUNTRY as CountryCode };
}

let documentRepo: DynamoDocumentRepository | undefined;

/** What the document use cases need (issue #4). */
export function documentDeps(): DocumentDeps {
  const { repo, storage, queue } = getDeps();
  const c = getConfig();
  documentRepo ??= new DynamoDocumentRepository(documentClient(), c.TABLE_NAME);
  return {
    docs: documentRepo,
    users: repo,
    storage,
    queue,
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

let contractRepo: DynamoContractRepository | undefined;

/** What contract management needs (issue #7): the document deps and the list/delete queries. */
export function contractDeps(): ContractDeps {
  const base = documentDeps();
  contractRepo ??= new DynamoContractRepository(documentClient(), getConfig().TABLE_NAME);
  return { ...base, contracts: contractRepo };
}
