import type { CountryCode } from 'libphonenumber-js';
import type { AccountDeps } from './usecases/account';
import type { ContractDeps } from './usecases/contracts';
import type { DocumentDeps } from './usecases/documents';
import type { OwnerSignsDeps } from './usecases/owner-signs';
import type { SigningDeps } from './usecases/signing';
// Composition root: builds each adapter once from the configuration. Handlers and workers take
// what they need from here; use cases receive ports, never SDK clients.
import { chainConfig, getConfig } from './config';
import { cognito, documentClient, dynamo, s3, ses, sesv2, sns, sqs } from './adapters/aws';
import { CognitoDirectory } from './adapters/cognito-directory';
import { DynamoContractRepository } from './adapters/dynamo/contracts';
import { DynamoDocumentRepository } from './adapters/dynamo/documents';
import { DynamoRepository } from './adapters/dynamo/repository';
import { S3Storage } from './adapters/s3-storage';
import { SesMailer } from './adapters/ses-mailer';
import { MailboxSms, SnsSms } from './adapters/sms';
import { SqsJobQueue } from './adapters/sqs-queue';
import { EvmChain } from './adapters/evm-chain';
import { DynamoSealRepository } from './adapters/dynamo/sealing';
import { serviceSignerLoader } from './adapters/service-signer';
import { certificatePdf, sealPdf } from './sealing';
import type { ServiceSigner } from './sealing/types';
import type { AnchorDeps } from './usecases/anchoring';
import type { SealDeps } from './usecases/sealing';
import type { SweepDeps } from './usecases/sweep';
import type { VerifyDeps } from './usecases/verify';
import { minterKeyFromSecret } from './chain/minter-key';
import type { AnchorChain, IdentityDirectory, JobQueue, Mailer, ObjectStorage, SmsSender } from './ports';

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
    signs: documentRepo,
    storage,
    queue,
    maxUploadBytes: c.MAX_UPLOAD_BYTES,
    englishPhoneCountry: c.DEFAULT_PHONE_COUNTRY as CountryCode,
    appUrl: c.APP_URL,
  };
}

/** What the owner's sign list needs (issue #4: the owner as a contractor). */
export function ownerSignsDeps(): OwnerSignsDeps {
  const base = documentDeps();
  return { users: getDeps().repo, signs: documentRepo!, storage: base.storage };
}

/** What the signer flow needs (issue #5): the document deps and the account-less signer records. */
export function signingDeps(): SigningDeps {
  const base = documentDeps();
  return { ...base, signers: documentRepo!, markOpened };
}

let chain: AnchorChain | undefined;

/** The anchoring chain (issue #6), built on first use: only the functions that anchor, verify or check
 *  health need CHAIN_* set. The minter key is fetched on the first mint, never for reads. */
export function getChain(): AnchorChain {
  if (chain) return chain;
  const c = getConfig();
  const cc = chainConfig(c);
  const key = cc.minterKey;
  chain = new EvmChain({
    rpcUrl: cc.rpcUrl,
    chainId: cc.chainId,
    contractAddress: cc.contractAddress,
    timeoutMs: cc.timeoutMs,
    minterKey: !key
      ? undefined
      : key.kind === 'plain'
        ? () => Promise.resolve(key.key)
        : () => minterKeyFromSecret(key.secretId, c.AWS_REGION),
  });
  return chain;
}

/** Whether this function is configured for the chain (GET /api/health checks it only then). */
export function hasChain(): boolean {
  return Boolean(getConfig().CHAIN_RPC_URL);
}

/** Tests replace the chain with a fake; undefined rebuilds it from the configuration. */
export function setChain(next: AnchorChain | undefined): void {
  if (chain instanceof EvmChain && chain !== next) chain.destroy();
  chain = next;
}

let sealRepo: DynamoSealRepository | undefined;
function seals(): DynamoSealRepository {
  sealRepo ??= new DynamoSealRepository(documentClient(), getConfig().TABLE_NAME);
  return sealRepo;
}

let signer: (() => Promise<ServiceSigner>) | undefined;

/** What the seal job needs (issue #6). */
export function sealDeps(): SealDeps {
  const base = documentDeps();
  const c = getConfig();
  signer ??= serviceSignerLoader({ file: c.SEAL_SIGNER_FILE, secretId: c.SEAL_SIGNER_SECRET_ID });
  return {
    docs: base.docs,
    signers: documentRepo!,
    seals: seals(),
    users: base.users,
    storage: base.storage,
    queue: base.queue,
    serviceSigner: signer,
    sealPdf,
    appUrl: c.APP_URL,
  };
}

/** What the anchor job needs (issue #6). */
export function anchorDeps(): AnchorDeps {
  const base = documentDeps();
  const c = getConfig();
  return {
    docs: base.docs,
    seals: seals(),
    users: base.users,
    storage: base.storage,
    queue: base.queue,
    chain: getChain,
    chainName: c.CHAIN_NAME,
    certificatePdf,
    appUrl: c.APP_URL,
  };
}

/** What the public verification needs (issue #6): no chain configured reads as 'unavailable'. */
export function verifyDeps(): VerifyDeps {
  const base = documentDeps();
  return {
    docs: base.docs,
    seals: seals(),
    users: base.users,
    chain: () => (hasChain() ? getChain() : null),
    chainName: getConfig().CHAIN_NAME,
  };
}

/** What the sweep needs (issue #6). */
export function sweepDeps(): SweepDeps {
  const base = documentDeps();
  return { docs: base.docs, seals: seals(), queue: base.queue };
}

/** The signer flow records when a contractor first opened their link (audit pages). */
export function markOpened(docuId: string, index: number, at: string): Promise<void> {
  return seals().markOpened(docuId, index, at);
}

let contractRepo: DynamoContractRepository | undefined;

/** What contract management needs (issue #7): the document deps and the list/delete queries. */
export function contractDeps(): ContractDeps {
  const base = documentDeps();
  contractRepo ??= new DynamoContractRepository(documentClient(), getConfig().TABLE_NAME);
  return { ...base, contracts: contractRepo };
}
