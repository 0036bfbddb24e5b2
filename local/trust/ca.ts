// The local cloud's certificate authority (issue #30, architecture §22): a root, an issuing
// intermediate and the leaves the local services sign with — the sealing certificate (the PKCS#12
// bundle the handlers read from SEAL_SIGNER_FILE) and the two timestamp authorities' certificates.
// Everything lives under <dataDir>/trust/ (every file 0600): keys are made once and kept; leaf
// certificates are re-issued on start when missing, close to their end (the last 10 % of their
// lifetime), issued by another CA, or naming another OCSP responder than the running one (PORT=0
// moves it). The intermediate keeps its key and is re-issued only when its certificate names another
// responder; the root never changes once made. index.json lists every certificate ever issued (the
// OCSP responder's source of truth). forge writes the certificates; node's crypto makes the keys.
// It is part of the local cloud, not of the product.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseServiceSigner, serializeServiceSigner } from '../../lambdas/adapters/service-signer';
import { identityOf } from '../../lambdas/sealing/cms';
import {
  asn1,
  Class,
  OID,
  childrenOf,
  der,
  fromDer,
  oid,
  oidOf,
  seq,
  tbsFields,
} from '../../lambdas/sealing/der';
import forge from '../../lambdas/sealing/forge';
import { serialHex } from '../../lambdas/sealing/signer';

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365;
/** Certificates start a minute early, so a clock a little behind still finds them valid. */
const BACKDATE_MS = 60_000;
/** A leaf is re-issued once less than this share of its lifetime is left. */
const RENEW_SHARE = 0.1;
/** The default lifetime of a timestamp authority's certificate (LOCAL_TSA_CERT_DAYS overrides). */
export const DEFAULT_TSA_CERT_DAYS = 5 * YEAR_DAYS;
const SEALING_CERT_DAYS = 5 * YEAR_DAYS;
const ROOT_DAYS = 20 * YEAR_DAYS;
const INTERMEDIATE_DAYS = 10 * YEAR_DAYS;

export const LOCAL_CA_NAMES = {
  root: 'SignSeal Local Root CA',
  intermediate: 'SignSeal Local Issuing CA',
  sealing: 'SignSeal local sealing',
  tsa: ['SignSeal Local TSA 1', 'SignSeal Local TSA 2'],
} as const;

export type CaName = 'root' | 'intermediate';

/** One issued certificate as the responder knows it. Serials are lower-case minimal hex. */
export interface IndexEntry {
  readonly serial: string;
  readonly subject: string;
  readonly issuer: CaName;
  readonly notBefore: string;
  readonly notAfter: string;
  revokedAt?: string;
}

/** A key and its current certificate. */
export interface Holder {
  readonly key: KeyObject;
  readonly certificate: forge.pki.Certificate;
  /** The certificate, DER. */
  readonly der: Buffer;
  readonly pem: string;
  /** Where the certificate's PEM is kept. */
  readonly file: string;
}

export interface LocalPki {
  readonly dir: string;
  readonly root: Holder;
  readonly intermediate: Holder;
  readonly sealing: Holder;
  /** The timestamp authorities' current certificates (see `timestampHolder`). */
  readonly tsa: readonly [Holder, Holder];
  /** The sealing key and its chain as the handlers read it (SEAL_SIGNER_FILE). */
  readonly signerFile: string;
  /** What `issuer` issued under `serial` (hex, any case, leading zeros allowed), if anything. */
  lookup(issuer: CaName, serial: string): IndexEntry | undefined;
  /** Marks a certificate revoked (kept in index.json); false when no such certificate was issued. */
  revoke(serial: string, at: Date): boolean;
  /**
   * Authority `index`'s key and certificate for a token made at `at`: once half its certificate's
   * lifetime has passed, a new certificate (same key, same lifetime from `at`) is issued first, as a
   * real authority rolls its certificate well before the old one ends — so a token asked for to
   * renew an archive timestamp (issue #30 item 3) always outlives the one it renews.
   */
  timestampHolder(index: 0 | 1, at: Date): Holder;
  entries(): readonly IndexEntry[];
}

export interface PkiOptions {
  dataDir: string;
  /** The running OCSP responder: every certificate below the root names it (AIA). */
  ocspUrl: string;
  /** The authority's clock (certificate validity); the system clock by default. */
  now?: () => Date;
  /** Lifetime of the timestamp authorities' certificates, days (fractions allowed). */
  tsaCertificateDays?: number;
  log?: (line: string) => void;
}

/** Lower-case hex without leading zero bytes. */
export function normalSerial(hex: string): string {
  const clean = hex.toLowerCase().replace(/^(00)+(?=.)/, '');
  return clean.length % 2 === 1 ? `0${clean}` : clean;
}

/** Writes a file readable by its owner only, replacing it whole (never half-written). */
export function writePrivate(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, data, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

function newKey(): Promise<KeyObject> {
  return new Promise((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048, publicExponent: 0x10001 }, (err, _public, privateKey) =>
      err ? reject(err) : resolve(privateKey),
    ),
  );
}

const forgePrivate = (key: KeyObject) =>
  forge.pki.privateKeyFromPem(
    key.export({ type: 'pkcs1', format: 'pem' }) as string,
  ) as forge.pki.rsa.PrivateKey;
const forgePublic = (key: KeyObject) =>
  forge.pki.publicKeyFromPem(createPublicKey(key).export({ type: 'spki', format: 'pem' }) as string);
const keyDer = (key: KeyObject) => createPublicKey(key).export({ type: 'spki', format: 'der' });
const certificateKeyDer = (certificate: forge.pki.Certificate) =>
  der(forge.pki.publicKeyToAsn1(certificate.publicKey));

const certificateDer = (certificate: forge.pki.Certificate) => der(forge.pki.certificateToAsn1(certificate));

/** The OCSP responder URL a certificate's Authority Information Access names, if any. */
export function ocspUrlOf(certificateDer: Uint8Array): string | undefined {
  const fields = tbsFields(fromDer(certificateDer));
  const extensions = fields.find((f) => f.tagClass === Class.CONTEXT_SPECIFIC && f.type === 3);
  if (!extensions) return undefined;
  for (const extension of childrenOf(childrenOf(extensions)[0]!)) {
    const parts = childrenOf(extension);
    if (oidOf(parts[0]!) !== OID.authorityInfoAccess) continue;
    const value = fromDer(Buffer.from(parts[parts.length - 1]!.value as string, 'binary'));
    for (const access of childrenOf(value)) {
      const [method, location] = childrenOf(access);
      if (oidOf(method!) === OID.accessOcsp && location?.type === 6) return location.value as string;
    }
  }
  return undefined;
}

interface IssueSpec {
  readonly commonName: string;
  readonly key: KeyObject;
  /** Absent: self-signed. */
  readonly issuer?: Holder;
  readonly days: number;
  readonly now: Date;
  readonly ca?: { readonly pathLength?: number };
  readonly timeStamping?: boolean;
  readonly ocspUrl?: string;
}

function issue(spec: IssueSpec): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forgePublic(spec.key);
  cert.serialNumber = serialHex(randomBytes(16));
  cert.validity.notBefore = new Date(spec.now.getTime() - BACKDATE_MS);
  cert.validity.notAfter = new Date(spec.now.getTime() + Math.round(spec.days * DAY_MS));
  const subject = [
    { name: 'commonName', value: spec.commonName },
    { name: 'organizationName', value: 'SignSeal' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(spec.issuer ? spec.issuer.certificate.subject.attributes : subject);
  const extensions: object[] = [
    spec.ca
      ? {
          name: 'basicConstraints',
          cA: true,
          critical: true,
          ...(spec.ca.pathLength === undefined ? {} : { pathLenConstraint: spec.ca.pathLength }),
        }
      : { name: 'basicConstraints', cA: false, critical: true },
    spec.ca
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }
      : { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    {
      name: 'authorityKeyIdentifier',
      keyIdentifier: spec.issuer ? spec.issuer.certificate.generateSubjectKeyIdentifier().getBytes() : true,
    },
  ];
  if (spec.timeStamping) extensions.push({ name: 'extKeyUsage', timeStamping: true, critical: true });
  if (spec.ocspUrl) {
    extensions.push({
      id: OID.authorityInfoAccess,
      value: seq([seq([oid(OID.accessOcsp), asn1.create(Class.CONTEXT_SPECIFIC, 6, false, spec.ocspUrl)])]),
    });
  }
  cert.setExtensions(extensions);
  cert.sign(forgePrivate(spec.issuer?.key ?? spec.key), forge.md.sha256.create());
  return cert;
}

function readCertificate(file: string): forge.pki.Certificate | undefined {
  try {
    return forge.pki.certificateFromPem(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function holder(key: KeyObject, certificate: forge.pki.Certificate, file: string): Holder {
  return {
    key,
    certificate,
    der: certificateDer(certificate),
    pem: forge.pki.certificateToPem(certificate),
    file,
  };
}

/** Why a certificate must be issued again, or undefined when it may stay. */
function staleness(
  certificate: forge.pki.Certificate | undefined,
  want: { key: KeyObject; issuer?: Holder; ocspUrl?: string; days?: number; now: Date; renew: boolean },
): string | undefined {
  if (!certificate) return 'missing';
  if (!certificateKeyDer(certificate).equals(keyDer(want.key))) return 'for another key';
  try {
    if (want.issuer && !want.issuer.certificate.verify(certificate)) return 'issued by another CA';
  } catch {
    return 'issued by another CA';
  }
  const notBefore = certificate.validity.notBefore.getTime();
  const notAfter = certificate.validity.notAfter.getTime();
  if (want.renew && notAfter - want.now.getTime() < RENEW_SHARE * (notAfter - notBefore))
    return 'about to expire';
  if (want.ocspUrl !== undefined && ocspUrlOf(certificateDer(certificate)) !== want.ocspUrl)
    return 'naming another OCSP responder';
  if (want.days !== undefined) {
    const lifetime = notAfter - notBefore - BACKDATE_MS;
    const wanted = want.days * DAY_MS;
    if (Math.abs(lifetime - wanted) > Math.max(1000, wanted * 0.01)) return 'of another configured lifetime';
  }
  return undefined;
}

async function loadKey(file: string, fallback?: () => KeyObject | undefined): Promise<KeyObject> {
  if (fs.existsSync(file)) return createPrivateKey(fs.readFileSync(file, 'utf8'));
  const key = fallback?.() ?? (await newKey());
  writePrivate(file, key.export({ type: 'pkcs8', format: 'pem' }) as string);
  return key;
}

/** The key of an existing sealing bundle (a self-signed one from before issue #30), to keep it. */
function bundleKey(signerFile: string): KeyObject | undefined {
  try {
    return identityOf(parseServiceSigner(fs.readFileSync(signerFile, 'utf8'), signerFile)).key;
  } catch {
    return undefined;
  }
}

/** True when the bundle holds `leaf` (and its key) followed by exactly `chain`. */
function bundleHolds(signerFile: string, certificates: readonly Buffer[]): boolean {
  try {
    const identity = identityOf(parseServiceSigner(fs.readFileSync(signerFile, 'utf8'), signerFile));
    return (
      identity.chain.length === certificates.length &&
      identity.chain.every((c, i) => Buffer.from(c).equals(certificates[i]!))
    );
  } catch {
    return false;
  }
}

function writeBundle(
  signerFile: string,
  key: KeyObject,
  certificates: readonly forge.pki.Certificate[],
): void {
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(forgePrivate(key), [...certificates], passphrase, {
    algorithm: 'aes256',
    friendlyName: LOCAL_CA_NAMES.sealing,
  });
  const bytes = Uint8Array.from(Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'));
  fs.mkdirSync(path.dirname(signerFile), { recursive: true });
  writePrivate(signerFile, serializeServiceSigner({ p12: bytes, passphrase }));
}

/** Opens the local CA under <dataDir>/trust/, creating or re-issuing what start-up needs. */
export async function ensureLocalPki(options: PkiOptions): Promise<LocalPki> {
  const now = (options.now ?? (() => new Date()))();
  const log = options.log ?? (() => undefined);
  const dir = path.join(options.dataDir, 'trust');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (name: string) => path.join(dir, name);
  const signerFile = path.join(options.dataDir, 'seal', 'service-signer.json');
  const tsaDays = options.tsaCertificateDays ?? DEFAULT_TSA_CERT_DAYS;
  if (!(tsaDays > 0) || !Number.isFinite(tsaDays))
    throw new Error('The TSA certificate lifetime must be positive.');

  const indexFile = file('index.json');
  const index: IndexEntry[] = fs.existsSync(indexFile)
    ? (JSON.parse(fs.readFileSync(indexFile, 'utf8')) as { certificates: IndexEntry[] }).certificates
    : [];
  const saveIndex = () => writePrivate(indexFile, JSON.stringify({ certificates: index }, null, 2) + '\n');
  const record = (certificate: forge.pki.Certificate, issuer: CaName) => {
    index.push({
      serial: normalSerial(certificate.serialNumber),
      subject: (certificate.subject.getField('CN') as { value: string }).value,
      issuer,
      notBefore: certificate.validity.notBefore.toISOString(),
      notAfter: certificate.validity.notAfter.toISOString(),
    });
  };

  // Keys first (made in parallel, off the main thread): the sealing key of a bundle from before the
  // local CA is kept, so the service's key does not change when its certificate is re-issued.
  const [rootKey, intermediateKey, sealingKey, tsa1Key, tsa2Key] = await Promise.all([
    loadKey(file('root.key.pem')),
    loadKey(file('intermediate.key.pem')),
    loadKey(file('sealing.key.pem'), () => bundleKey(signerFile)),
    loadKey(file('tsa1.key.pem')),
    loadKey(file('tsa2.key.pem')),
  ]);

  const ensure = (
    name: string,
    key: KeyObject,
    spec: Omit<IssueSpec, 'key' | 'now'>,
    want: { ocspUrl?: string; days?: number; renew: boolean },
    issuerName: CaName,
  ): Holder => {
    const certFile = file(`${name}.pem`);
    const current = readCertificate(certFile);
    const why = staleness(current, { key, issuer: spec.issuer, now, ...want });
    if (!why && current) return holder(key, current, certFile);
    const certificate = issue({ ...spec, key, now });
    record(certificate, issuerName);
    const issued = holder(key, certificate, certFile);
    writePrivate(certFile, issued.pem);
    log(`Local CA: issued the certificate "${spec.commonName}" (${current ? why : 'first start'}).`);
    return issued;
  };

  const root = ensure(
    'root',
    rootKey,
    { commonName: LOCAL_CA_NAMES.root, days: ROOT_DAYS, ca: {} },
    { renew: false },
    'root',
  );
  const intermediate = ensure(
    'intermediate',
    intermediateKey,
    {
      commonName: LOCAL_CA_NAMES.intermediate,
      issuer: root,
      days: INTERMEDIATE_DAYS,
      ca: { pathLength: 0 },
      ocspUrl: options.ocspUrl,
    },
    { ocspUrl: options.ocspUrl, renew: false },
    'root',
  );
  const leaf = (name: string, key: KeyObject, commonName: string, days: number, timeStamping: boolean) =>
    ensure(
      name,
      key,
      { commonName, issuer: intermediate, days, timeStamping, ocspUrl: options.ocspUrl },
      { ocspUrl: options.ocspUrl, renew: true, ...(timeStamping ? { days } : {}) },
      'intermediate',
    );
  const sealing = leaf('sealing', sealingKey, LOCAL_CA_NAMES.sealing, SEALING_CERT_DAYS, false);
  const tsa: [Holder, Holder] = [
    leaf('tsa1', tsa1Key, LOCAL_CA_NAMES.tsa[0], tsaDays, true),
    leaf('tsa2', tsa2Key, LOCAL_CA_NAMES.tsa[1], tsaDays, true),
  ];
  saveIndex();

  // The handlers' bundle: the sealing key with leaf, intermediate and root (cms.ts identityOf).
  if (!bundleHolds(signerFile, [sealing.der, intermediate.der, root.der])) {
    const existed = fs.existsSync(signerFile);
    writeBundle(signerFile, sealing.key, [sealing.certificate, intermediate.certificate, root.certificate]);
    log(
      existed
        ? `Local CA: the sealing key's bundle now holds its certificate from the local CA (${signerFile}).`
        : `Local CA: created the local sealing key's bundle (${signerFile}).`,
    );
  }

  const tsaKeys = [tsa1Key, tsa2Key] as const;
  const timestampHolder = (i: 0 | 1, at: Date): Holder => {
    const current = tsa[i];
    const { notBefore, notAfter } = current.certificate.validity;
    if (at.getTime() < (notBefore.getTime() + notAfter.getTime()) / 2) return current;
    const certificate = issue({
      commonName: LOCAL_CA_NAMES.tsa[i],
      key: tsaKeys[i],
      issuer: intermediate,
      days: tsaDays,
      timeStamping: true,
      ocspUrl: options.ocspUrl,
      now: at,
    });
    record(certificate, 'intermediate');
    saveIndex();
    tsa[i] = holder(tsaKeys[i], certificate, current.file);
    writePrivate(current.file, tsa[i].pem);
    log(
      `Local CA: issued the certificate "${LOCAL_CA_NAMES.tsa[i]}" (half its predecessor's lifetime had passed).`,
    );
    return tsa[i];
  };

  const find = (issuer: CaName, serial: string) => {
    const wanted = normalSerial(serial);
    return index.find((e) => e.issuer === issuer && e.serial === wanted);
  };
  return {
    dir,
    root,
    intermediate,
    sealing,
    tsa,
    signerFile,
    lookup: find,
    revoke(serial, at) {
      const wanted = normalSerial(serial);
      const entries = index.filter((e) => e.serial === wanted);
      for (const entry of entries) entry.revokedAt ??= at.toISOString();
      if (entries.length > 0) saveIndex();
      return entries.length > 0;
    },
    entries: () => index,
    timestampHolder,
  };
}

/** SHA-1 or SHA-256 of a CA's name and key, as an OCSP CertID carries them (RFC 6960 4.1.1). */
export function certIdHashes(ca: Holder, algorithm: 'sha1' | 'sha256'): { name: Buffer; key: Buffer } {
  const subject = tbsFields(fromDer(ca.der))[4]!;
  // The key hash covers the subjectPublicKey BIT STRING's bits: for RSA, the PKCS#1 RSAPublicKey.
  const key = createPublicKey(ca.key).export({ type: 'pkcs1', format: 'der' });
  return {
    name: createHash(algorithm).update(der(subject)).digest(),
    key: createHash(algorithm).update(key).digest(),
  };
}
